// SPDX-License-Identifier: GPL-2.0-or-later
// Per-key rate limits over HTTP, with the default limits (120 reads and 30
// writes per key in any rolling minute).

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include <boost/crc.hpp>
#include <boost/test/unit_test.hpp>

#include "purse/actors/api_key.hpp"
#include "support/e2e.hpp"

using namespace purse::test;

namespace {

struct limited_server {
  server_process server;
  http_client client{server.base_url()};
  user_with_key user = make_user("solo");
};

} // namespace

BOOST_AUTO_TEST_SUITE(rate_limits)

BOOST_FIXTURE_TEST_CASE(every_authenticated_answer_tells_the_bucket_state,
                        limited_server) {
  auto r = client.get(v1("/me/tags"), user.key);
  BOOST_TEST(r.status == 200);
  BOOST_TEST(r.header("ratelimit-policy")
             == R"("read";q=120;w=60, "write";q=30;w=60)");
  BOOST_TEST(r.header("ratelimit") == R"("read";r=119;t=60)");
  BOOST_TEST(r.header("ratelimit-limit") == "120");
  BOOST_TEST(r.header("ratelimit-remaining") == "119");
  BOOST_TEST(r.header("ratelimit-reset") == "60");
  auto w = client.post(v1("/me/tags"), user.key, R"({"name":"x"})");
  BOOST_TEST(w.header("ratelimit") == R"("write";r=29;t=60)");
  BOOST_TEST(w.header("ratelimit-limit") == "30");
  // A validation failure still counts and still reports.
  auto bad = client.post(v1("/me/tags"), user.key, R"({"name":1})");
  BOOST_TEST(bad.status == 422);
  BOOST_TEST(bad.header("ratelimit-remaining") == "28");
  // Unauthenticated answers carry no bucket.
  BOOST_TEST(client.get(v1("/me/tags"), "").header("ratelimit").empty());
}

BOOST_FIXTURE_TEST_CASE(the_121st_read_in_a_minute_is_429, limited_server) {
  for (int i = 0; i < 60; ++i)
    BOOST_REQUIRE_EQUAL(client.get(v1("/me/tags"), user.key).status, 200);
  // HEAD counts against the same read bucket as GET.
  for (int i = 0; i < 60; ++i)
    BOOST_REQUIRE_EQUAL(client.request("HEAD", v1("/me/tags"), user.key).status,
                        200);
  auto r = client.get(v1("/me/tags"), user.key);
  BOOST_TEST(r.status == 429);
  BOOST_TEST(r.at("/meta/code") == "429");
  auto retry = std::stoi(r.header("retry-after"));
  BOOST_TEST(retry >= 1);
  BOOST_TEST(retry <= 60);
  BOOST_TEST(r.header("ratelimit-remaining") == "0");
  // A 429 does not use the bucket up further, and writes are separate.
  BOOST_TEST(client.request("HEAD", v1("/me/tags"), user.key).status == 429);
  BOOST_TEST(client.post(v1("/me/tags"), user.key, R"({"name":"w"})").status
             == 201);
}

BOOST_FIXTURE_TEST_CASE(keys_have_their_own_buckets_and_teams_count_on_the_key,
                        limited_server) {
  auto other_key = make_key(user.id);
  auto team = admin_field({"team", "create", "--name", "T", "--owner", user.id},
                          "id");
  for (int i = 0; i < 30; ++i) {
    auto path = i % 2 == 0 ? v1("/me/tags") : v1("/teams/" + team + "/tags");
    BOOST_REQUIRE_EQUAL(
      client.post(path, user.key, R"({"name":"t)" + std::to_string(i) + "\"}")
        .status,
      201);
  }
  // The key's write bucket is empty on either scope...
  BOOST_TEST(
    client.post(v1("/teams/" + team + "/tags"), user.key, R"({"name":"late"})")
      .status
    == 429);
  BOOST_TEST(client.post(v1("/me/tags"), user.key, R"({"name":"late"})").status
             == 429);
  // ...while the user's other key is untouched.
  auto r = client.post(v1("/me/tags"), other_key, R"({"name":"other"})");
  BOOST_TEST(r.status == 201);
  BOOST_TEST(r.header("ratelimit-remaining") == "29");
}

BOOST_AUTO_TEST_CASE(limits_come_from_configuration) {
  server_process server{{"--read-limit", "3", "--write-limit", "1"}};
  http_client client{server.base_url()};
  auto u = make_user("solo");
  for (int i = 0; i < 3; ++i)
    BOOST_TEST(client.get(v1("/me/tags"), u.key).status == 200);
  BOOST_TEST(client.get(v1("/me/tags"), u.key).status == 429);
  BOOST_TEST(client.post(v1("/me/tags"), u.key, R"({"name":"a"})")
               .header("ratelimit-policy")
             == R"("read";q=3;w=60, "write";q=1;w=60)");
}

BOOST_AUTO_TEST_CASE(failed_authentications_are_limited_per_address) {
  server_process server{{"--auth-failure-limit", "5"}};
  http_client client{server.base_url()};
  auto u = make_user("solo");
  BOOST_TEST(client.get(v1("/me/tags"), u.key).status == 200);
  for (int i = 0; i < 5; ++i) {
    // Well-formed keys that do not exist: what a guesser would send.
    auto guess = purse::generate_api_key().secret;
    BOOST_TEST(client.get(v1("/me/tags"), guess).status == 401);
  }
  auto guess = purse::generate_api_key().secret;
  auto blocked = client.get(v1("/me/tags"), guess);
  BOOST_TEST(blocked.status == 429);
  BOOST_TEST(blocked.at("/meta/code") == "429");
  BOOST_TEST(std::stoi(blocked.header("retry-after")) >= 1);
  // A valid key in use is never locked out by its address's failures
  // (behind a proxy, one guesser would otherwise deny everyone).
  BOOST_TEST(client.get(v1("/me/tags"), u.key).status == 200);
}

BOOST_AUTO_TEST_CASE(
  a_right_key_not_in_memory_is_served_from_a_blocked_address) {
  server_process server{{"--auth-failure-limit", "5"}};
  http_client client{server.base_url()};
  auto u = make_user("solo"); // never used on this server
  for (int i = 0; i < 5; ++i)
    BOOST_REQUIRE_EQUAL(
      client.get(v1("/me/tags"), purse::generate_api_key().secret).status, 401);
  // The address is blocked, yet the key is looked up: it matches.
  BOOST_TEST(client.get(v1("/me/tags"), u.key).status == 200);
  // An unknown key from the blocked address is looked up too (with the
  // others held meanwhile), then refused with the block's wait.
  auto r = client.get(v1("/me/tags"), purse::generate_api_key().secret);
  BOOST_TEST(r.status == 429);
  BOOST_TEST(std::stoi(r.header("retry-after")) > 1);
  // The key, now in memory, is served whatever the address did.
  BOOST_TEST(client.get(v1("/me/tags"), u.key).status == 200);
}

namespace {

/// purse_db_tasks_total: what the persistence workers were handed.
long db_tasks(const http_client& scraper) {
  auto text = scraper.get("/metrics", "").body;
  auto at = text.find("\npurse_db_tasks_total ");
  BOOST_REQUIRE(at != std::string::npos);
  return std::stol(text.substr(at + 22));
}

} // namespace

// A blocked address that floods unknown keys does not lock out a right key
// sent from it among the flood, and its keys are looked up together (one
// statement a second) rather than one read each.
BOOST_AUTO_TEST_CASE(a_flood_of_unknown_keys_does_not_lock_out_a_right_key) {
  auto metrics_port = free_port();
  server_process server{
    {"--auth-failure-limit", "5", "--max-connections-per-address", "64",
     "--metrics-listen", "127.0.0.1:" + std::to_string(metrics_port)}};
  http_client client{server.base_url()};
  http_client scraper{"http://127.0.0.1:" + std::to_string(metrics_port)};
  std::vector<user_with_key> users; // none used on this server yet
  for (int i = 0; i < 5; ++i)
    users.push_back(make_user("solo"));
  for (int i = 0; i < 5; ++i)
    BOOST_REQUIRE_EQUAL(
      client.get(v1("/me/tags"), purse::generate_api_key().secret).status, 401);
  auto tasks_before = db_tasks(scraper);
  // 48 connections of the address's 64, each sending unknown keys as fast
  // as it is answered.
  std::atomic<bool> stop{false};
  std::atomic<int> sent{0};
  std::atomic<int> refused{0};
  // Each request is a new connection: under load the server may notice a
  // closed one late and count it against the cap a moment longer, so an
  // answer may be the cap's 503 instead (never a lookup's 401).
  std::atomic<int> capped{0};
  std::vector<std::thread> flood;
  auto start = std::chrono::steady_clock::now();
  for (int t = 0; t < 48; ++t)
    flood.emplace_back([&] {
      while (!stop) {
        auto r = client.get(v1("/me/tags"), purse::generate_api_key().secret);
        ++sent;
        refused += r.status == 429 ? 1 : 0;
        capped += r.status == 503
                      && r.body.find("Too many connections from your address")
                           != std::string::npos
                    ? 1
                    : 0;
      }
    });
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  std::chrono::milliseconds slowest{0};
  for (auto& u : users) {
    auto asked = std::chrono::steady_clock::now();
    BOOST_TEST(client.get(v1("/me/tags"), u.key).status == 200);
    slowest = std::max(slowest,
                       std::chrono::duration_cast<std::chrono::milliseconds>(
                         std::chrono::steady_clock::now() - asked));
  }
  while (std::chrono::steady_clock::now() - start < std::chrono::seconds(3))
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  stop = true;
  for (auto& t : flood)
    t.join();
  auto seconds = std::chrono::ceil<std::chrono::seconds>(
                   std::chrono::steady_clock::now() - start)
                   .count();
  // Each right key served costs 4 tasks whatever the address did: its
  // actor's read of the key, its last_used_at, its scope's counts and the
  // list itself. The rest are the lookups of the held keys.
  auto lookups = db_tasks(scraper) - tasks_before - 5 * 4;
  BOOST_TEST_MESSAGE(
    sent << " unknown keys from a blocked address in " << seconds
         << " s: " << refused << " refused after " << lookups << " lookups ("
         << capped << " answered by the connection cap); 5 right keys "
         << "served, the slowest in " << slowest.count() << " ms");
  // A flood it is, and every unknown key was refused ...
  BOOST_TEST(refused >= 30 * seconds);
  BOOST_TEST(refused + capped == sent);
  // ... after one lookup a second for all of them.
  BOOST_TEST(lookups >= 1);
  BOOST_TEST(lookups <= seconds + 1);
}

namespace {

/// `token` with another lookup id (and a valid checksum): a well-formed
/// key for `lookup_id` with the wrong secret.
std::string with_lookup_id(const std::string& token,
                           const std::string& lookup_id) {
  auto head = "purse_" + lookup_id + token.substr(18, 44);
  boost::crc_32_type crc;
  crc.process_bytes(head.data(), head.size());
  std::uint32_t v = crc.checksum();
  const std::string alphabet
    = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  std::string sum(6, '0');
  for (std::size_t i = 6; i-- > 0;) {
    sum[i] = alphabet[v % 62];
    v /= 62;
  }
  return head + sum;
}

} // namespace

BOOST_AUTO_TEST_CASE(failed_authentications_are_limited_per_key_too) {
  // Behind a trusted proxy each guess comes "from" another client.
  server_process server{
    {"--auth-failure-limit", "3", "--trusted-proxy", "127.0.0.1/32"}};
  http_client client{server.base_url()};
  auto u = make_user("solo");
  auto lookup = u.key.substr(6, 12);
  BOOST_REQUIRE(client.get(v1("/me/tags"), u.key).status == 200);
  auto guess_from = [&](int n) {
    auto wrong = with_lookup_id(purse::generate_api_key().secret, lookup);
    BOOST_REQUIRE(wrong != u.key);
    return client.request("GET", v1("/me/tags"), wrong, "",
                          {"X-Forwarded-For: 198.51.100." + std::to_string(n)});
  };
  for (int i = 0; i < 3; ++i)
    BOOST_TEST(guess_from(i).status == 401);
  // The key is under attack: more wrong secrets for it get 429 ...
  auto refused = guess_from(9);
  BOOST_TEST(refused.status == 429);
  BOOST_TEST(!refused.header("retry-after").empty());
  // ... its right secret still works, from anywhere ...
  BOOST_TEST(client
               .request("GET", v1("/me/tags"), u.key, "",
                        {"X-Forwarded-For: 198.51.100.9"})
               .status
             == 200);
  // ... and other keys are untouched.
  auto other = make_user("solo");
  BOOST_TEST(client.get(v1("/me/tags"), other.key).status == 200);
}

BOOST_AUTO_TEST_CASE(the_client_address_comes_from_trusted_proxies_only) {
  auto guess = [](const http_client& c, const std::string& forwarded_for) {
    return c
      .request("GET", v1("/me/tags"), purse::generate_api_key().secret, "",
               {"X-Forwarded-For: " + forwarded_for})
      .status;
  };
  {
    // Trusted: the forwarded client is the one that is blocked.
    server_process server{
      {"--auth-failure-limit", "2", "--trusted-proxy", "127.0.0.0/8,::1"}};
    http_client client{server.base_url()};
    BOOST_TEST(guess(client, "203.0.113.5") == 401);
    BOOST_TEST(guess(client, "10.9.9.9, 203.0.113.5") == 401);
    BOOST_TEST(guess(client, "203.0.113.5") == 429);
    BOOST_TEST(guess(client, "203.0.113.6") == 401);
    // RFC 7239 Forwarded works the same way.
    BOOST_TEST(client
                 .request("GET", v1("/me/tags"),
                          purse::generate_api_key().secret, "",
                          {"Forwarded: for=203.0.113.5;proto=https"})
                 .status
               == 429);
  }
  {
    // Not trusted: the header is the client's word and counts for nothing.
    server_process server{{"--auth-failure-limit", "2"}};
    http_client client{server.base_url()};
    BOOST_TEST(guess(client, "203.0.113.5") == 401);
    BOOST_TEST(guess(client, "203.0.113.6") == 401);
    BOOST_TEST(guess(client, "203.0.113.7") == 429);
  }
  // A value that is not a network is refused at start.
  auto bad = run_command({server_binary(), "--insecure-http", "--database",
                          "postgresql://x", "--trusted-proxy", "10.0.0.0/33"});
  BOOST_TEST(bad.exit_code == 2);
  BOOST_TEST(bad.err.find("--trusted-proxy") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
