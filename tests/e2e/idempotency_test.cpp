// SPDX-License-Identifier: GPL-2.0-or-later
// Idempotent POSTs: same key and body within 24 h -> the first response.

#include <atomic>
#include <mutex>
#include <set>
#include <thread>

#include <boost/test/unit_test.hpp>

#include "support/e2e.hpp"

using namespace purse::test;

namespace {

response post_with_key(const http_client& c, const std::string& path,
                       const std::string& key, const std::string& body,
                       const std::string& idem) {
  return c.request("POST", path, key, body, {"Idempotency-Key: " + idem});
}

std::string unique_key(const char* stem) {
  return std::string{stem} + "-" + std::to_string(free_port()) + "-"
         + std::to_string(
           std::chrono::steady_clock::now().time_since_epoch().count());
}

} // namespace

BOOST_AUTO_TEST_SUITE(idempotency)

BOOST_AUTO_TEST_CASE(a_retry_gets_the_first_response_and_does_no_work) {
  auto u = make_user("solo");
  auto idem = unique_key("retry");
  auto first = post_with_key(api(), v1("/me/tags"), u.key, R"({"name":"once"})",
                             idem);
  BOOST_TEST(first.status == 201);
  BOOST_TEST(first.header("idempotent-replayed").empty());
  auto again = post_with_key(api(), v1("/me/tags"), u.key, R"({"name":"once"})",
                             idem);
  BOOST_TEST(again.status == 201);
  BOOST_TEST(again.body == first.body);
  BOOST_TEST(again.header("idempotent-replayed") == "true");
  BOOST_TEST(api().get(v1("/me/tags"), u.key).at("/data/pagination/total")
             == "1");
  // Without the header the same body is simply a new request.
  BOOST_TEST(api().post(v1("/me/tags"), u.key, R"({"name":"once"})").status
             == 422);
}

BOOST_AUTO_TEST_CASE(the_same_key_with_another_request_is_422) {
  auto u = make_user("solo");
  auto idem = unique_key("other");
  BOOST_TEST(
    post_with_key(api(), v1("/me/tags"), u.key, R"({"name":"a"})", idem).status
    == 201);
  auto other = post_with_key(api(), v1("/me/tags"), u.key, R"({"name":"b"})",
                             idem);
  BOOST_TEST(other.status == 422);
  BOOST_TEST(!other.at("/data/Idempotency-Key/0").empty());
  auto elsewhere = post_with_key(api(), v1("/me/categories"), u.key,
                                 R"({"name":"a"})", idem);
  BOOST_TEST(elsewhere.status == 422);
}

BOOST_AUTO_TEST_CASE(keys_are_kept_per_api_key) {
  auto u = make_user("solo");
  auto second = make_key(u.id);
  auto idem = unique_key("per-key");
  auto a = post_with_key(api(), v1("/me/tags"), u.key, R"({"name":"k1"})",
                         idem);
  auto b = post_with_key(api(), v1("/me/tags"), second, R"({"name":"k2"})",
                         idem);
  BOOST_TEST(a.status == 201);
  BOOST_TEST(b.status == 201);
  BOOST_TEST(a.at("/data/id") != b.at("/data/id"));
}

BOOST_AUTO_TEST_CASE(malformed_keys_are_422) {
  auto u = make_user("solo");
  auto too_long = post_with_key(api(), v1("/me/tags"), u.key, R"({"name":"x"})",
                                std::string(256, 'k'));
  BOOST_TEST(too_long.status == 422);
  BOOST_TEST(!too_long.at("/data/Idempotency-Key/0").empty());
  auto control = post_with_key(api(), v1("/me/tags"), u.key, R"({"name":"x"})",
                               "tab\there");
  BOOST_TEST(control.status == 422);
  BOOST_TEST(api().get(v1("/me/tags"), u.key).at("/data/pagination/total")
             == "0");
}

BOOST_AUTO_TEST_CASE(concurrent_duplicates_do_the_work_once) {
  auto u = make_user("solo");
  auto account = make_account(u.key, "/me");
  auto idem = unique_key("concurrent");
  auto body
    = R"({"account_id":")" + account
      + R"(","flow_type":"expense","amount":12.5,"currency_code":"USD","transaction_at":"2026-03-01T10:00:00Z"})";
  std::mutex m;
  std::set<std::string> ids;
  std::atomic<int> created{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 12; ++i)
    threads.emplace_back([&] {
      auto r = post_with_key(api(), v1("/me/transactions"), u.key, body, idem);
      if (r.status == 201)
        ++created;
      std::lock_guard<std::mutex> guard{m};
      ids.insert(r.at("/data/id"));
    });
  for (auto& t : threads)
    t.join();
  BOOST_TEST(created.load() == 12);
  BOOST_TEST(ids.size() == 1u);
  BOOST_TEST(
    api().get(v1("/me/transactions"), u.key).at("/data/pagination/total")
    == "1");
  BOOST_TEST(
    api().get(v1("/me/accounts/" + account), u.key).at("/data/current_balance")
    == "-12.50");
}

BOOST_AUTO_TEST_CASE(a_retry_after_a_restart_is_still_safe) {
  auto u = make_user("solo");
  auto idem = unique_key("restart");
  std::string first_body;
  {
    server_process server;
    http_client client{server.base_url()};
    auto first = post_with_key(client, v1("/me/tags"), u.key,
                               R"({"name":"durable"})", idem);
    BOOST_TEST(first.status == 201);
    first_body = first.body;
    BOOST_TEST(server.stop() == 0);
  }
  server_process server;
  http_client client{server.base_url()};
  auto again = post_with_key(client, v1("/me/tags"), u.key,
                             R"({"name":"durable"})", idem);
  BOOST_TEST(again.status == 201);
  BOOST_TEST(again.body == first_body);
}

BOOST_AUTO_TEST_CASE(voiding_twice_with_one_key_replays_the_first_answer) {
  auto u = make_user("solo");
  auto account = make_account(u.key, "/me");
  auto id = make_expense(u.key, "/me", account, "3").at("/data/id");
  auto idem = unique_key("void");
  auto path = v1("/me/transactions/" + id + "/void");
  auto first = post_with_key(api(), path, u.key, "", idem);
  auto again = post_with_key(api(), path, u.key, "", idem);
  BOOST_TEST(first.status == 200);
  BOOST_TEST(again.status == 200);
  BOOST_TEST(again.body == first.body);
  BOOST_TEST(api().post(path, u.key, "").status == 422);
}

BOOST_AUTO_TEST_CASE(responses_expire_after_24_hours) {
  auto u = make_user("solo");
  auto idem = unique_key("expire");
  auto first = post_with_key(api(), v1("/me/categories"), u.key,
                             R"({"name":"old"})", idem);
  BOOST_TEST(first.status == 201);
  sql("UPDATE idempotency_keys SET created_at = created_at - 86401 WHERE "
      "key_id = '"
      + u.key_id + "'");
  auto later = post_with_key(api(), v1("/me/categories"), u.key,
                             R"({"name":"old"})", idem);
  BOOST_TEST(later.status == 201);
  BOOST_TEST(later.at("/data/id") != first.at("/data/id"));
  BOOST_TEST(later.header("idempotent-replayed").empty());
}

BOOST_AUTO_TEST_CASE(responses_are_stored_by_outcome_name) {
  auto u = make_user("solo");
  auto idem = unique_key("name");
  auto first = post_with_key(api(), v1("/me/tags"), u.key,
                             R"({"name":"named"})", idem);
  BOOST_TEST(first.status == 201);
  BOOST_TEST(sql_value("SELECT outcome FROM idempotency_keys WHERE key_id = '"
                       + u.key_id + "'")
             == "created");
}

BOOST_AUTO_TEST_SUITE_END()
