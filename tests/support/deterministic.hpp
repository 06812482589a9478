// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// A deterministic actor system for scripted message tests: CAF's test
// coordinator runs one message at a time on the test thread, and a test
// clock replaces real time. CAF's own expect() needs CAF's test runner, so
// expect_next() does the same job with Boost assertions.

#include <memory>

#include <boost/test/unit_test.hpp>
#include <caf/actor_system.hpp>
#include <caf/actor_system_config.hpp>
#include <caf/scheduler/test_coordinator.hpp>
#include <caf/scoped_actor.hpp>

#include "db_pool.hpp"
#include "purse/actors/quotas.hpp"

namespace purse::test {

/// Configures the testing scheduler.
caf::actor_system_config& deterministic_config(caf::actor_system_config& cfg);

/// Actor system, test scheduler, a scoped actor for replies, and a pool of
/// persistence workers that run on the test scheduler (not detached) over
/// the real test database.
struct deterministic_fixture {
  caf::actor_system_config cfg;
  caf::actor_system sys;
  caf::scheduler::test_coordinator& sched;
  caf::scoped_actor self;
  std::shared_ptr<persistence::store> store;
  db_worker_actor worker;
  std::shared_ptr<db_pool> pool;
  std::shared_ptr<const quota_table> quotas
    = std::make_shared<quota_table>(quota_table::defaults());

  deterministic_fixture();
  ~deterministic_fixture();

  /// The api_result waiting in the scoped actor's mailbox (fails the test
  /// if there is none).
  api_result reply();

  /// Runs the next job, which must be a message of types Ts... for `dest`.
  template <class... Ts, class Handle>
  void expect_next(const Handle& dest) {
    BOOST_REQUIRE_MESSAGE(sched.has_job(), "no pending message");
    auto& next = sched.next_job<caf::abstract_actor>();
    BOOST_REQUIRE_MESSAGE(&next == caf::actor_cast<caf::abstract_actor*>(dest),
                          "the next message goes to another actor");
    auto ptr = next.peek_at_next_mailbox_element();
    BOOST_REQUIRE(ptr != nullptr);
    BOOST_REQUIRE_MESSAGE(ptr->content().template match_elements<Ts...>(),
                          "unexpected message "
                            << caf::to_string(ptr->content()));
    sched.run_once();
  }

  /// True if the next job is for `dest`.
  template <class Handle>
  bool next_is_for(const Handle& dest) {
    return sched.has_job()
           && &sched.next_job<caf::abstract_actor>()
                == caf::actor_cast<caf::abstract_actor*>(dest);
  }
};

} // namespace purse::test
