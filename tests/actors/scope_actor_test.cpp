// SPDX-License-Identifier: GPL-2.0-or-later
// Scope actors, driven message by message on a test scheduler
// against the real test database.

#include <boost/test/unit_test.hpp>

#include "purse/actors/api_key.hpp"
#include "purse/actors/user_settings.hpp"
#include "scope.hpp"
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

/// A scope actor under test.
struct with_scope : deterministic_fixture {
  scope_actor scope;

  /// Runs the scope's messages only (the worker's wait: a round trip
  /// held in the database).
  void run_scope() {
    while (sched.prioritize(scope))
      sched.run_once();
  }
};

/// A fresh scope (a new user) with one account, made through the CLI.
struct scope_fixture : with_scope {
  user_with_key user = make_user("solo");

  scope_fixture() {
    scope = sys.spawn(purse::scope, user.id, pool, quotas,
                      std::make_shared<scope_counts>(), alone());
    sched.run();
  }
};

/// A scope whose counts are loaded, with solo.tags=3, for scripting
/// batches: each write sent is taken by the scope at once (ahead of the
/// worker), so writes sent while a batch runs queue for the next one.
struct batch_fixture : with_scope {
  user_with_key user = make_user("solo");

  batch_fixture() {
    auto small = std::make_shared<quota_table>(quota_table::defaults());
    std::string error;
    BOOST_REQUIRE(small->apply("solo.tags=3", error));
    quotas = small;
    scope = sys.spawn(purse::scope, user.id, pool, quotas,
                      std::make_shared<scope_counts>(), alone());
    sched.run();
    BOOST_REQUIRE(code(list_tags()) == code(errc::ok));
  }

  static int code(const api_result& r) {
    return static_cast<int>(r.code);
  }

  static int code(errc e) {
    return static_cast<int>(e);
  }

  api_call create_tag(const std::string& name) const {
    return call_for(user.id, "tags", operation::create,
                    R"({"name":")" + name + "\"}");
  }

  /// Sends a call and lets the scope take it before anything else runs.
  void send_write(api_call c) {
    c.is_read = false;
    self->send(scope, call_atom_v, std::move(c));
    sched.prioritize(scope);
    expect_next<call_atom, api_call>(scope);
  }

  /// A write without a tag quota, to keep the scope busy.
  api_call busy() const {
    return call_for(user.id, "categories", operation::create,
                    R"({"name":"busy"})");
  }

  api_result list_tags() {
    self->send(scope, call_atom_v, call_for(user.id, "tags", operation::list));
    sched.run();
    return reply();
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

BOOST_FIXTURE_TEST_CASE(writes_queued_during_a_batch_commit_together,
                        batch_fixture) {
  // The first write goes alone; the three that arrive while it is in the
  // database go as one batch, and the duplicate name among them fails
  // alone (its savepoint), not its neighbours.
  send_write(create_tag("a"));
  send_write(create_tag("b"));
  send_write(create_tag("a"));
  send_write(create_tag("c"));
  expect_next<batch_atom, write_batch>(worker); // [a]
  expect_next<batch_outcome>(scope);
  BOOST_TEST(self->mailbox().size() == 1u);
  expect_next<batch_atom, write_batch>(worker); // [b, a, c]
  // Committed, but nobody is answered before the scope took the outcome.
  BOOST_TEST(self->mailbox().size() == 1u);
  expect_next<batch_outcome>(scope);
  BOOST_TEST(!sched.has_job());
  BOOST_TEST(code(reply()) == code(errc::created));
  BOOST_TEST(code(reply()) == code(errc::created));
  auto dup = reply();
  BOOST_TEST(code(dup) == code(errc::unprocessable));
  BOOST_TEST(dup.data.find("already exists") != std::string::npos);
  BOOST_TEST(code(reply()) == code(errc::created));
  auto listed = list_tags();
  BOOST_TEST(listed.data.find("\"total\":3") != std::string::npos);
  for (auto name : {"\"a\"", "\"b\"", "\"c\""})
    BOOST_TEST(listed.data.find(name) != std::string::npos, name);
}

BOOST_FIXTURE_TEST_CASE(quotas_are_checked_in_order_inside_a_batch,
                        batch_fixture) {
  // solo.tags=3 and one tag. In one batch: a write that fails takes no
  // place, the next two take the last ones, the one after is refused, a
  // delete frees a place and the last create takes it.
  send_write(create_tag("t1"));
  expect_next<batch_atom, write_batch>(worker);
  expect_next<batch_outcome>(scope);
  auto t1 = reply();
  BOOST_REQUIRE(code(t1) == code(errc::created));
  auto t1_id = t1.data.substr(t1.data.find("\"id\":\"") + 6, 36);
  send_write(busy()); // keeps the next ones queued
  send_write(create_tag("t1"));
  send_write(create_tag("t2"));
  send_write(create_tag("t3"));
  send_write(create_tag("t5"));
  auto del = call_for(user.id, "tags", operation::remove);
  del.id = t1_id;
  send_write(del);
  send_write(create_tag("t4"));
  expect_next<batch_atom, write_batch>(worker); // [busy]
  expect_next<batch_outcome>(scope);
  expect_next<batch_atom, write_batch>(worker); // the six
  expect_next<batch_outcome>(scope);
  BOOST_TEST(!sched.has_job());
  BOOST_TEST(code(reply()) == code(errc::created)); // busy
  auto dup = reply();
  BOOST_TEST(code(dup) == code(errc::unprocessable));
  BOOST_TEST(dup.data.find("already exists") != std::string::npos, dup.data);
  BOOST_TEST(code(reply()) == code(errc::created)); // t2
  BOOST_TEST(code(reply()) == code(errc::created)); // t3
  auto over = reply();
  BOOST_TEST(code(over) == code(errc::quota_exceeded));
  BOOST_TEST(over.message.find("solo plan allows 3 tags") != std::string::npos,
             over.message);
  BOOST_TEST(over.message.find("this scope has 3") != std::string::npos);
  BOOST_TEST(code(reply()) == code(errc::ok));      // the delete
  BOOST_TEST(code(reply()) == code(errc::created)); // t4
  auto listed = list_tags();
  BOOST_TEST(listed.data.find("\"total\":3") != std::string::npos);
  for (auto name : {"\"t2\"", "\"t3\"", "\"t4\""})
    BOOST_TEST(listed.data.find(name) != std::string::npos, name);
  BOOST_TEST(listed.data.find("\"t5\"") == std::string::npos);
}

BOOST_FIXTURE_TEST_CASE(idempotent_replays_inside_a_batch, batch_fixture) {
  // The first of two same requests under one key runs; the second, in
  // the same batch, replays its answer (stored in the same transaction);
  // another request under that key is refused; a new key runs.
  auto with_key = [key_id = user.key_id](api_call c, std::string key) {
    c.key_id = key_id;
    c.idempotency_key = std::move(key);
    return c;
  };
  auto k = "k-" + user.id;
  send_write(busy());
  send_write(with_key(create_tag("x"), k));
  send_write(with_key(create_tag("x"), k));
  send_write(with_key(create_tag("y"), k));
  send_write(with_key(create_tag("x"), "other-" + user.id));
  expect_next<batch_atom, write_batch>(worker); // [busy]
  expect_next<batch_outcome>(scope);
  expect_next<batch_atom, write_batch>(worker); // the four
  expect_next<batch_outcome>(scope);
  BOOST_TEST(!sched.has_job());
  reply(); // busy
  auto first = reply();
  auto again = reply();
  auto other_body = reply();
  auto other_key = reply();
  BOOST_TEST(code(first) == code(errc::created));
  BOOST_TEST(!first.replayed);
  BOOST_TEST(code(again) == code(errc::created));
  BOOST_TEST(again.replayed);
  BOOST_TEST(again.data == first.data);
  BOOST_TEST(code(other_body) == code(errc::unprocessable));
  BOOST_TEST(other_body.data.find("Idempotency-Key") != std::string::npos);
  BOOST_TEST(code(other_key) == code(errc::unprocessable)); // name taken
  BOOST_TEST(list_tags().data.find("\"total\":1") != std::string::npos);
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

BOOST_FIXTURE_TEST_CASE(a_batch_past_its_deadline_is_answered_and_dropped,
                        batch_fixture) {
  // The worker holds the batch: it is answered as timed out once it is
  // db_operation_timeout old (within a tick), not before; its late answer
  // (it committed) is dropped, and the scope goes on, counting again
  // first.
  send_write(create_tag("late"));
  BOOST_REQUIRE(next_is_for(worker)); // the batch, held
  sched.advance_time(db_operation_timeout - std::chrono::seconds(1));
  run_scope();
  BOOST_TEST(self->mailbox().size() == 0u); // not yet
  sched.advance_time(db_deadline_tick);
  run_scope();
  BOOST_TEST(code(reply()) == code(errc::timeout));
  expect_next<batch_atom, write_batch>(worker); // the late batch
  expect_next<batch_outcome>(scope);
  BOOST_TEST(self->mailbox().size() == 0u); // dropped
  send_write(create_tag("next"));
  expect_next<run_atom, db_task>(worker); // the counts, again
  expect_next<db_outcome>(scope);
  expect_next<batch_atom, write_batch>(worker);
  expect_next<batch_outcome>(scope);
  BOOST_TEST(code(reply()) == code(errc::created));
  auto listed = list_tags();
  BOOST_TEST(listed.data.find("\"total\":2") != std::string::npos, listed.data);
}

BOOST_FIXTURE_TEST_CASE(a_read_past_its_deadline_is_answered_and_dropped,
                        scope_fixture) {
  self->send(scope, call_atom_v, call_for(user.id, "tags", operation::list));
  sched.run();
  reply();
  self->send(scope, call_atom_v, call_for(user.id, "tags", operation::list));
  run_scope();
  BOOST_REQUIRE(next_is_for(worker)); // the read, held
  sched.advance_time(db_operation_timeout + db_deadline_tick);
  run_scope();
  BOOST_TEST(static_cast<int>(reply().code) == static_cast<int>(errc::timeout));
  expect_next<run_atom, db_task>(worker);
  expect_next<db_outcome>(scope);
  BOOST_TEST(self->mailbox().size() == 0u); // dropped
}

BOOST_FIXTURE_TEST_CASE(round_trips_in_the_database_share_one_tick,
                        scope_fixture) {
  // Deadlines are the scope's own: however many round trips are in the
  // database, the actor clock holds no entry for them but the scope's
  // tick (a request with a timeout adds one that stays until it fires,
  // answered or not), and the tick stops once nothing is in the database.
  self->send(scope, call_atom_v, call_for(user.id, "tags", operation::list));
  sched.run();
  reply();
  auto entries = sched.clock().schedule().size(); // the tick, the counts'
  for (int i = 0; i < 3; ++i) {
    self->send(scope, call_atom_v, call_for(user.id, "tags", operation::list));
    run_scope();
  }
  BOOST_TEST(sched.clock().schedule().size() == entries);
  sched.run();
  for (int i = 0; i < 3; ++i)
    BOOST_TEST(static_cast<int>(reply().code) == static_cast<int>(errc::ok));
  sched.advance_time(db_operation_timeout + db_deadline_tick);
  sched.run();
  BOOST_TEST(sched.clock().schedule().empty());
}

BOOST_AUTO_TEST_SUITE_END()
