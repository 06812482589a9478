// Scope actors, driven message by message on a test scheduler
// against the real test database.

#include <boost/test/unit_test.hpp>

#include "purse/actors/api_key.hpp"
#include "purse/actors/scope.hpp"
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
    scope = sys.spawn(purse::scope, user.id, pool, quotas,
                      std::make_shared<scope_counts>());
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
  auto sc = sys.spawn(purse::scope, user.id, two, quotas,
                      std::make_shared<scope_counts>());
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
