// SPDX-License-Identifier: GPL-2.0-or-later
// The pool hands a task to an idle persistence worker before a busy one,
// and, when every worker is busy, to the one with the fewest tasks
// outstanding: a read never waits behind a long batch while another
// worker sits idle. Real workers (detached actors on their own threads)
// on the test database, held busy by tasks that wait for the test.

#include <boost/test/unit_test.hpp>

#include <chrono>
#include <future>
#include <memory>
#include <vector>

#include <caf/actor_system.hpp>
#include <caf/actor_system_config.hpp>
#include <caf/scoped_actor.hpp>

#include "db_pool.hpp"
#include "purse/actors/atoms.hpp"
#include "support/processes.hpp"

using namespace purse;

namespace {

struct pool_fixture {
  caf::actor_system_config cfg;
  caf::actor_system sys{cfg};
  caf::scoped_actor self{sys};
  std::shared_ptr<persistence::store> store
    = std::make_shared<persistence::store>(
      persistence::store_options{test::database_url(), 3});
  db_pool pool{sys, store, 3};
  /// Released at the end: every task still held returns then.
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  int sent = 0;

  ~pool_fixture() {
    release.set_value();
    // Every task sent is answered before the workers go.
    for (int i = 0; i < sent; ++i)
      self->receive([](api_result&) {},
                    caf::after(std::chrono::seconds(10)) >> [] {});
    for (auto& w : pool.workers())
      self->send_exit(w, caf::exit_reason::user_shutdown);
  }

  /// The pool's next worker, given a task that holds it until the end.
  db_worker_actor hold_next() {
    auto w = pool.next();
    db_task hold{[gate = released](persistence::store&) {
      gate.wait();
      return db_outcome{make_result(errc::ok), {}};
    }};
    self->send(w, answer_atom_v, std::move(hold), rate_limit_state{});
    ++sent;
    return w;
  }

  /// The pool's next worker, given a task that returns at once; waits
  /// for its answer, so the worker is idle again.
  db_worker_actor run_next() {
    auto w = pool.next();
    db_task quick{[](persistence::store&) {
      return db_outcome{make_result(errc::ok), {}};
    }};
    bool answered = false;
    self
      ->request(w, std::chrono::seconds(10), answer_atom_v, std::move(quick),
                rate_limit_state{})
      .receive(
        [&](api_result&) {
          answered = true;
        },
        [](caf::error&) {});
    BOOST_TEST_REQUIRE(answered);
    return w;
  }

  std::uint64_t waits() const {
    domain_metrics m;
    pool.report(m);
    return m.db_waits;
  }
};

} // namespace

BOOST_AUTO_TEST_SUITE(db_pool_choice)

BOOST_FIXTURE_TEST_CASE(an_idle_worker_takes_the_task_before_a_busy_one,
                        pool_fixture) {
  auto first = hold_next();  // turn 0
  auto second = hold_next(); // turn 1
  BOOST_TEST((first != second));
  auto third = run_next(); // turn 2, idle again once answered
  BOOST_TEST((third != first));
  BOOST_TEST((third != second));
  // Turn 3 would be the first worker again, which is still busy: the
  // idle one takes it.
  auto fourth = run_next();
  BOOST_TEST((fourth == third));
  BOOST_TEST(waits() == 0u);
}

BOOST_FIXTURE_TEST_CASE(a_task_that_finds_every_worker_busy_counts_a_wait,
                        pool_fixture) {
  hold_next();
  hold_next();
  hold_next();
  BOOST_TEST(waits() == 0u);
  hold_next();
  BOOST_TEST(waits() == 1u);
}

namespace {

std::vector<std::shared_ptr<worker_load>>
loads(std::initializer_list<std::int64_t> outstanding) {
  std::vector<std::shared_ptr<worker_load>> out;
  for (auto n : outstanding) {
    out.push_back(std::make_shared<worker_load>());
    out.back()->outstanding = n;
  }
  return out;
}

} // namespace

BOOST_AUTO_TEST_CASE(the_turn_goes_to_the_first_idle_worker_from_it) {
  BOOST_TEST(pick_worker(loads({0, 0, 0}), 1) == 1u);
  BOOST_TEST(pick_worker(loads({0, 2, 1}), 1) == 0u);
  BOOST_TEST(pick_worker(loads({1, 2, 0, 0}), 5) == 2u);
}

BOOST_AUTO_TEST_CASE(with_every_worker_busy_the_least_loaded_waits) {
  BOOST_TEST(pick_worker(loads({2, 3, 1}), 0) == 2u);
  BOOST_TEST(pick_worker(loads({1, 3, 1}), 1) == 2u);
  // Ties go to the first from the turn.
  BOOST_TEST(pick_worker(loads({2, 2, 2}), 4) == 1u);
  BOOST_TEST(pick_worker(loads({5}), 7) == 0u);
}

BOOST_AUTO_TEST_SUITE_END()
