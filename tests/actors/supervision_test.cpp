// The gateway watches the user and scope actors it spawns: a failed scope
// actor answers its calls in flight with a 500 and is replaced on next use
// while everything else keeps serving; idle actors are stopped, but never
// before their keys' rate windows are empty.

#include <boost/test/unit_test.hpp>

#include <caf/send.hpp>

#include "purse/actors/api_key.hpp"
#include "purse/actors/gateway.hpp"
#include "support/deterministic.hpp"
#include "support/processes.hpp"

using namespace purse;
using namespace purse::test;

namespace {

struct gateway_fixture : deterministic_fixture {
  gateway_actor gw;
  user_settings settings;

  gateway_fixture() {
    settings.idle_timeout = std::chrono::seconds(60);
    gw = sys.spawn(gateway, pool, quotas, settings);
    sched.run();
  }

  ~gateway_fixture() {
    // The gateway's sweep timer re-arms itself: stop it before the base
    // fixture drains the remaining timeouts.
    self->send_exit(gw, caf::exit_reason::user_shutdown);
    sched.run();
  }

  gateway_state& state() {
    auto ptr = caf::actor_cast<caf::abstract_actor*>(gw);
    return dynamic_cast<gateway_actor::stateful_pointer<gateway_state>>(ptr)
      ->state;
  }

  api_result call(const user_with_key& u, operation op = operation::list,
                  std::string body = {}) {
    auto key = parse_api_key(u.key);
    BOOST_REQUIRE(key);
    api_call c;
    c.resource = "tags";
    c.op = op;
    c.is_read = op == operation::list;
    c.body = std::move(body);
    c.client_address = "127.0.0.1";
    self->send(gw, call_atom_v, key->lookup_id, key->secret_hash, c);
    sched.run();
    return reply();
  }

  /// Moves the test clock a second at a time and runs whatever becomes
  /// due (the sweeps).
  void advance(std::chrono::seconds d) {
    for (auto i = 0; i < d.count(); ++i) {
      sched.advance_time(std::chrono::seconds(1));
      sched.run();
    }
  }

  static int code(const api_result& r) {
    return static_cast<int>(r.code);
  }
};

} // namespace

BOOST_AUTO_TEST_SUITE(supervision)

BOOST_FIXTURE_TEST_CASE(a_failed_scope_actor_stays_a_local_failure,
                        gateway_fixture) {
  auto alice = make_user("solo");
  auto bob = make_user("solo");
  BOOST_REQUIRE(code(call(alice)) == code(make_result(errc::ok)));
  BOOST_REQUIRE(code(call(bob)) == code(make_result(errc::ok)));
  auto failing = state().scopes.at(alice.id).actor;
  // A call in flight on alice's scope: the scope has sent its read to the
  // worker, which has not run yet.
  api_call in_flight;
  in_flight.resource = "tags";
  in_flight.op = operation::list;
  in_flight.caller_id = in_flight.scope_id = alice.id;
  in_flight.role = "owner";
  in_flight.plan = "solo";
  self->send(failing, call_atom_v, in_flight);
  expect_next<call_atom, api_call>(failing);
  BOOST_REQUIRE(next_is_for(worker));
  self->send_exit(failing, caf::make_error(caf::sec::runtime_error));
  sched.run();
  // The caller in flight hears a 500 rather than waiting for a timeout.
  auto r = reply();
  BOOST_TEST(code(r) == code(make_result(errc::internal)));
  // The gateway noticed and forgot the actor...
  BOOST_TEST(state().scopes.count(alice.id) == 0u);
  // ...and keeps serving both users: alice's scope comes back fresh.
  BOOST_TEST(code(call(bob)) == code(make_result(errc::ok)));
  BOOST_TEST(code(call(alice, operation::create, R"({"name":"again"})"))
             == code(make_result(errc::created)));
  BOOST_REQUIRE(state().scopes.count(alice.id) == 1u);
  BOOST_TEST((state().scopes.at(alice.id).actor != failing));
  BOOST_TEST(call(alice).data.find("\"total\":1") != std::string::npos);
}

BOOST_FIXTURE_TEST_CASE(idle_actors_are_stopped_and_come_back_on_next_use,
                        gateway_fixture) {
  auto carol = make_user("solo");
  BOOST_REQUIRE(code(call(carol, operation::create, R"({"name":"t"})"))
                == code(make_result(errc::created)));
  BOOST_TEST(state().users.count(carol.id) == 1u);
  BOOST_TEST(state().scopes.count(carol.id) == 1u);
  advance(std::chrono::seconds(45));
  BOOST_TEST(state().users.count(carol.id) == 1u);
  advance(std::chrono::seconds(20));
  BOOST_TEST(state().users.empty());
  BOOST_TEST(state().scopes.empty());
  // State reloads on next use: the count of tags is right again.
  auto r = call(carol);
  BOOST_TEST(code(r) == code(make_result(errc::ok)));
  BOOST_TEST(r.data.find("\"total\":1") != std::string::npos);
}

BOOST_FIXTURE_TEST_CASE(an_evicted_key_does_not_get_a_fresh_window_early,
                        gateway_fixture) {
  auto dave = make_user("solo");
  for (int i = 0; i < 30; ++i)
    BOOST_REQUIRE(code(call(dave, operation::create,
                            R"({"name":"t)" + std::to_string(i) + "\"}"))
                  == code(make_result(errc::created)));
  // 59 s later every sweep so far has kept the user actor: the window is
  // still full, so the next write is refused.
  advance(std::chrono::seconds(59));
  BOOST_TEST(state().users.count(dave.id) == 1u);
  auto refused = call(dave, operation::create, R"({"name":"late"})");
  BOOST_TEST(code(refused) == code(make_result(errc::too_many_requests)));
  BOOST_TEST(refused.retry_after == 1);
  // Once the window is empty and the actor idle, it goes; a new one starts
  // with an empty window, which is what the old one had by then.
  advance(std::chrono::seconds(75));
  BOOST_TEST(state().users.count(dave.id) == 0u);
  auto r = call(dave, operation::create, R"({"name":"fresh"})");
  BOOST_TEST(code(r) == code(make_result(errc::created)));
  BOOST_TEST(r.rate.remaining == 29);
}

BOOST_AUTO_TEST_SUITE_END()
