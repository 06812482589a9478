// SPDX-License-Identifier: GPL-2.0-or-later
// The directories forget actors that end: a failed scope actor answers its
// calls in flight with a 500 and is replaced on next use while everything
// else keeps serving; the sweeper stops idle actors, but never before their
// keys' rate windows are empty.

#include <boost/test/unit_test.hpp>

#include <caf/send.hpp>

#include "support/path_fixture.hpp"
#include "sweeper.hpp"

using namespace purse;
using namespace purse::test;

namespace {

struct sweeper_fixture : path_fixture {
  sweeper_actor sw;

  sweeper_fixture() {
    sw = sys.spawn(sweeper, path);
    sched.run();
  }

  ~sweeper_fixture() {
    // The sweeper's timer re-arms itself: stop it before the base fixture
    // drains the remaining timeouts.
    self->send_exit(sw, caf::exit_reason::user_shutdown);
    sched.run();
  }

  bool has_scope(const std::string& id) {
    return path->scopes.if_present(id, [](auto&) {});
  }

  /// Moves the test clock a second at a time and runs whatever becomes
  /// due (the sweeps).
  void advance(std::chrono::seconds d) {
    for (auto i = 0; i < d.count(); ++i) {
      sched.advance_time(std::chrono::seconds(1));
      sched.run();
    }
  }
};

} // namespace

BOOST_AUTO_TEST_SUITE(supervision)

BOOST_FIXTURE_TEST_CASE(a_failed_scope_actor_stays_a_local_failure,
                        sweeper_fixture) {
  auto alice = make_user("solo");
  auto bob = make_user("solo");
  BOOST_REQUIRE(code(call(alice.key, create("a"))) == code(errc::created));
  BOOST_REQUIRE(code(call(bob.key, list())) == code(errc::ok));
  scope_actor failing;
  path->scopes.if_present(alice.id, [&](auto& e) {
    failing = e.actor;
  });
  BOOST_REQUIRE(failing);
  // A read in flight on alice's scope: the scope has sent it to the
  // worker, which has not run yet.
  auto in_flight = list();
  in_flight.caller_id = in_flight.scope_id = alice.id;
  in_flight.role = "owner";
  in_flight.plan = "solo";
  self->send(failing, call_atom_v, in_flight);
  expect_next<call_atom, api_call>(failing);
  BOOST_REQUIRE(next_is_for(worker));
  self->send_exit(failing, caf::make_error(caf::sec::runtime_error));
  sched.run();
  // The caller in flight hears a 500 rather than waiting for a timeout.
  BOOST_TEST(code(reply()) == code(errc::internal));
  // The directory forgot the actor...
  BOOST_TEST(!has_scope(alice.id));
  // ...and both users are served: alice's scope comes back fresh and
  // reloads its counts.
  BOOST_TEST(code(call(bob.key, list())) == code(errc::ok));
  BOOST_TEST(code(call(alice.key, create("again"))) == code(errc::created));
  scope_actor fresh;
  path->scopes.if_present(alice.id, [&](auto& e) {
    fresh = e.actor;
  });
  BOOST_TEST((fresh && fresh != failing));
  auto total = call(alice.key, list());
  BOOST_TEST(total.data.find("\"total\":2") != std::string::npos, total.data);
}

BOOST_FIXTURE_TEST_CASE(idle_actors_are_stopped_and_come_back_on_next_use,
                        sweeper_fixture) {
  auto carol = make_user("solo");
  BOOST_REQUIRE(code(call(carol.key, create("t"))) == code(errc::created));
  BOOST_TEST(path->keys.size() == 1u);
  BOOST_TEST(has_scope(carol.id));
  advance(std::chrono::seconds(45));
  BOOST_TEST(path->keys.size() == 1u);
  advance(std::chrono::seconds(20));
  BOOST_TEST(path->keys.size() == 0u);
  BOOST_TEST(path->scopes.size() == 0u);
  // State reloads on next use: the count of tags is right again.
  auto r = call(carol.key, list());
  BOOST_TEST(code(r) == code(errc::ok));
  BOOST_TEST(r.data.find("\"total\":1") != std::string::npos);
}

BOOST_FIXTURE_TEST_CASE(an_evicted_key_does_not_get_a_fresh_window_early,
                        sweeper_fixture) {
  auto dave = make_user("solo");
  for (int i = 0; i < 30; ++i)
    BOOST_REQUIRE(code(call(dave.key, create("t" + std::to_string(i))))
                  == code(errc::created));
  // 59 s later every sweep so far has kept the key actor: the window is
  // still full, so the next write is refused.
  advance(std::chrono::seconds(59));
  BOOST_TEST(path->keys.size() == 1u);
  auto refused = call(dave.key, create("late"));
  BOOST_TEST(code(refused) == code(errc::too_many_requests));
  BOOST_TEST(refused.retry_after == 1);
  // Once the window is empty and the actor idle, it goes; a new one starts
  // with an empty window, which is what the old one had by then.
  advance(std::chrono::seconds(75));
  BOOST_TEST(path->keys.size() == 0u);
  auto r = call(dave.key, create("fresh"));
  BOOST_TEST(code(r) == code(errc::created));
  BOOST_TEST(r.rate.remaining == 29);
}

BOOST_AUTO_TEST_SUITE_END()
