// SPDX-License-Identifier: GPL-2.0-or-later
// Accounts, categories and tags in both scopes, and what deleting them does
// to the transactions that use them.

#include <boost/test/unit_test.hpp>

#include "support/e2e.hpp"

using namespace purse::test;

namespace {

struct scopes {
  user_with_key user = make_user("family");
  std::string team = admin_field(
    {"team", "create", "--name", "Family", "--owner", user.id}, "id");
};

} // namespace

BOOST_AUTO_TEST_SUITE(resources)

BOOST_FIXTURE_TEST_CASE(accounts_crud_in_both_scopes, scopes) {
  for (auto scope : {std::string{"/me"}, "/teams/" + team}) {
    BOOST_TEST_CONTEXT(scope) {
      auto base = v1(scope + "/accounts");
      auto r = api().post(
        base, user.key,
        R"({"name":"Wallet","type":"cash","currency_code":"EUR","opening_balance":12.5})");
      BOOST_TEST(r.status == 201);
      auto id = r.at("/data/id");
      BOOST_TEST(r.at("/data/opening_balance") == "12.50");
      BOOST_TEST(r.at("/data/current_balance") == "12.50");
      BOOST_TEST(r.at("/data/archived") == "false");
      auto patched = api().patch(base + "/" + id, user.key,
                                 R"({"archived":true,"name":"Old wallet"})");
      BOOST_TEST(patched.at("/data/archived") == "true");
      BOOST_TEST(patched.at("/data/type") == "cash");
      auto put = api().put(base + "/" + id, user.key,
                           R"({"name":"Wallet","currency_code":"EUR"})");
      BOOST_TEST(put.at("/data/type") == "checking");
      BOOST_TEST(put.at("/data/opening_balance") == "0.00");
      BOOST_TEST(api().get(base, user.key).at("/data/pagination/total") == "1");
      BOOST_TEST(api().del(base + "/" + id, user.key).status == 200);
      BOOST_TEST(api().get(base + "/" + id, user.key).status == 404);
      BOOST_TEST(api().get(base, user.key).at("/data/pagination/total") == "0");
    }
  }
}

BOOST_FIXTURE_TEST_CASE(account_validation, scopes) {
  auto base = v1("/me/accounts");
  auto r = api().post(
    base, user.key,
    R"({"name":"","type":"jar","currency_code":"XYZ","opening_balance":"1"})");
  BOOST_TEST(r.status == 422);
  for (auto f : {"/data/name/0", "/data/type/0", "/data/currency_code/0",
                 "/data/opening_balance/0"})
    BOOST_TEST(!r.at(f).empty(), f);
  auto decimals
    = api().post(base, user.key,
                 R"({"name":"A","currency_code":"JPY","opening_balance":1.5})");
  BOOST_TEST(decimals.status == 422);
  auto negative = api().post(
    base, user.key,
    R"({"name":"Card","type":"credit_card","currency_code":"USD","opening_balance":-250.75})");
  BOOST_TEST(negative.at("/data/current_balance") == "-250.75");
}

BOOST_FIXTURE_TEST_CASE(a_currency_change_converts_nothing_silently, scopes) {
  auto base = v1("/me/accounts");
  auto id
    = api()
        .post(base, user.key,
              R"({"name":"Wallet","currency_code":"USD","opening_balance":10})")
        .at("/data/id");
  // 10.00 USD must not become 1000 JPY.
  auto refused = api().patch(base + "/" + id, user.key,
                             R"({"currency_code":"JPY"})");
  BOOST_TEST(refused.status == 422);
  BOOST_TEST(refused.at("/data/currency_code/0").find("opening_balance")
             != std::string::npos);
  auto kept = api().get(base + "/" + id, user.key);
  BOOST_TEST(kept.at("/data/currency_code") == "USD");
  BOOST_TEST(kept.at("/data/opening_balance") == "10.00");
  // Restated with the change: done.
  auto changed
    = api().patch(base + "/" + id, user.key,
                  R"({"currency_code":"JPY","opening_balance":1500})");
  BOOST_TEST(changed.status == 200, changed.body);
  BOOST_TEST(changed.at("/data/currency_code") == "JPY");
  BOOST_TEST(changed.at("/data/opening_balance") == "1500");
  BOOST_TEST(changed.at("/data/current_balance") == "1500");
}

BOOST_FIXTURE_TEST_CASE(a_balance_never_leaves_the_range, scopes) {
  // An account whose balance is near the lowest amount Purse keeps (set
  // directly: reaching it through the API takes 93 maximal expenses).
  auto base = v1("/me/accounts");
  auto id = make_account(user.key, "/me", "USD", "Deep");
  sql("UPDATE accounts SET balance_minor = -9200000000000000000 WHERE id = '"
      + id + "'");
  // A large expense (5e14 dollars, a valid amount) would pass it: 422 on
  // the amount, and nothing is stored, the balance unchanged.
  auto r = make_expense(user.key, "/me", id, "500000000000000");
  BOOST_TEST(r.status == 422, r.body);
  BOOST_TEST(r.at("/data/amount/0").find("largest amount")
             != std::string::npos);
  BOOST_TEST(
    sql_value("SELECT balance_minor FROM accounts WHERE id = '" + id + "'")
    == "-9200000000000000000");
  BOOST_TEST(sql_value("SELECT count(*) FROM transactions WHERE account_id = '"
                       + id + "'")
             == "0");
  // One that fits is stored.
  BOOST_TEST(make_expense(user.key, "/me", id, "1000").status == 201);
  // An opening balance that would carry the shown balance past it: 422.
  auto opening = api().patch(base + "/" + id, user.key,
                             R"({"opening_balance":-1000000000000000})");
  BOOST_TEST(opening.status == 422, opening.body);
  BOOST_TEST(!opening.at("/data/opening_balance/0").empty());
  BOOST_TEST(api().get(base + "/" + id, user.key).at("/data/current_balance")
             == "-92000000000001000.00");
}

BOOST_FIXTURE_TEST_CASE(deleting_a_used_account_needs_a_decision, scopes) {
  auto a = make_account(user.key, "/me", "USD", "A");
  auto b = make_account(user.key, "/me", "USD", "B");
  auto eur = make_account(user.key, "/me", "EUR", "E");
  make_expense(user.key, "/me", a, "10");
  make_expense(user.key, "/me", a, "5");
  auto refused = api().del(v1("/me/accounts/" + a), user.key);
  BOOST_TEST(refused.status == 422);
  BOOST_TEST(!refused.at("/data/reassign_to/0").empty());
  BOOST_TEST(
    api().del(v1("/me/accounts/" + a + "?reassign_to=" + eur), user.key).status
    == 422);
  auto moved = api().del(v1("/me/accounts/" + a + "?reassign_to=" + b),
                         user.key);
  BOOST_TEST(moved.status == 200);
  BOOST_TEST(
    api().get(v1("/me/accounts/" + b), user.key).at("/data/current_balance")
    == "-15.00");
  BOOST_TEST(api()
               .get(v1("/me/transactions?account_id=" + b), user.key)
               .at("/data/pagination/total")
             == "2");
  auto cascaded = api().del(v1("/me/accounts/" + b + "?cascade=true"),
                            user.key);
  BOOST_TEST(cascaded.status == 200);
  BOOST_TEST(
    api().get(v1("/me/transactions"), user.key).at("/data/pagination/total")
    == "0");
}

BOOST_FIXTURE_TEST_CASE(categories_nest_without_cycles, scopes) {
  auto base = v1("/me/categories");
  auto parent = make_category(user.key, "/me", "Home");
  auto child = api().post(base, user.key,
                          R"({"name":"Rent","parent_id":")" + parent
                            + R"(","color":"#aa00ff","kind":"expense"})");
  BOOST_TEST(child.status == 201);
  BOOST_TEST(child.at("/data/parent_id") == parent);
  BOOST_TEST(child.at("/data/color") == "#aa00ff");
  auto cycle = api().patch(base + "/" + parent, user.key,
                           R"({"parent_id":")" + child.at("/data/id") + "\"}");
  BOOST_TEST(cycle.status == 422);
  auto self = api().patch(base + "/" + parent, user.key,
                          R"({"parent_id":")" + parent + "\"}");
  BOOST_TEST(self.status == 422);
  auto bad = api().post(base, user.key,
                        R"({"name":"X","kind":"gift","color":"red"})");
  BOOST_TEST(bad.status == 422);
  BOOST_TEST(!bad.at("/data/kind/0").empty());
  BOOST_TEST(!bad.at("/data/color/0").empty());
}

BOOST_FIXTURE_TEST_CASE(deleting_a_used_category_reassigns_first, scopes) {
  auto account = make_account(user.key, "/me");
  auto food = make_category(user.key, "/me", "Food");
  auto misc = make_category(user.key, "/me", "Misc");
  auto tx = make_expense(user.key, "/me", account, "4", "2026-03-01T10:00:00Z",
                         R"("category_id":")" + food + "\"");
  BOOST_TEST(api().del(v1("/me/categories/" + food), user.key).status == 422);
  BOOST_TEST(
    api()
      .del(v1("/me/categories/" + food + "?reassign_to=" + food), user.key)
      .status
    == 422);
  BOOST_TEST(
    api()
      .del(v1("/me/categories/" + food + "?reassign_to=" + misc), user.key)
      .status
    == 200);
  BOOST_TEST(api()
               .get(v1("/me/transactions/" + tx.at("/data/id")), user.key)
               .at("/data/category_id")
             == misc);
  BOOST_TEST(
    api().del(v1("/me/categories/" + misc + "?reassign_to=x"), user.key).status
    == 422);
}

BOOST_FIXTURE_TEST_CASE(tag_names_are_unique_per_scope_ignoring_case, scopes) {
  auto base = v1("/me/tags");
  BOOST_TEST(api().post(base, user.key, R"({"name":"Holiday"})").status == 201);
  auto dup = api().post(base, user.key, R"({"name":"holiday"})");
  BOOST_TEST(dup.status == 422);
  BOOST_TEST(!dup.at("/data/name/0").empty());
  // The same name in another scope is fine.
  BOOST_TEST(
    api()
      .post(v1("/teams/" + team + "/tags"), user.key, R"({"name":"HOLIDAY"})")
      .status
    == 201);
  auto other = make_tag(user.key, "/me", "Work");
  auto rename = api().patch(base + "/" + other, user.key,
                            R"({"name":"HOLIDAY"})");
  BOOST_TEST(rename.status == 422);
  BOOST_TEST(api().get(base, user.key).at("/data/pagination/total") == "2");
  BOOST_TEST(
    api().get(base + "?per_page=1&page=2", user.key).at("/data/items/0/name")
    == "Work");
}

BOOST_FIXTURE_TEST_CASE(query_parameters_only_where_an_operation_reads_them,
                        scopes) {
  auto tag = make_tag(user.key, "/me", "Receipts");
  auto account = make_account(user.key, "/me");
  auto tx = make_expense(user.key, "/me", account, "5").at("/data/id");
  struct probe {
    std::string method, path, body;
  };
  std::vector<probe> probes{
    {"GET", "/me/tags/" + tag + "?foo=1", ""},
    {"PATCH", "/me/tags/" + tag + "?foo=1", R"({"name":"X"})"},
    {"PUT", "/me/tags/" + tag + "?foo=1", R"({"name":"Y"})"},
    {"POST", "/me/tags?foo=1", R"({"name":"Z"})"},
    {"GET", "/me/transactions/" + tx + "?foo=1", ""},
    {"POST", "/me/transactions/" + tx + "/void?foo=1", ""},
    {"GET", "/me/accounts/" + account + "?foo=1", ""},
  };
  for (auto& p : probes) {
    BOOST_TEST_CONTEXT(p.method << " " << p.path) {
      auto r = api().request(p.method, v1(p.path), user.key, p.body);
      BOOST_TEST(r.status == 422);
      BOOST_TEST(r.at("/data/foo/0") == "is not a known query parameter");
    }
  }
  // Nothing happened: the tag kept its name, the expense is not voided.
  BOOST_TEST(api().get(v1("/me/tags/" + tag), user.key).at("/data/name")
             == "Receipts");
  auto voided = api().post(v1("/me/transactions/" + tx + "/void"), user.key,
                           "");
  BOOST_TEST(voided.status == 200);
  auto again = api().post(v1("/me/transactions/" + tx + "/void"), user.key, "");
  BOOST_TEST(again.status == 422);
  BOOST_TEST(!again.at("/data/voided_at/0").empty());
  auto edit = api().patch(v1("/me/transactions/" + tx), user.key,
                          R"({"description":"x"})");
  BOOST_TEST(edit.status == 422);
  BOOST_TEST(!edit.at("/data/voided_at/0").empty());
}

BOOST_FIXTURE_TEST_CASE(text_the_database_cannot_store_is_refused, scopes) {
  for (auto body : {std::string{R"({"name":"a\u0000b"})"},
                    std::string{R"({"name":"\udc00x"})"}}) {
    BOOST_TEST_CONTEXT(body) {
      auto r = api().post(v1("/me/tags"), user.key, body);
      BOOST_TEST(r.status == 422);
      BOOST_TEST(!r.at("/data/name/0").empty());
    }
  }
  auto q = api().get(v1("/me/transactions?q=%00"), user.key);
  BOOST_TEST(q.status == 422);
  BOOST_TEST(!q.at("/data/q/0").empty());
  // And the server is fine afterwards.
  BOOST_TEST(api().get(v1("/me/transactions?q=week"), user.key).status == 200);
}

BOOST_AUTO_TEST_SUITE_END()
