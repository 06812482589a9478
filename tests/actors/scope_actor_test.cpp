// Scope and user actors, driven message by message on a test scheduler
// against the real test database.

#include <boost/test/unit_test.hpp>

#include "purse/actors/api_key.hpp"
#include "purse/actors/scope.hpp"
#include "purse/actors/user.hpp"
#include "support/deterministic.hpp"
#include "support/processes.hpp"

using namespace purse;
using namespace purse::test;

namespace {

api_call call_for(const std::string& scope_id, std::string resource,
                  operation op, std::string body = {}) {
  api_call c;
  c.resource = std::move(resource);
  c.op = op;
  c.body = std::move(body);
  c.is_read = op == operation::list || op == operation::read;
  c.caller_id = scope_id;
  c.role = "owner";
  c.scope_id = scope_id;
  c.plan = "solo";
  return c;
}

/// A fresh scope (a new user) with one account, made through the CLI.
struct scope_fixture : deterministic_fixture {
  user_with_key user = make_user("solo");
  scope_actor scope;

  scope_fixture() {
    scope = sys.spawn(purse::scope, user.id, pool, quotas);
    sched.run();
  }
};

} // namespace

BOOST_AUTO_TEST_SUITE(scope_actor_script)

BOOST_FIXTURE_TEST_CASE(a_scope_loads_its_counts_before_its_first_call,
                        scope_fixture) {
  self->send(scope, call_atom_v, call_for(user.id, "tags", operation::list));
  expect_next<call_atom, api_call>(scope);
  // First the counts, then the list itself.
  expect_next<run_atom, db_task>(worker);
  expect_next<db_outcome>(scope);
  expect_next<run_atom, db_task>(worker);
  expect_next<db_outcome>(scope);
  BOOST_TEST(!sched.has_job());
  auto r = reply();
  BOOST_TEST(static_cast<int>(r.code) == static_cast<int>(errc::ok));
  BOOST_TEST(r.data.find("\"total\":0") != std::string::npos);
}

BOOST_FIXTURE_TEST_CASE(a_write_holds_the_scope_until_it_committed,
                        deterministic_fixture) {
  // Two workers, and the scheduler always runs the newest job first: if the
  // scope let the list through while the insert was still pending, the
  // list would run on the other worker before the insert and miss the tag.
  auto user = make_user("solo");
  auto second = sys.spawn(db_worker, store);
  auto two
    = std::make_shared<db_pool>(std::vector<db_worker_actor>{worker, second});
  auto sc = sys.spawn(purse::scope, user.id, two, quotas);
  sched.run();
  self->send(sc, call_atom_v,
             call_for(user.id, "tags", operation::create,
                      R"({"name":"first"})"));
  self->send(sc, call_atom_v, call_for(user.id, "tags", operation::list));
  while (sched.try_run_once_lifo()) {
    // nop
  }
  api_result created;
  api_result listed;
  self->receive([&](api_result& r) {
    created = std::move(r);
  });
  self->receive([&](api_result& r) {
    listed = std::move(r);
  });
  BOOST_TEST(static_cast<int>(created.code) == static_cast<int>(errc::created));
  BOOST_TEST(listed.data.find("\"total\":1") != std::string::npos);
  BOOST_TEST(listed.data.find("\"first\"") != std::string::npos);
}

BOOST_FIXTURE_TEST_CASE(invalid_input_never_reaches_the_database,
                        scope_fixture) {
  // Load the counts first so the next step is only the invalid call.
  self->send(scope, call_atom_v, call_for(user.id, "tags", operation::list));
  sched.run();
  reply();
  self->send(scope, call_atom_v,
             call_for(user.id, "tags", operation::create, R"({"name":7})"));
  expect_next<call_atom, api_call>(scope);
  BOOST_TEST(!sched.has_job());
  auto r = reply();
  BOOST_TEST(static_cast<int>(r.code) == static_cast<int>(errc::unprocessable));
  BOOST_TEST(r.data == R"({"name":["must be a string"]})");
}

BOOST_FIXTURE_TEST_CASE(a_viewer_cannot_write_and_nothing_is_sent,
                        scope_fixture) {
  auto c = call_for(user.id, "transactions", operation::create, "{}");
  c.role = "viewer";
  self->send(scope, call_atom_v, c);
  expect_next<call_atom, api_call>(scope);
  expect_next<run_atom, db_task>(worker); // counts only
  expect_next<db_outcome>(scope);
  BOOST_TEST(!sched.has_job());
  BOOST_TEST(static_cast<int>(reply().code)
             == static_cast<int>(errc::forbidden));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(user_actor_script)

namespace {

/// The rate-limit state that came with an answer, as "remaining/limit".
std::string bucket_of(const rate_limit_state& r) {
  return r.present ? std::to_string(r.remaining) + "/" + std::to_string(r.limit)
                   : "none";
}

struct user_fixture : scope_fixture {
  user_actor usr;
  key_state key;

  user_fixture() {
    usr = sys.spawn(purse::user, user.id, pool, user_settings{});
    sched.run();
    key.key_found = true;
    key.key_id = user.key_id;
    key.secret_hash = parse_api_key(user.key)->secret_hash;
    key.audience = "public-api";
    key.expires_at = std::numeric_limits<std::int64_t>::max();
    key.user_id = user.id;
    key.user_plan = "solo";
  }

  api_call list() {
    api_call c;
    c.resource = "tags";
    c.op = operation::list;
    return c;
  }

  api_call create(std::string name) {
    auto c = list();
    c.op = operation::create;
    c.is_read = false;
    c.body = R"({"name":")" + name + "\"}";
    return c;
  }

  admission admit(const key_state& k, api_call c) {
    self->send(usr, call_atom_v, k, std::move(c));
    sched.run();
    admission out;
    self->receive(
      [&](admission& a) {
        out = std::move(a);
      },
      caf::after(std::chrono::seconds(0)) >>
        [] {
          BOOST_FAIL("no admission in the mailbox");
        });
    return out;
  }

  /// Admits and, if admitted, runs the call on the personal scope.
  api_result run(const key_state& k, api_call c) {
    auto a = admit(k, std::move(c));
    if (!a.admitted)
      return a.refusal;
    self->send(scope, call_atom_v, a.call);
    sched.run();
    return reply();
  }
};

} // namespace

BOOST_FIXTURE_TEST_CASE(app_keys_and_free_plans_are_refused_in_order,
                        user_fixture) {
  auto code_for = [&](const key_state& k) {
    auto a = admit(k, list());
    BOOST_TEST(!a.admitted);
    BOOST_TEST(!a.refusal.rate.present); // refused before any bucket
    return static_cast<int>(a.refusal.code);
  };
  auto app = key;
  app.audience = "app";
  app.user_plan = "free";
  BOOST_TEST(code_for(app) == static_cast<int>(errc::forbidden));
  auto free = key;
  free.user_plan = "free";
  BOOST_TEST(code_for(free) == static_cast<int>(errc::payment_required));
}

BOOST_FIXTURE_TEST_CASE(an_admitted_call_is_completed_for_its_scope,
                        user_fixture) {
  auto a = admit(key, list());
  BOOST_REQUIRE(a.admitted);
  BOOST_TEST(a.call.caller_id == user.id);
  BOOST_TEST(a.call.scope_id == user.id);
  BOOST_TEST(a.call.role == "owner");
  BOOST_TEST(a.call.plan == "solo");
  BOOST_TEST(a.call.key_id == user.key_id);
  BOOST_TEST(bucket_of(a.call.rate) == "119/120");
  // The scope answers with the rate state the admission carried.
  self->send(scope, call_atom_v, a.call);
  sched.run();
  BOOST_TEST(bucket_of(reply().rate) == "119/120");
}

BOOST_FIXTURE_TEST_CASE(last_used_is_written_at_most_once_a_minute,
                        user_fixture) {
  auto touches = [&] {
    self->send(usr, call_atom_v, key, list());
    int worker_jobs = 0;
    while (sched.has_job()) {
      if (next_is_for(worker))
        ++worker_jobs;
      sched.run_once();
    }
    self->receive([](admission&) {});
    return worker_jobs;
  };
  BOOST_TEST(touches() == 1);
  // Within the minute: no write.
  sched.clock().current_time += std::chrono::seconds(30);
  BOOST_TEST(touches() == 0);
  // A minute after the last write: written again.
  sched.clock().current_time += std::chrono::seconds(31);
  BOOST_TEST(touches() == 1);
}

BOOST_FIXTURE_TEST_CASE(the_read_window_rolls_on_the_test_clock, user_fixture) {
  for (int i = 0; i < 120; ++i) {
    BOOST_REQUIRE(admit(key, list()).admitted);
    sched.clock().current_time += std::chrono::milliseconds(100);
  }
  auto refused = admit(key, list());
  BOOST_REQUIRE(!refused.admitted);
  BOOST_TEST(static_cast<int>(refused.refusal.code)
             == static_cast<int>(errc::too_many_requests));
  // The first read was 12 s ago: it leaves the window in 48 s.
  BOOST_TEST(refused.refusal.retry_after == 48);
  BOOST_TEST(bucket_of(refused.refusal.rate) == "0/120");
  sched.clock().current_time += std::chrono::seconds(47);
  BOOST_TEST(!admit(key, list()).admitted);
  sched.clock().current_time += std::chrono::seconds(1);
  auto again = admit(key, list());
  BOOST_TEST(again.admitted);
  BOOST_TEST(again.call.rate.remaining == 0);
  // Writes have their own bucket.
  auto w = run(key, create("w"));
  BOOST_TEST(static_cast<int>(w.code) == static_cast<int>(errc::created));
  BOOST_TEST(!w.rate.read);
  BOOST_TEST(w.rate.remaining == 29);
  BOOST_TEST(w.rate.reset_seconds == 60);
}

BOOST_FIXTURE_TEST_CASE(refusals_do_not_consume_and_keys_are_separate,
                        user_fixture) {
  for (int i = 0; i < 30; ++i)
    BOOST_REQUIRE(admit(key, create("w" + std::to_string(i))).admitted);
  sched.clock().current_time += std::chrono::seconds(10);
  // Hammering while refused moves nothing: the wait stays 50 s.
  for (int i = 0; i < 20; ++i) {
    auto r = admit(key, create("x"));
    BOOST_REQUIRE(!r.admitted);
    BOOST_REQUIRE(r.refusal.retry_after == 50);
  }
  sched.clock().current_time += std::chrono::seconds(50);
  BOOST_TEST(admit(key, create("after")).admitted);
  // Another key of the same user has its own, untouched buckets.
  auto other = key;
  other.key_id = "another-key";
  auto r = admit(other, create("other"));
  BOOST_TEST(r.admitted);
  BOOST_TEST(r.call.rate.remaining == 29);
}

BOOST_FIXTURE_TEST_CASE(team_calls_count_on_the_calling_key, user_fixture) {
  auto team_key = key;
  team_key.team_found = true;
  team_key.team_role = "member";
  team_key.team_owner_plan = "solo";
  auto remaining_after = [&](bool team) {
    auto c = list();
    if (team)
      c.team = "some-team";
    auto a = admit(team ? team_key : key, c);
    BOOST_REQUIRE(a.admitted);
    if (team) {
      BOOST_TEST(a.call.scope_id == "some-team");
      BOOST_TEST(a.call.role == "member");
    }
    return a.call.rate.remaining;
  };
  BOOST_TEST(remaining_after(false) == 119);
  BOOST_TEST(remaining_after(true) == 118);
  BOOST_TEST(remaining_after(false) == 117);
}

BOOST_FIXTURE_TEST_CASE(team_refusals_carry_the_bucket_state, user_fixture) {
  auto outsider = key;
  outsider.team_found = true; // the team exists, the caller is no member
  auto c = list();
  c.team = "some-team";
  auto a = admit(outsider, c);
  BOOST_REQUIRE(!a.admitted);
  BOOST_TEST(static_cast<int>(a.refusal.code)
             == static_cast<int>(errc::forbidden));
  BOOST_TEST(bucket_of(a.refusal.rate) == "119/120");
  auto poor = key;
  poor.team_found = true;
  poor.team_role = "viewer";
  poor.team_owner_plan = "free";
  a = admit(poor, c);
  BOOST_TEST(static_cast<int>(a.refusal.code)
             == static_cast<int>(errc::payment_required));
}

BOOST_AUTO_TEST_SUITE_END()
