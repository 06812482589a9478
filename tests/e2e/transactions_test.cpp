// SPDX-License-Identifier: GPL-2.0-or-later
// Transactions in both scopes: CRUD, void, filters, pagination, money.

#include <boost/test/unit_test.hpp>

#include <map>
#include <string>
#include <vector>

#include <unistd.h>

#include "support/e2e.hpp"

using namespace purse::test;

namespace {

/// A user with a personal account, and a team (owned by the user) with one.
struct scopes {
  user_with_key user = make_user("solo");
  std::string team = admin_field(
    {"team", "create", "--name", "Household", "--owner", user.id}, "id");
  std::string me_account = make_account(user.key, "/me");
  std::string team_account = make_account(user.key, "/teams/" + team);
};

std::string tx_body(const std::string& account, const std::string& amount,
                    const std::string& extra = "") {
  return R"({"account_id":")" + account + R"(","flow_type":"expense","amount":)"
         + amount
         + R"(,"currency_code":"USD","transaction_at":"2026-03-01T10:00:00Z")"
         + (extra.empty() ? "" : "," + extra) + "}";
}

} // namespace

BOOST_AUTO_TEST_SUITE(transactions)

BOOST_FIXTURE_TEST_CASE(create_read_update_replace_delete_in_both_scopes,
                        scopes) {
  for (auto [scope, account] : {std::pair{std::string{"/me"}, me_account},
                                std::pair{"/teams/" + team, team_account}}) {
    BOOST_TEST_CONTEXT("scope " << scope) {
      auto base = v1(scope + "/transactions");
      auto created = api().post(
        base, user.key, tx_body(account, "19.99", R"("description":"Lunch")"));
      BOOST_TEST(created.status == 201);
      BOOST_TEST(created.at("/meta/code") == "201");
      auto id = created.at("/data/id");
      BOOST_TEST(id.size() == 36u);
      BOOST_TEST(created.at("/data/amount") == "19.99");
      BOOST_TEST(created.at("/data/amount_minor") == "1999");
      BOOST_TEST(created.at("/data/flow_type") == "expense");
      BOOST_TEST(created.at("/data/transaction_at") == "2026-03-01T10:00:00Z");
      BOOST_TEST(created.at("/data/voided_at") == "null");
      BOOST_TEST(created.at("/data/category_id") == "null");
      BOOST_TEST(created.size_at("/data/tag_ids") == 0);
      BOOST_TEST(!created.at("/data/created_at").empty());

      auto read = api().get(base + "/" + id, user.key);
      BOOST_TEST(read.status == 200);
      BOOST_TEST(read.at("/data/description") == "Lunch");

      auto patched = api().patch(base + "/" + id, user.key,
                                 R"({"amount":5,"notes":"split"})");
      BOOST_TEST(patched.status == 200);
      BOOST_TEST(patched.at("/data/amount") == "5.00");
      BOOST_TEST(patched.at("/data/description") == "Lunch");
      BOOST_TEST(patched.at("/data/notes") == "split");

      auto replaced = api().put(base + "/" + id, user.key,
                                tx_body(account, "7.5"));
      BOOST_TEST(replaced.status == 200);
      BOOST_TEST(replaced.at("/data/amount") == "7.50");
      BOOST_TEST(replaced.at("/data/description") == "");
      BOOST_TEST(replaced.at("/data/notes") == "");

      auto listed = api().get(base, user.key);
      BOOST_TEST(listed.at("/data/pagination/total") == "1");
      BOOST_TEST(listed.at("/data/items/0/id") == id);

      auto deleted = api().del(base + "/" + id, user.key);
      BOOST_TEST(deleted.status == 200);
      BOOST_TEST(api().get(base + "/" + id, user.key).status == 404);
      BOOST_TEST(api().get(base, user.key).at("/data/pagination/total") == "0");
    }
  }
}

BOOST_FIXTURE_TEST_CASE(another_scopes_id_behaves_like_a_missing_one, scopes) {
  auto created = api().post(v1("/me/transactions"), user.key,
                            tx_body(me_account, "1"));
  auto id = created.at("/data/id");
  auto in_team = v1("/teams/" + team + "/transactions/" + id);
  BOOST_TEST(api().get(in_team, user.key).status == 404);
  BOOST_TEST(api().patch(in_team, user.key, R"({"amount":2})").status == 404);
  BOOST_TEST(api().del(in_team, user.key).status == 404);
  BOOST_TEST(api().post(in_team + "/void", user.key, "").status == 404);
  auto other = make_user("solo");
  BOOST_TEST(api().get(v1("/me/transactions/" + id), other.key).status == 404);
  // An account of the other scope cannot be used either.
  auto r = api().post(v1("/teams/" + team + "/transactions"), user.key,
                      tx_body(me_account, "1"));
  BOOST_TEST(r.status == 422);
  BOOST_TEST(!r.at("/data/account_id/0").empty());
}

BOOST_FIXTURE_TEST_CASE(void_keeps_the_record_and_freezes_it, scopes) {
  auto base = v1("/me/transactions");
  auto id
    = api().post(base, user.key, tx_body(me_account, "10")).at("/data/id");
  auto voided = api().post(base + "/" + id + "/void", user.key, "");
  BOOST_TEST(voided.status == 200);
  BOOST_TEST(voided.at("/data/voided_at") != "null");
  BOOST_TEST(api().get(base + "/" + id, user.key).at("/data/voided_at")
             != "null");
  BOOST_TEST(api().patch(base + "/" + id, user.key, R"({"amount":1})").status
             == 422);
  BOOST_TEST(api().post(base + "/" + id + "/void", user.key, "").status == 422);
  // Excluded from the default list and from the balance.
  BOOST_TEST(api().get(base, user.key).at("/data/pagination/total") == "0");
  BOOST_TEST(api()
               .get(base + "?include_voided=true", user.key)
               .at("/data/pagination/total")
             == "1");
  BOOST_TEST(api()
               .get(v1("/me/accounts/" + me_account), user.key)
               .at("/data/current_balance")
             == "0.00");
  BOOST_TEST(api().del(base + "/" + id, user.key).status == 200);
}

BOOST_FIXTURE_TEST_CASE(balances_follow_every_write, scopes) {
  auto savings = make_account(user.key, "/me", "USD", "Savings");
  auto base = v1("/me/transactions");
  api().post(base, user.key, tx_body(me_account, "100.10"));
  auto income = api().post(
    base, user.key,
    R"({"account_id":")" + me_account
      + R"(","flow_type":"income","amount":1000,"currency_code":"USD","transaction_at":"2026-03-02T00:00:00Z"})");
  BOOST_TEST(income.status == 201);
  auto transfer = api().post(
    base, user.key,
    R"({"account_id":")" + me_account + R"(","to_account_id":")" + savings
      + R"(","flow_type":"transfer","amount":250.5,"currency_code":"USD","transaction_at":"2026-03-03T00:00:00Z"})");
  BOOST_TEST(transfer.status == 201);
  auto balance = [&](const std::string& id) {
    return api()
      .get(v1("/me/accounts/" + id), user.key)
      .at("/data/current_balance");
  };
  BOOST_TEST(balance(me_account) == "649.40");
  BOOST_TEST(balance(savings) == "250.50");
  api().patch(base + "/" + transfer.at("/data/id"), user.key,
              R"({"amount":"x"})");
  api().patch(base + "/" + transfer.at("/data/id"), user.key,
              R"({"amount":50})");
  BOOST_TEST(balance(me_account) == "849.90");
  BOOST_TEST(balance(savings) == "50.00");
  api().del(base + "/" + transfer.at("/data/id"), user.key);
  BOOST_TEST(balance(savings) == "0.00");
}

BOOST_FIXTURE_TEST_CASE(transfers_need_a_second_account_of_the_scope, scopes) {
  auto base = v1("/me/transactions");
  auto r = api().post(
    base, user.key,
    R"({"account_id":")" + me_account
      + R"(","flow_type":"transfer","amount":1,"currency_code":"USD","transaction_at":"2026-03-03T00:00:00Z"})");
  BOOST_TEST(r.status == 422);
  BOOST_TEST(!r.at("/data/to_account_id/0").empty());
  auto to_self = api().post(
    base, user.key,
    R"({"account_id":")" + me_account + R"(","to_account_id":")" + me_account
      + R"(","flow_type":"transfer","amount":1,"currency_code":"USD","transaction_at":"2026-03-03T00:00:00Z"})");
  BOOST_TEST(to_self.status == 422);
  auto expense_with_target = api().post(
    base, user.key,
    tx_body(me_account, "1", R"("to_account_id":")" + team_account + "\""));
  BOOST_TEST(expense_with_target.status == 422);
}

BOOST_FIXTURE_TEST_CASE(an_archived_account_takes_no_new_transactions, scopes) {
  for (auto [scope, account] : {std::pair{std::string{"/me"}, me_account},
                                std::pair{"/teams/" + team, team_account}}) {
    BOOST_TEST_CONTEXT("scope " << scope) {
      auto base = v1(scope + "/transactions");
      auto old = make_account(user.key, scope, "USD", "Old card");
      auto kept = api().post(base, user.key, tx_body(old, "10"));
      BOOST_REQUIRE(kept.status == 201);
      auto kept_id = kept.at("/data/id");
      auto other_id
        = api().post(base, user.key, tx_body(account, "2")).at("/data/id");
      auto archive = [&](bool archived) {
        auto r = api().patch(v1(scope + "/accounts/" + old), user.key,
                             std::string{R"({"archived":)"}
                               + (archived ? "true" : "false") + "}");
        BOOST_REQUIRE(r.status == 200);
      };
      archive(true);

      auto refused = api().post(base, user.key, tx_body(old, "1"));
      BOOST_TEST(refused.status == 422);
      BOOST_TEST(refused.at("/data/account_id/0") == "the account is archived");
      auto transfer_in = api().post(
        base, user.key,
        R"({"account_id":")" + account + R"(","to_account_id":")" + old
          + R"(","flow_type":"transfer","amount":1,"currency_code":"USD","transaction_at":"2026-03-03T00:00:00Z"})");
      BOOST_TEST(transfer_in.status == 422);
      BOOST_TEST(transfer_in.at("/data/to_account_id/0")
                 == "the account is archived");
      // Nor can one be moved onto it, by PATCH or PUT.
      auto moved = api().patch(base + "/" + other_id, user.key,
                               R"({"account_id":")" + old + "\"}");
      BOOST_TEST(moved.status == 422);
      BOOST_TEST(moved.at("/data/account_id/0") == "the account is archived");
      auto replaced = api().put(base + "/" + other_id, user.key,
                                tx_body(old, "2"));
      BOOST_TEST(replaced.status == 422);
      BOOST_TEST(replaced.at("/data/account_id/0")
                 == "the account is archived");
      BOOST_TEST(
        api().get(base + "/" + other_id, user.key).at("/data/account_id")
        == account);

      // Its own transactions stay editable.
      auto edited = api().patch(base + "/" + kept_id, user.key,
                                R"({"amount":12,"description":"Refund"})");
      BOOST_TEST(edited.status == 200);
      BOOST_TEST(edited.at("/data/amount") == "12.00");
      auto rewritten = api().put(base + "/" + kept_id, user.key,
                                 tx_body(old, "13"));
      BOOST_TEST(rewritten.status == 200);
      BOOST_TEST(rewritten.at("/data/account_id") == old);

      // Unarchived, it takes them again.
      archive(false);
      BOOST_TEST(api().post(base, user.key, tx_body(old, "1")).status == 201);
      BOOST_TEST(api()
                   .patch(base + "/" + other_id, user.key,
                          R"({"account_id":")" + old + "\"}")
                   .status
                 == 200);
    }
  }
}

BOOST_AUTO_TEST_CASE(date_only_filters_are_days_of_the_profile_zone) {
  // Instants around local midnights, per zone; each list answers the set of
  // those it finds.
  struct moment {
    const char* name;
    const char* at;
  };
  int users = 0;
  auto check = [&users](const std::string& zone, const std::vector<moment>& at,
                        const std::vector<std::pair<std::string, std::string>>&
                          expected) {
    BOOST_TEST_CONTEXT("zone " << zone) {
      auto id = admin_field({"user", "create", "--email",
                             "tz-" + std::to_string(getpid()) + "-"
                               + std::to_string(users++) + "@example.com",
                             "--plan", "solo", "--timezone", zone},
                            "id");
      auto key = make_key(id);
      auto account = make_account(key, "/me");
      auto base = v1("/me/transactions");
      std::map<std::string, std::string> names;
      for (auto& m : at) {
        auto r = api().post(
          base, key,
          R"({"account_id":")" + account
            + R"(","flow_type":"expense","amount":1,"currency_code":"USD","transaction_at":")"
            + m.at + "\"}");
        BOOST_REQUIRE_MESSAGE(r.status == 201, r.body);
        names[r.at("/data/id")] = m.name;
      }
      for (auto& [query, want] : expected) {
        auto r = api().get(base + query + "&sort=transaction_at", key);
        BOOST_REQUIRE_MESSAGE(r.status == 200, r.body);
        std::string got;
        for (long i = 0; i < r.size_at("/data/items"); ++i)
          got += names[r.at(
            ("/data/items/" + std::to_string(i) + "/id").c_str())];
        BOOST_TEST_CONTEXT("query " << query) {
          BOOST_TEST(got == want);
        }
      }
    }
  };
  // Auckland in March 2026 is UTC+13: its 1 March runs from
  // 2026-02-28T11:00:00Z to 2026-03-01T10:59:59Z.
  check("Pacific/Auckland",
        {{"a", "2026-02-28T10:59:59Z"},  // 28 Feb, 23:59:59 local
         {"b", "2026-02-28T11:00:00Z"},  // 1 Mar, 00:00:00 local
         {"c", "2026-03-01T10:59:59Z"},  // 1 Mar, 23:59:59 local
         {"d", "2026-03-01T11:00:00Z"}}, // 2 Mar, 00:00:00 local
        {{"?from=2026-03-01&to=2026-03-01", "bc"},
         {"?to=2026-02-28", "a"},
         {"?from=2026-03-02", "d"},
         {"?from=2026-02-28&to=2026-03-02", "abcd"},
         // Full timestamps are the instants they name.
         {"?from=2026-03-01T00:00:00Z&to=2026-03-01T10:59:59Z", "c"},
         {"?from=2026-03-01T00:00:00%2B13:00", "bcd"},
         {"?to=2026-02-28T23:59:59Z", "ab"}});
  // Los Angeles: 8 March 2026 has 23 hours (daylight time from 2:00).
  check("America/Los_Angeles",
        {{"a", "2026-03-08T07:59:59Z"},  // 7 Mar, 23:59:59 PST
         {"b", "2026-03-08T08:00:00Z"},  // 8 Mar, 00:00:00 PST
         {"c", "2026-03-09T06:59:59Z"},  // 8 Mar, 23:59:59 PDT
         {"d", "2026-03-09T07:00:00Z"}}, // 9 Mar, 00:00:00 PDT
        {{"?from=2026-03-08&to=2026-03-08", "bc"},
         {"?to=2026-03-07", "a"},
         {"?from=2026-03-09", "d"},
         {"?from=2026-03-08T00:00:00Z&to=2026-03-08T23:59:59Z", "ab"}});
}

BOOST_FIXTURE_TEST_CASE(money_is_exact_and_validated, scopes) {
  auto base = v1("/me/transactions");
  auto amount_of = [&](const std::string& amount) {
    return api().post(base, user.key, tx_body(me_account, amount));
  };
  BOOST_TEST(amount_of("0.1").at("/data/amount") == "0.10");
  BOOST_TEST(amount_of("0.30").at("/data/amount_minor") == "30");
  BOOST_TEST(amount_of("1e3").at("/data/amount") == "1000.00");
  BOOST_TEST(amount_of("1.5E+1").at("/data/amount") == "15.00");
  BOOST_TEST(amount_of("12345678901.23").at("/data/amount")
             == "12345678901.23");
  for (auto bad : {"1.005", "-5", "0", "0.00", "1e30", "\"12.00\"", "true",
                   "99999999999999999999"}) {
    auto r = amount_of(bad);
    BOOST_TEST_CONTEXT("amount " << bad) {
      BOOST_TEST(r.status == 422);
      BOOST_TEST(!r.at("/data/amount/0").empty());
    }
  }
  auto jpy = make_account(user.key, "/me", "JPY", "Yen");
  auto yen = api().post(
    base, user.key,
    R"({"account_id":")" + jpy
      + R"(","flow_type":"expense","amount":1200,"currency_code":"JPY","transaction_at":"2026-03-03T00:00:00Z"})");
  BOOST_TEST(yen.at("/data/amount") == "1200");
  auto yen_decimals = api().post(
    base, user.key,
    R"({"account_id":")" + jpy
      + R"(","flow_type":"expense","amount":12.5,"currency_code":"JPY","transaction_at":"2026-03-03T00:00:00Z"})");
  BOOST_TEST(yen_decimals.status == 422);
  auto wrong_currency = api().post(
    base, user.key,
    R"({"account_id":")" + jpy
      + R"(","flow_type":"expense","amount":12,"currency_code":"USD","transaction_at":"2026-03-03T00:00:00Z"})");
  BOOST_TEST(wrong_currency.status == 422);
  BOOST_TEST(!wrong_currency.at("/data/currency_code/0").empty());
}

BOOST_FIXTURE_TEST_CASE(validation_names_every_bad_field, scopes) {
  auto base = v1("/me/transactions");
  auto empty = api().post(base, user.key, "{}");
  BOOST_TEST(empty.status == 422);
  for (auto field :
       {"/data/account_id/0", "/data/flow_type/0", "/data/amount/0",
        "/data/currency_code/0", "/data/transaction_at/0"})
    BOOST_TEST(!empty.at(field).empty(), field);
  auto bad = api().post(
    base, user.key,
    R"({"account_id":"nope","flow_type":"gift","amount":1,"currency_code":"usd","transaction_at":"2026-02-30T00:00:00Z","colour":"red"})");
  BOOST_TEST(bad.status == 422);
  for (auto field :
       {"/data/account_id/0", "/data/flow_type/0", "/data/currency_code/0",
        "/data/transaction_at/0", "/data/colour/0"})
    BOOST_TEST(!bad.at(field).empty(), field);
  BOOST_TEST(api().get(base, user.key).at("/data/pagination/total") == "0");
}

BOOST_FIXTURE_TEST_CASE(tags_and_categories_attach_and_show, scopes) {
  auto tag1 = make_tag(user.key, "/me", "work");
  auto tag2 = make_tag(user.key, "/me", "travel");
  auto cat = make_category(user.key, "/me");
  auto base = v1("/me/transactions");
  auto r
    = api().post(base, user.key,
                 tx_body(me_account, "3",
                         R"("category_id":")" + cat + R"(","tag_ids":[")" + tag1
                           + R"(",")" + tag2 + R"(",")" + tag1 + R"("])"));
  BOOST_TEST(r.status == 201);
  BOOST_TEST(r.size_at("/data/tag_ids") == 2);
  BOOST_TEST(r.at("/data/category_id") == cat);
  auto id = r.at("/data/id");
  auto by_tag = api().get(base + "?tag_id=" + tag2, user.key);
  BOOST_TEST(by_tag.at("/data/pagination/total") == "1");
  BOOST_TEST(by_tag.size_at("/data/items/0/tag_ids") == 2);
  api().del(v1("/me/tags/" + tag2), user.key);
  BOOST_TEST(api().get(base + "/" + id, user.key).size_at("/data/tag_ids")
             == 1);
  auto cleared = api().patch(base + "/" + id, user.key,
                             R"({"category_id":null,"tag_ids":[]})");
  BOOST_TEST(cleared.at("/data/category_id") == "null");
  BOOST_TEST(cleared.size_at("/data/tag_ids") == 0);
}

BOOST_FIXTURE_TEST_CASE(list_filters_and_sorting, scopes) {
  auto base = v1("/me/transactions");
  auto cat = make_category(user.key, "/me", "Food");
  api().post(
    base, user.key,
    R"({"account_id":")" + me_account
      + R"(","flow_type":"expense","amount":5,"currency_code":"USD","transaction_at":"2026-01-10T08:00:00Z","description":"Coffee beans"})");
  api().post(
    base, user.key,
    R"({"account_id":")" + me_account
      + R"(","flow_type":"expense","amount":50,"currency_code":"USD","transaction_at":"2026-02-10T08:00:00Z","category_id":")"
      + cat + R"("})");
  api().post(
    base, user.key,
    R"({"account_id":")" + me_account
      + R"(","flow_type":"income","amount":500,"currency_code":"USD","transaction_at":"2026-03-10T08:00:00Z"})");
  auto total = [&](const std::string& query) {
    return api().get(base + query, user.key).at("/data/pagination/total");
  };
  BOOST_TEST(total("") == "3");
  BOOST_TEST(total("?from=2026-02-01") == "2");
  BOOST_TEST(total("?to=2026-02-10") == "2");
  BOOST_TEST(total("?from=2026-02-01&to=2026-02-28") == "1");
  BOOST_TEST(total("?flow_type=income") == "1");
  BOOST_TEST(total("?category_id=" + cat) == "1");
  BOOST_TEST(total("?account_id=" + me_account) == "3");
  BOOST_TEST(total("?min_amount=50") == "2");
  BOOST_TEST(total("?max_amount=49.99") == "1");
  BOOST_TEST(total("?q=coffee") == "1");
  BOOST_TEST(total("?q=%25") == "0");
  BOOST_TEST(total("?currency_code=EUR") == "0");
  BOOST_TEST(total("?updated_since=2000-01-01T00:00:00Z") == "3");
  BOOST_TEST(total("?updated_since=2999-01-01T00:00:00Z") == "0");
  auto newest = api().get(base, user.key);
  BOOST_TEST(newest.at("/data/items/0/transaction_at")
             == "2026-03-10T08:00:00Z");
  auto oldest = api().get(base + "?sort=transaction_at", user.key);
  BOOST_TEST(oldest.at("/data/items/0/transaction_at")
             == "2026-01-10T08:00:00Z");
  auto biggest = api().get(base + "?sort=-amount", user.key);
  BOOST_TEST(biggest.at("/data/items/0/amount") == "500.00");
  auto smallest = api().get(base + "?sort=amount", user.key);
  BOOST_TEST(smallest.at("/data/items/0/amount") == "5.00");
}

BOOST_FIXTURE_TEST_CASE(unknown_or_malformed_parameters_are_422, scopes) {
  auto base = v1("/me/transactions");
  auto r = api().get(base
                       + "?colour=red&from=yesterday&sort=name&min_amount=-1"
                         "&include_voided=maybe&account_id=x",
                     user.key);
  BOOST_TEST(r.status == 422);
  for (auto field :
       {"/data/colour/0", "/data/from/0", "/data/sort/0", "/data/min_amount/0",
        "/data/include_voided/0", "/data/account_id/0"})
    BOOST_TEST(!r.at(field).empty(), field);
  BOOST_TEST(api().get(base + "?from=2026-03-01&to=2026-02-01", user.key).status
             == 422);
}

BOOST_FIXTURE_TEST_CASE(pagination_edges, scopes) {
  auto base = v1("/me/transactions");
  for (int i = 0; i < 5; ++i)
    api().post(base, user.key, tx_body(me_account, std::to_string(i + 1)));
  auto page = api().get(base + "?per_page=2&page=2", user.key);
  BOOST_TEST(page.status == 200);
  BOOST_TEST(page.size_at("/data/items") == 2);
  BOOST_TEST(page.at("/data/pagination/page") == "2");
  BOOST_TEST(page.at("/data/pagination/per_page") == "2");
  BOOST_TEST(page.at("/data/pagination/total") == "5");
  BOOST_TEST(page.at("/data/pagination/has_more") == "true");
  auto last = api().get(base + "?per_page=2&page=3", user.key);
  BOOST_TEST(last.size_at("/data/items") == 1);
  BOOST_TEST(last.at("/data/pagination/has_more") == "false");
  auto past = api().get(base + "?per_page=2&page=9", user.key);
  BOOST_TEST(past.status == 200);
  BOOST_TEST(past.size_at("/data/items") == 0);
  BOOST_TEST(past.at("/data/pagination/has_more") == "false");
  BOOST_TEST(api().get(base, user.key).at("/data/pagination/per_page") == "25");
  BOOST_TEST(api().get(base + "?per_page=100", user.key).status == 200);
  for (auto bad : {"?per_page=0", "?per_page=101", "?page=0", "?page=-1",
                   "?page=abc", "?page=1&page=2"}) {
    auto r = api().get(base + bad, user.key);
    BOOST_TEST(r.status == 422, bad);
  }
}

namespace {

/// The ids of a list answer's items, in order.
std::vector<std::string> ids_of(const response& r) {
  std::vector<std::string> out;
  for (long i = 0; i < r.size_at("/data/items"); ++i)
    out.push_back(r.at(("/data/items/" + std::to_string(i) + "/id").c_str()));
  return out;
}

} // namespace

BOOST_AUTO_TEST_CASE(cursors_neither_repeat_nor_skip_rows_when_rows_change) {
  auto u = make_user("solo");
  auto account = make_account(u.key, "/me");
  std::vector<std::string> made; // oldest first
  for (int day = 1; day <= 7; ++day)
    made.push_back(
      make_expense(u.key, "/me", account, std::to_string(day),
                   "2026-03-0" + std::to_string(day) + "T10:00:00Z")
        .at("/data/id"));
  // Newest first, three a page.
  auto first = api().get(v1("/me/transactions?per_page=3"), u.key);
  BOOST_REQUIRE(first.status == 200);
  BOOST_TEST(first.at("/data/pagination/page") == "1");
  BOOST_TEST(first.at("/data/pagination/has_more") == "true");
  auto cursor = first.at("/data/pagination/next_cursor");
  BOOST_REQUIRE(!cursor.empty() && cursor != "null");
  BOOST_TEST(
    (ids_of(first) == std::vector<std::string>{made[6], made[5], made[4]}));
  // A new newest row arrives between pages: page 2 by number would show
  // made[4] again; the cursor goes on after it.
  make_expense(u.key, "/me", account, "8", "2026-03-08T10:00:00Z");
  auto second = api().get(v1("/me/transactions?cursor=" + cursor), u.key);
  BOOST_REQUIRE(second.status == 200);
  BOOST_TEST(second.at("/data/pagination/page") == "null");
  BOOST_TEST(second.at("/data/pagination/per_page") == "3"); // kept
  BOOST_TEST(
    (ids_of(second) == std::vector<std::string>{made[3], made[2], made[1]}));
  // The next row is deleted before the last page: nothing is skipped.
  BOOST_REQUIRE(api().del(v1("/me/transactions/" + made[1]), u.key).status
                == 200);
  auto last = api().get(
    v1("/me/transactions?cursor=" + second.at("/data/pagination/next_cursor")),
    u.key);
  BOOST_TEST((ids_of(last) == std::vector<std::string>{made[0]}));
  BOOST_TEST(last.at("/data/pagination/has_more") == "false");
  BOOST_TEST(last.at("/data/pagination/next_cursor") == "null");
  BOOST_TEST(last.at("/data/pagination/total") == "7");

  // By amount, with a per_page of its own.
  auto by_amount = api().get(v1("/me/transactions?sort=amount&per_page=2"),
                             u.key);
  BOOST_REQUIRE(by_amount.status == 200);
  auto next = api().get(v1("/me/transactions?sort=amount&per_page=4&cursor="
                           + by_amount.at("/data/pagination/next_cursor")),
                        u.key);
  BOOST_REQUIRE(next.status == 200);
  BOOST_TEST((ids_of(by_amount) == std::vector<std::string>{made[0], made[2]}));
  BOOST_TEST((ids_of(next)
              == std::vector<std::string>{made[3], made[4], made[5], made[6]}));

  // Cursors that cannot be followed.
  auto bad = [&](const std::string& query, const char* field) {
    auto r = api().get(v1("/me/transactions?" + query), u.key);
    BOOST_TEST(r.status == 422, query);
    BOOST_TEST(!r.at((std::string{"/data/"} + field + "/0").c_str()).empty(),
               query);
  };
  bad("cursor=garbage", "cursor");
  bad("cursor=" + cursor + "&page=2", "page");
  bad("cursor=" + cursor + "&sort=amount", "cursor");
  bad("cursor=v1~-transaction_at~x~" + made[0] + "~3", "cursor");
}

BOOST_AUTO_TEST_SUITE_END()
