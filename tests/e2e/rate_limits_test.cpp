// Per-key rate limits over HTTP, with the default limits (120 reads and 30
// writes per key in any rolling minute).

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
  // Every keyed request from the address waits, or a right guess would
  // get through; successes before the lockout did not count.
  BOOST_TEST(client.get(v1("/me/tags"), u.key).status == 429);
}

BOOST_AUTO_TEST_SUITE_END()
