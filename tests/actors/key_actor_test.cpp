// SPDX-License-Identifier: GPL-2.0-or-later
// Key actors, driven message by message on a test scheduler against the
// real test database: authentication from memory while the LISTEN
// connection is up, dropped on a notification, never cached without it;
// the key's buckets; team calls.

#include <boost/test/unit_test.hpp>

#include "support/path_fixture.hpp"

using namespace purse;
using namespace purse::test;

namespace {

/// The rate-limit state that came with an answer, as "remaining/limit".
std::string bucket_of(const rate_limit_state& r) {
  return r.present ? std::to_string(r.remaining) + "/" + std::to_string(r.limit)
                   : "none";
}

struct key_fixture : path_fixture {
  user_with_key user = make_user("solo");

  /// Runs a call with the user's key; returns the number of key loads it
  /// made and keeps the answer in `last`.
  int loads(api_call c = list()) {
    send(user.key, std::move(c));
    auto n = run_counting<auth_atom, std::string, std::string>();
    last = reply();
    return n;
  }

  api_result last;
};

} // namespace

BOOST_AUTO_TEST_SUITE(key_actor_script)

BOOST_FIXTURE_TEST_CASE(a_known_key_is_served_from_memory, key_fixture) {
  BOOST_TEST(loads() == 1);
  BOOST_TEST(code(last) == code(errc::ok));
  BOOST_TEST(loads() == 0);
  BOOST_TEST(loads(create("t")) == 0);
  BOOST_TEST(code(last) == code(errc::created));
}

BOOST_FIXTURE_TEST_CASE(a_notification_for_the_user_drops_the_key_state,
                        key_fixture) {
  BOOST_TEST(loads() == 1);
  // Revoked in the database: the cache does not know yet...
  BOOST_REQUIRE(admin({"key", "revoke", "--key", user.key_id}).exit_code == 0);
  BOOST_TEST(loads() == 0);
  BOOST_TEST(code(last) == code(errc::ok));
  // ...until the notification naming the user arrives.
  path->freshness.notified();
  path->forget_user(user.id);
  BOOST_TEST(loads() == 1);
  BOOST_TEST(code(last) == code(errc::unauthenticated));
}

BOOST_FIXTURE_TEST_CASE(a_notification_for_another_user_keeps_the_cache,
                        key_fixture) {
  BOOST_TEST(loads() == 1);
  path->freshness.notified();
  path->forget_user("someone-else");
  BOOST_TEST(loads() == 0);
}

BOOST_FIXTURE_TEST_CASE(nothing_is_cached_without_the_listen_connection,
                        key_fixture) {
  BOOST_TEST(loads() == 1);
  path->freshness.lost();
  BOOST_TEST(loads() == 1);
  BOOST_TEST(loads() == 1);
  BOOST_TEST(code(last) == code(errc::ok));
  // Back: a new epoch, so what is loaded from now on is kept.
  path->freshness.connected();
  BOOST_TEST(loads() == 1);
  BOOST_TEST(loads() == 0);
}

BOOST_FIXTURE_TEST_CASE(a_state_read_while_a_notification_arrives_is_not_kept,
                        key_fixture) {
  send(user.key, list());
  // Run until the key's load is the worker's next job, then let a
  // notification arrive before the worker reads.
  while (sched.has_job() && !next_is_for(worker))
    sched.run_once();
  BOOST_REQUIRE(next_is_for(worker));
  path->freshness.notified();
  sched.run();
  BOOST_TEST(code(reply()) == code(errc::ok));
  BOOST_TEST(loads() == 1);
  BOOST_TEST(loads() == 0);
}

BOOST_FIXTURE_TEST_CASE(an_unknown_key_gets_no_actor_kept, key_fixture) {
  // Well-formed, but never stored.
  auto bogus = generate_api_key();
  BOOST_TEST(code(call(bogus.secret, list())) == code(errc::unauthenticated));
  BOOST_TEST(path->keys.size() == 0u);
}

BOOST_FIXTURE_TEST_CASE(an_admitted_read_carries_its_bucket_state,
                        key_fixture) {
  auto r = call(user.key, list());
  BOOST_TEST(code(r) == code(errc::ok));
  BOOST_TEST(bucket_of(r.rate) == "119/120");
  BOOST_TEST(r.rate.read);
}

BOOST_FIXTURE_TEST_CASE(last_used_is_written_at_most_once_a_minute,
                        key_fixture) {
  auto touches = [&] {
    send(user.key, list());
    auto n = run_counting<run_atom, db_task>();
    reply();
    return n;
  };
  // The first call writes it (and loads the scope's counts).
  BOOST_TEST(code(call(user.key, list())) == code(errc::ok));
  // Within the minute: no write.
  sched.clock().current_time += std::chrono::seconds(30);
  BOOST_TEST(touches() == 0);
  // A minute after the last write: written again, then not again.
  sched.clock().current_time += std::chrono::seconds(31);
  BOOST_TEST(touches() == 1);
  BOOST_TEST(touches() == 0);
}

BOOST_FIXTURE_TEST_CASE(the_read_window_rolls_on_the_test_clock, key_fixture) {
  for (int i = 0; i < 120; ++i) {
    BOOST_REQUIRE(code(call(user.key, list())) == code(errc::ok));
    sched.clock().current_time += std::chrono::milliseconds(100);
  }
  auto refused = call(user.key, list());
  BOOST_REQUIRE(code(refused) == code(errc::too_many_requests));
  // The first read was 12 s ago: it leaves the window in 48 s.
  BOOST_TEST(refused.retry_after == 48);
  BOOST_TEST(bucket_of(refused.rate) == "0/120");
  sched.clock().current_time += std::chrono::seconds(47);
  BOOST_TEST(code(call(user.key, list())) == code(errc::too_many_requests));
  sched.clock().current_time += std::chrono::seconds(1);
  auto again = call(user.key, list());
  BOOST_TEST(code(again) == code(errc::ok));
  BOOST_TEST(again.rate.remaining == 0);
  // Writes have their own bucket.
  auto w = call(user.key, create("w"));
  BOOST_TEST(code(w) == code(errc::created));
  BOOST_TEST(!w.rate.read);
  BOOST_TEST(w.rate.remaining == 29);
  BOOST_TEST(w.rate.reset_seconds == 60);
}

BOOST_FIXTURE_TEST_CASE(refusals_do_not_consume_and_keys_are_separate,
                        key_fixture) {
  for (int i = 0; i < 30; ++i)
    BOOST_REQUIRE(code(call(user.key, create("w" + std::to_string(i))))
                  == code(errc::created));
  sched.clock().current_time += std::chrono::seconds(10);
  // Hammering while refused moves nothing: the wait stays 50 s.
  for (int i = 0; i < 20; ++i) {
    auto r = call(user.key, create("x"));
    BOOST_REQUIRE(code(r) == code(errc::too_many_requests));
    BOOST_REQUIRE(r.retry_after == 50);
  }
  sched.clock().current_time += std::chrono::seconds(50);
  BOOST_TEST(code(call(user.key, create("after"))) == code(errc::created));
  // Another key of the same user has its own, untouched buckets.
  auto other = make_key(user.id);
  auto r = call(other, create("other"));
  BOOST_TEST(code(r) == code(errc::created));
  BOOST_TEST(r.rate.remaining == 29);
}

BOOST_FIXTURE_TEST_CASE(app_keys_and_free_plans_are_refused_before_buckets,
                        key_fixture) {
  auto app = call(make_key(user.id, "app"), list());
  BOOST_TEST(code(app) == code(errc::forbidden));
  BOOST_TEST(!app.rate.present);
  auto poor = make_user("free");
  auto r = call(poor.key, list());
  BOOST_TEST(code(r) == code(errc::payment_required));
  BOOST_TEST(!r.rate.present);
}

BOOST_FIXTURE_TEST_CASE(team_calls_count_on_the_calling_key, key_fixture) {
  auto team = admin_field({"team", "create", "--name", "T", "--owner", user.id},
                          "id");
  auto on_team = list();
  on_team.team = team;
  BOOST_TEST(call(user.key, list()).rate.remaining == 119);
  auto r = call(user.key, on_team);
  BOOST_TEST(code(r) == code(errc::ok));
  BOOST_TEST(r.rate.remaining == 118);
  BOOST_TEST(call(user.key, list()).rate.remaining == 117);
  // Someone else's team: refused, with the bucket state.
  auto other = make_user("solo");
  auto foreign = list();
  foreign.team
    = admin_field({"team", "create", "--name", "U", "--owner", other.id}, "id");
  auto refused = call(user.key, foreign);
  BOOST_TEST(code(refused) == code(errc::forbidden));
  BOOST_TEST(bucket_of(refused.rate) == "116/120");
}

BOOST_AUTO_TEST_SUITE_END()
