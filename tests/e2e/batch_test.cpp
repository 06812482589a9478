// SPDX-License-Identifier: GPL-2.0-or-later
// Bulk writes with external ids (issue 28, part 3): POST …/transactions/batch
// stores the valid bodies and reports the invalid ones by index (or stores
// none when atomic), a transaction's external_id names it once per account
// (a second create answers with the first, also under concurrent batches),
// the list filters by it, and a batch is one write of the key's bucket.

#include <boost/test/unit_test.hpp>

#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include "support/e2e.hpp"

using namespace purse::test;

namespace {

/// An expense body of `amount` USD; `extra` are more members.
std::string expense(const std::string& account, const std::string& amount,
                    const std::string& extra = "") {
  return R"({"account_id":")" + account + R"(","flow_type":"expense","amount":)"
         + amount
         + R"(,"currency_code":"USD","transaction_at":"2026-03-01T10:00:00Z")"
         + (extra.empty() ? "" : "," + extra) + "}";
}

/// The member `"external_id": id`.
std::string ext(const std::string& id) {
  return R"("external_id":")" + id + "\"";
}

/// A batch body of the given transaction bodies.
std::string batch_body(const std::vector<std::string>& bodies,
                       const std::string& extra = "") {
  std::string out = R"({"transactions":[)";
  for (std::size_t i = 0; i < bodies.size(); ++i)
    out += (i == 0 ? "" : ",") + bodies[i];
  return out + "]" + extra + "}";
}

std::string balance_of(const std::string& key, const std::string& scope,
                       const std::string& account) {
  auto r = api().get(v1(scope + "/accounts/" + account), key);
  BOOST_REQUIRE_EQUAL(r.status, 200);
  return r.at("/data/current_balance");
}

long listed(const std::string& key, const std::string& scope,
            const std::string& query) {
  auto r = api().get(v1(scope + "/transactions?" + query), key);
  BOOST_REQUIRE_MESSAGE(r.status == 200, r.body);
  return std::stol(r.at("/data/pagination/total"));
}

/// One user with an account in USD.
struct solo_user {
  user_with_key user = make_user("solo");
  std::string account = make_account(user.key, "/me");
};

int next_team_user = 0;

} // namespace

BOOST_AUTO_TEST_SUITE(batch)

BOOST_FIXTURE_TEST_CASE(valid_bodies_are_stored_and_invalid_ones_reported,
                        solo_user) {
  auto r = api().post(
    v1("/me/transactions/batch"), user.key,
    batch_body({expense(account, "10.00", ext("bank-1")),
                expense(account, "1.234"), expense(account, "2.50"),
                R"({"flow_type":"expense"})",
                expense("00000000-0000-0000-0000-000000000000", "1.00")}));
  BOOST_REQUIRE_MESSAGE(r.status == 200, r.body);
  BOOST_TEST(r.size_at("/data/items") == 5);
  BOOST_TEST(r.at("/data/items/0/index") == "0");
  BOOST_TEST(r.at("/data/items/0/status") == "201");
  BOOST_TEST(r.at("/data/items/0/data/external_id") == "bank-1");
  BOOST_TEST(r.at("/data/items/0/data/amount") == "10.00");
  BOOST_TEST(r.at("/data/items/1/status") == "422");
  BOOST_TEST(!r.at("/data/items/1/errors/amount/0").empty());
  BOOST_TEST(r.at("/data/items/1/data").empty());
  BOOST_TEST(r.at("/data/items/2/status") == "201");
  BOOST_TEST(r.at("/data/items/2/data/external_id") == "null");
  BOOST_TEST(r.at("/data/items/3/status") == "422");
  BOOST_TEST(!r.at("/data/items/3/errors/account_id/0").empty());
  BOOST_TEST(!r.at("/data/items/3/errors/amount/0").empty());
  // Refused by the database (no such account), not by the body's form.
  BOOST_TEST(r.at("/data/items/4/index") == "4");
  BOOST_TEST(r.at("/data/items/4/status") == "422");
  BOOST_TEST(!r.at("/data/items/4/errors/account_id/0").empty());
  for (const char* item : {"/data/items/0/data/id", "/data/items/2/data/id"}) {
    auto id = r.at(item);
    auto read = api().get(v1("/me/transactions/" + id), user.key);
    BOOST_TEST(read.status == 200);
  }
  BOOST_TEST(listed(user.key, "/me", "") == 2);
  BOOST_TEST(balance_of(user.key, "/me", account) == "-12.50");
}

BOOST_FIXTURE_TEST_CASE(an_atomic_batch_with_an_invalid_body_stores_nothing,
                        solo_user) {
  // Invalid by its form: refused before the database, and only the
  // invalid bodies are listed.
  auto form = api().post(v1("/me/transactions/batch"), user.key,
                         batch_body({expense(account, "1.00"),
                                     R"({"flow_type":"expense"})",
                                     expense(account, "2.00")},
                                    R"(,"atomic":true)"));
  BOOST_REQUIRE_MESSAGE(form.status == 422, form.body);
  BOOST_TEST(form.size_at("/data/items") == 1);
  BOOST_TEST(form.at("/data/items/0/index") == "1");
  BOOST_TEST(!form.at("/data/items/0/errors/account_id/0").empty());
  // Invalid in the database (an amount that is not > 0).
  auto r = api().post(
    v1("/me/transactions/batch"), user.key,
    batch_body({expense(account, "1.00"), expense(account, "-1.00")},
               R"(,"atomic":true)"));
  BOOST_REQUIRE_MESSAGE(r.status == 422, r.body);
  BOOST_TEST(r.size_at("/data/items") == 1);
  BOOST_TEST(r.at("/data/items/0/index") == "1");
  BOOST_TEST(r.at("/data/items/0/status") == "422");
  BOOST_TEST(!r.at("/data/items/0/errors/amount/0").empty());
  // Invalid in the database (the category is not there): the bodies
  // before it were written, then rolled back.
  auto db = api().post(
    v1("/me/transactions/batch"), user.key,
    batch_body(
      {expense(account, "1.00", ext("a-1")),
       expense(account, "2.00",
               R"("category_id":"00000000-0000-0000-0000-000000000000")")},
      R"(,"atomic":true)"));
  BOOST_REQUIRE_MESSAGE(db.status == 422, db.body);
  BOOST_TEST(db.at("/data/items/0/index") == "1");
  BOOST_TEST(!db.at("/data/items/0/errors/category_id/0").empty());
  BOOST_TEST(listed(user.key, "/me", "include_voided=true") == 0);
  BOOST_TEST(balance_of(user.key, "/me", account) == "0.00");
  // All valid: all stored.
  auto ok = api().post(
    v1("/me/transactions/batch"), user.key,
    batch_body({expense(account, "1.00", ext("a-1")), expense(account, "2.00")},
               R"(,"atomic":true)"));
  BOOST_REQUIRE_MESSAGE(ok.status == 200, ok.body);
  BOOST_TEST(ok.at("/data/items/0/status") == "201");
  BOOST_TEST(ok.at("/data/items/1/status") == "201");
  BOOST_TEST(listed(user.key, "/me", "") == 2);
}

BOOST_FIXTURE_TEST_CASE(an_external_id_names_one_transaction_of_an_account,
                        solo_user) {
  auto first = make_expense(user.key, "/me", account, "5.00",
                            "2026-03-01T10:00:00Z", ext("bank-42"));
  BOOST_REQUIRE_MESSAGE(first.status == 201, first.body);
  BOOST_TEST(first.at("/data/external_id") == "bank-42");
  BOOST_TEST(first.at("/meta/deduplicated").empty());
  // The same external_id again, even with another amount: the first one.
  auto again = make_expense(user.key, "/me", account, "7.00",
                            "2026-03-02T10:00:00Z", ext("bank-42"));
  BOOST_REQUIRE_MESSAGE(again.status == 200, again.body);
  BOOST_TEST(again.at("/meta/deduplicated") == "true");
  BOOST_TEST(again.at("/data/id") == first.at("/data/id"));
  BOOST_TEST(again.at("/data/amount") == "5.00");
  BOOST_TEST(listed(user.key, "/me", "") == 1);
  BOOST_TEST(balance_of(user.key, "/me", account) == "-5.00");
  // In a batch: found (200), and twice in one batch created once.
  auto b = api().post(v1("/me/transactions/batch"), user.key,
                      batch_body({expense(account, "1.00", ext("bank-42")),
                                  expense(account, "2.00", ext("bank-43")),
                                  expense(account, "3.00", ext("bank-43"))}));
  BOOST_REQUIRE_MESSAGE(b.status == 200, b.body);
  BOOST_TEST(b.at("/data/items/0/status") == "200");
  BOOST_TEST(b.at("/data/items/0/data/id") == first.at("/data/id"));
  BOOST_TEST(b.at("/data/items/1/status") == "201");
  BOOST_TEST(b.at("/data/items/2/status") == "200");
  BOOST_TEST(b.at("/data/items/2/data/id") == b.at("/data/items/1/data/id"));
  BOOST_TEST(listed(user.key, "/me", "") == 2);
  BOOST_TEST(balance_of(user.key, "/me", account) == "-7.00");
  // Another account may use the same external_id.
  auto other = make_account(user.key, "/me", "USD", "Savings");
  auto elsewhere = make_expense(user.key, "/me", other, "1.00",
                                "2026-03-01T10:00:00Z", ext("bank-42"));
  BOOST_TEST(elsewhere.status == 201);
  // The filter.
  BOOST_TEST(listed(user.key, "/me", "external_id=bank-42") == 2);
  BOOST_TEST(listed(user.key, "/me", "external_id=bank-43") == 1);
  BOOST_TEST(listed(user.key, "/me", "external_id=none") == 0);
  auto f = api().get(v1("/me/transactions?external_id=bank-43"), user.key);
  BOOST_TEST(f.at("/data/items/0/external_id") == "bank-43");
  BOOST_TEST(api().get(v1("/me/transactions?external_id="), user.key).status
             == 422);
  BOOST_TEST(api()
               .get(v1("/me/transactions?external_id=" + std::string(129, 'x')),
                    user.key)
               .status
             == 422);
  // Records without one show null.
  auto plain = make_expense(user.key, "/me", account, "1.00");
  BOOST_TEST(plain.at("/data/external_id") == "null");
}

BOOST_FIXTURE_TEST_CASE(
  a_change_may_set_an_external_id_not_taken_in_the_account, solo_user) {
  auto a = make_expense(user.key, "/me", account, "1.00",
                        "2026-03-01T10:00:00Z", ext("x-1"));
  auto b = make_expense(user.key, "/me", account, "2.00");
  auto b_path = v1("/me/transactions/" + b.at("/data/id"));
  auto taken = api().patch(b_path, user.key, R"({"external_id":"x-1"})");
  BOOST_TEST(taken.status == 409);
  BOOST_TEST(taken.at("/meta/error") == "conflict");
  auto set = api().patch(b_path, user.key, R"({"external_id":"x-2"})");
  BOOST_TEST(set.status == 200);
  BOOST_TEST(set.at("/data/external_id") == "x-2");
  auto cleared = api().patch(b_path, user.key, R"({"external_id":null})");
  BOOST_TEST(cleared.at("/data/external_id") == "null");
  // A PUT replaces it as it replaces every field.
  auto put = api().put(b_path, user.key, expense(account, "2.00", ext("x-3")));
  BOOST_TEST(put.status == 200);
  BOOST_TEST(put.at("/data/external_id") == "x-3");
  BOOST_TEST(balance_of(user.key, "/me", account) == "-3.00");
  BOOST_TEST(a.status == 201);
}

BOOST_FIXTURE_TEST_CASE(an_external_id_has_1_to_128_characters, solo_user) {
  auto empty = make_expense(user.key, "/me", account, "1.00",
                            "2026-03-01T10:00:00Z", ext(""));
  BOOST_TEST(empty.status == 422);
  BOOST_TEST(!empty.at("/data/external_id/0").empty());
  auto long_one = make_expense(user.key, "/me", account, "1.00",
                               "2026-03-01T10:00:00Z",
                               ext(std::string(129, 'x')));
  BOOST_TEST(long_one.status == 422);
  BOOST_TEST(!long_one.at("/data/external_id/0").empty());
  // 128 characters of two bytes each are fine.
  std::string wide;
  for (int i = 0; i < 128; ++i)
    wide += "\xc3\xa9";
  auto ok = make_expense(user.key, "/me", account, "1.00",
                         "2026-03-01T10:00:00Z", ext(wide));
  BOOST_TEST(ok.status == 201);
  auto in_batch = api().post(v1("/me/transactions/batch"), user.key,
                             batch_body({expense(account, "1.00", ext(""))}));
  BOOST_TEST(in_batch.at("/data/items/0/status") == "422");
  BOOST_TEST(!in_batch.at("/data/items/0/errors/external_id/0").empty());
}

BOOST_FIXTURE_TEST_CASE(a_batch_takes_1_to_100_bodies, solo_user) {
  std::vector<std::string> many(101, expense(account, "1.00"));
  auto too_many = api().post(v1("/me/transactions/batch"), user.key,
                             batch_body(many));
  BOOST_TEST(too_many.status == 422);
  BOOST_TEST(!too_many.at("/data/transactions/0").empty());
  auto none = api().post(v1("/me/transactions/batch"), user.key,
                         batch_body({}));
  BOOST_TEST(none.status == 422);
  BOOST_TEST(!none.at("/data/transactions/0").empty());
  auto missing = api().post(v1("/me/transactions/batch"), user.key, "{}");
  BOOST_TEST(missing.status == 422);
  auto not_objects = api().post(v1("/me/transactions/batch"), user.key,
                                R"({"transactions":[1]})");
  BOOST_TEST(not_objects.status == 422);
  auto unknown
    = api().post(v1("/me/transactions/batch"), user.key,
                 batch_body({expense(account, "1.00")}, R"(,"x":1)"));
  BOOST_TEST(unknown.status == 422);
  BOOST_TEST(api().get(v1("/me/transactions/batch"), user.key).status == 405);
  many.pop_back();
  auto hundred = api().post(v1("/me/transactions/batch"), user.key,
                            batch_body(many));
  BOOST_REQUIRE_MESSAGE(hundred.status == 200, hundred.body);
  BOOST_TEST(hundred.size_at("/data/items") == 100);
  BOOST_TEST(listed(user.key, "/me", "") == 100);
  BOOST_TEST(balance_of(user.key, "/me", account) == "-100.00");
}

BOOST_FIXTURE_TEST_CASE(concurrent_batches_create_each_external_id_once,
                        solo_user) {
  std::vector<std::string> bodies;
  for (int i = 0; i < 40; ++i)
    bodies.push_back(expense(account, "1.00", ext("c-" + std::to_string(i))));
  auto body = batch_body(bodies);
  constexpr int n = 4;
  std::vector<response> answers(n);
  std::vector<std::thread> threads;
  for (int t = 0; t < n; ++t)
    threads.emplace_back([&, t] {
      answers[t] = api().post(v1("/me/transactions/batch"), user.key, body);
    });
  for (auto& t : threads)
    t.join();
  int created = 0;
  int found = 0;
  for (auto& a : answers) {
    BOOST_REQUIRE_MESSAGE(a.status == 200, a.body);
    for (int i = 0; i < 40; ++i) {
      auto status
        = a.at(("/data/items/" + std::to_string(i) + "/status").c_str());
      created += status == "201" ? 1 : 0;
      found += status == "200" ? 1 : 0;
    }
  }
  BOOST_TEST(created == 40);
  BOOST_TEST(found == 40 * (n - 1));
  BOOST_TEST(listed(user.key, "/me", "") == 40);
  BOOST_TEST(balance_of(user.key, "/me", account) == "-40.00");
  BOOST_TEST(sql_value("SELECT count(*) FROM transactions WHERE account_id = '"
                       + account + "'")
             == "40");
}

BOOST_AUTO_TEST_CASE(a_batch_is_one_write_of_the_key_bucket) {
  // Default limits: 30 writes per key in a rolling minute.
  server_process server;
  http_client client{server.base_url()};
  auto user = make_user("solo");
  auto a
    = client.post(v1("/me/accounts"), user.key,
                  R"({"name":"A","currency_code":"USD","type":"checking"})");
  BOOST_REQUIRE_MESSAGE(a.status == 201, a.body);
  BOOST_TEST(a.header("ratelimit-remaining") == "29");
  auto account = a.at("/data/id");
  auto b = client.post(v1("/me/transactions/batch"), user.key,
                       batch_body({expense(account, "1.00"),
                                   expense(account, "2.00"),
                                   expense(account, "3.00")}));
  BOOST_REQUIRE_MESSAGE(b.status == 200, b.body);
  BOOST_TEST(b.header("ratelimit-remaining") == "28");
}

BOOST_FIXTURE_TEST_CASE(a_batch_with_an_idempotency_key_is_answered_once,
                        solo_user) {
  auto body = batch_body({expense(account, "1.00"), expense(account, "2.00")});
  auto send = [&] {
    return api().request("POST", v1("/me/transactions/batch"), user.key, body,
                         {"Idempotency-Key: batch-" + user.id});
  };
  auto first = send();
  BOOST_REQUIRE_MESSAGE(first.status == 200, first.body);
  auto again = send();
  BOOST_TEST(again.status == 200);
  BOOST_TEST(again.header("idempotent-replayed") == "true");
  BOOST_TEST(again.at("/data/items/1/data/id")
             == first.at("/data/items/1/data/id"));
  BOOST_TEST(listed(user.key, "/me", "") == 2);
  BOOST_TEST(balance_of(user.key, "/me", account) == "-3.00");
}

BOOST_AUTO_TEST_CASE(team_batches_follow_the_transaction_roles) {
  auto owner_id
    = admin_field({"user", "create", "--email",
                   "batch-" + std::to_string(getpid()) + "-"
                     + std::to_string(next_team_user++) + "@example.com",
                   "--plan", "family"},
                  "id");
  auto owner_key = make_key(owner_id);
  auto team = admin_field(
    {"team", "create", "--name", "Batch", "--owner", owner_id}, "id");
  auto member = make_user("solo");
  auto viewer = make_user("solo");
  admin_field({"team", "add-member", "--team", team, "--user", member.id,
               "--role", "member"},
              "team_id");
  admin_field({"team", "add-member", "--team", team, "--user", viewer.id,
               "--role", "viewer"},
              "team_id");
  auto scope = "/teams/" + team;
  auto account = make_account(owner_key, scope);
  auto body = batch_body({expense(account, "4.00", ext("t-1"))});
  auto refused = api().post(v1(scope + "/transactions/batch"), viewer.key,
                            body);
  BOOST_TEST(refused.status == 403);
  auto stored = api().post(v1(scope + "/transactions/batch"), member.key, body);
  BOOST_REQUIRE_MESSAGE(stored.status == 200, stored.body);
  BOOST_TEST(stored.at("/data/items/0/status") == "201");
  BOOST_TEST(stored.at("/data/items/0/data/created_by") == member.id);
  auto again = api().post(v1(scope + "/transactions/batch"), owner_key, body);
  BOOST_TEST(again.at("/data/items/0/status") == "200");
  BOOST_TEST(listed(viewer.key, scope, "external_id=t-1") == 1);
  BOOST_TEST(balance_of(owner_key, scope, account) == "-4.00");
}

BOOST_AUTO_TEST_SUITE_END()
