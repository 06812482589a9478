// Scope and user actors, driven message by message on a test scheduler
// against the real test database.

#include <boost/test/unit_test.hpp>

#include "purse/actors/api_key.hpp"
#include "purse/actors/scope_actor.hpp"
#include "purse/actors/user_actor.hpp"
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

  api_result reply() {
    api_result out;
    self->receive(
      [&](api_result& r) {
        out = std::move(r);
      },
      caf::after(std::chrono::seconds(0)) >>
        [] {
          BOOST_FAIL("no reply in the mailbox");
        });
    return out;
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

struct user_fixture : scope_fixture {
  user_actor usr;
  persistence::auth_row auth;
  std::string hash;

  user_fixture() {
    usr = sys.spawn(purse::user, user.id, pool, user_settings{});
    sched.run();
    auto key = parse_api_key(user.key);
    BOOST_REQUIRE(key);
    hash = key->secret_hash;
    auth.key_found = true;
    auth.key_id = user.key_id;
    auth.secret_hash = hash;
    auth.audience = "public-api";
    auth.expires_at = std::numeric_limits<std::int64_t>::max();
    auth.user_id = user.id;
    auth.user_plan = "solo";
  }

  api_call list() {
    api_call c;
    c.resource = "tags";
    c.op = operation::list;
    return c;
  }
};

} // namespace

BOOST_FIXTURE_TEST_CASE(a_wrong_secret_is_401_and_the_scope_never_hears,
                        user_fixture) {
  auto wrong = hash;
  wrong[0] = wrong[0] == 'a' ? 'b' : 'a';
  self->send(usr, call_atom_v, auth, wrong, list(), scope);
  expect_next<call_atom, persistence::auth_row, std::string, api_call,
              scope_actor>(usr);
  BOOST_TEST(!sched.has_job());
  BOOST_TEST(static_cast<int>(reply().code)
             == static_cast<int>(errc::unauthenticated));
}

BOOST_FIXTURE_TEST_CASE(revoked_expired_app_and_free_are_refused_in_order,
                        user_fixture) {
  auto code_for = [&](persistence::auth_row a) {
    self->send(usr, call_atom_v, a, hash, list(), scope);
    sched.run();
    return static_cast<int>(reply().code);
  };
  auto revoked = auth;
  revoked.revoked_at = 1;
  revoked.user_plan = "free";
  BOOST_TEST(code_for(revoked) == static_cast<int>(errc::unauthenticated));
  auto expired = auth;
  expired.expires_at = 1;
  BOOST_TEST(code_for(expired) == static_cast<int>(errc::unauthenticated));
  auto app = auth;
  app.audience = "app";
  app.user_plan = "free";
  BOOST_TEST(code_for(app) == static_cast<int>(errc::forbidden));
  auto free = auth;
  free.user_plan = "free";
  BOOST_TEST(code_for(free) == static_cast<int>(errc::payment_required));
}

BOOST_FIXTURE_TEST_CASE(last_used_is_written_at_most_once_a_minute,
                        user_fixture) {
  auto touches = [&] {
    // Count the touch tasks (messages to the worker not from the scope's
    // own requests) by running one call and counting worker jobs.
    self->send(usr, call_atom_v, auth, hash, list(), scope);
    int worker_jobs = 0;
    while (sched.has_job()) {
      if (next_is_for(worker))
        ++worker_jobs;
      sched.run_once();
    }
    reply();
    return worker_jobs;
  };
  // First call: counts + list + touch.
  BOOST_TEST(touches() == 3);
  // Within the minute: list only.
  sched.clock().current_time += std::chrono::seconds(30);
  BOOST_TEST(touches() == 1);
  // A minute after the last write: list + touch again.
  sched.clock().current_time += std::chrono::seconds(31);
  BOOST_TEST(touches() == 2);
}

BOOST_FIXTURE_TEST_CASE(the_read_window_rolls_on_the_test_clock, user_fixture) {
  auto header = [](const api_result& r, const std::string& name) {
    for (auto& [k, v] : r.headers)
      if (k == name)
        return v;
    return std::string{};
  };
  auto read = [&] {
    self->send(usr, call_atom_v, auth, hash, list(), scope);
    sched.run();
    return reply();
  };
  for (int i = 0; i < 120; ++i) {
    auto r = read();
    BOOST_REQUIRE(static_cast<int>(r.code) == static_cast<int>(errc::ok));
    sched.clock().current_time += std::chrono::milliseconds(100);
  }
  auto refused = read();
  BOOST_TEST(static_cast<int>(refused.code)
             == static_cast<int>(errc::too_many_requests));
  // The first read was 12 s ago: it leaves the window in 48 s.
  BOOST_TEST(header(refused, "Retry-After") == "48");
  sched.clock().current_time += std::chrono::seconds(47);
  BOOST_TEST(static_cast<int>(read().code)
             == static_cast<int>(errc::too_many_requests));
  sched.clock().current_time += std::chrono::seconds(1);
  auto again = read();
  BOOST_TEST(static_cast<int>(again.code) == static_cast<int>(errc::ok));
  BOOST_TEST(header(again, "RateLimit-Remaining") == "0");
  // Writes have their own bucket.
  auto write = list();
  write.op = operation::create;
  write.is_read = false;
  write.body = R"({"name":"w"})";
  self->send(usr, call_atom_v, auth, hash, write, scope);
  sched.run();
  auto w = reply();
  BOOST_TEST(static_cast<int>(w.code) == static_cast<int>(errc::created));
  BOOST_TEST(header(w, "RateLimit") == R"("write";r=29;t=60)");
}

BOOST_FIXTURE_TEST_CASE(refusals_do_not_consume_and_keys_are_separate,
                        user_fixture) {
  auto write = [&](const persistence::auth_row& a, std::string name) {
    auto c = list();
    c.op = operation::create;
    c.is_read = false;
    c.body = R"({"name":")" + name + "\"}";
    self->send(usr, call_atom_v, a, hash, c, scope);
    sched.run();
    return reply();
  };
  for (int i = 0; i < 30; ++i)
    BOOST_REQUIRE(static_cast<int>(write(auth, "w" + std::to_string(i)).code)
                  == static_cast<int>(errc::created));
  sched.clock().current_time += std::chrono::seconds(10);
  // Hammering while refused moves nothing: the wait stays 50 s.
  for (int i = 0; i < 20; ++i) {
    auto r = write(auth, "x");
    BOOST_REQUIRE(static_cast<int>(r.code)
                  == static_cast<int>(errc::too_many_requests));
  }
  sched.clock().current_time += std::chrono::seconds(50);
  BOOST_TEST(static_cast<int>(write(auth, "after").code)
             == static_cast<int>(errc::created));
  // Another key of the same user has its own, untouched buckets (its hash
  // is checked too, so present the right one).
  auto other = auth;
  other.key_id = "another-key";
  auto r = write(other, "other");
  BOOST_TEST(static_cast<int>(r.code) == static_cast<int>(errc::created));
  bool seen = false;
  for (auto& [k, v] : r.headers)
    if (k == "RateLimit-Remaining") {
      BOOST_TEST(v == "29");
      seen = true;
    }
  BOOST_TEST(seen);
}

BOOST_FIXTURE_TEST_CASE(team_calls_count_on_the_calling_key, user_fixture) {
  auto team_id = admin_field(
    {"team", "create", "--name", "Bucket", "--owner", user.id}, "id");
  auto team_scope = sys.spawn(purse::scope, team_id, pool, quotas);
  auto team_auth = auth;
  team_auth.team_found = true;
  team_auth.team_role = "owner";
  team_auth.team_owner_plan = "solo";
  auto remaining_after = [&](bool team) {
    auto c = list();
    if (team)
      c.team = team_id;
    self->send(usr, call_atom_v, team ? team_auth : auth, hash, c,
               team ? team_scope : scope);
    sched.run();
    auto r = reply();
    for (auto& [k, v] : r.headers)
      if (k == "RateLimit-Remaining")
        return v;
    return std::string{};
  };
  BOOST_TEST(remaining_after(false) == "119");
  BOOST_TEST(remaining_after(true) == "118");
  BOOST_TEST(remaining_after(false) == "117");
}

BOOST_AUTO_TEST_SUITE_END()
