// SPDX-License-Identifier: GPL-2.0-or-later
// purse-server's defaults follow the cores it may run on.

#include <thread>

#include <sched.h>

#include <boost/test/unit_test.hpp>
#include <caf/actor_system_config.hpp>

#include "machine_defaults.hpp"
#include "scheduler_options.hpp"

using namespace purse::server;

BOOST_AUTO_TEST_SUITE(machine_defaults_suite)

BOOST_AUTO_TEST_CASE(small_machines_keep_the_old_defaults) {
  for (std::size_t cores : {1u, 2u, 4u, 5u}) {
    auto d = defaults_for(cores);
    BOOST_TEST(d.io_threads == (cores < 4 ? 2u : cores / 2), cores);
    BOOST_TEST(d.db_pool == 8u, cores);
  }
}

BOOST_AUTO_TEST_CASE(many_cores_get_more_io_threads_and_workers) {
  // 16 cores: what the many-core measurements ran with by hand.
  auto d = defaults_for(16);
  BOOST_TEST(d.io_threads == 8u);
  BOOST_TEST(d.db_pool == 24u);
  // The pool stays far under PostgreSQL's default max_connections (100)
  // for one server, however many cores.
  BOOST_TEST(defaults_for(256).db_pool == 64u);
  BOOST_TEST(defaults_for(256).io_threads == 64u);
}

BOOST_AUTO_TEST_CASE(the_usable_cores_are_this_process_s) {
  auto n = usable_cores();
  BOOST_TEST(n >= 1u);
  BOOST_TEST(n <= std::max(1u, std::thread::hardware_concurrency()));
}

namespace {

std::size_t scheduler_threads(const scheduler_options& opts) {
  caf::actor_system_config cfg;
  BOOST_TEST_REQUIRE(apply(opts, cfg).empty());
  return caf::get_or(cfg, "scheduler.max-threads", std::size_t{0});
}

} // namespace

BOOST_AUTO_TEST_CASE(actor_threads_follow_the_cores_this_process_may_use) {
  // Pinned to one core (sched_setaffinity with 0 sets the calling thread's
  // mask, which usable_cores reads), the default is one actor thread, not
  // one per core of the machine; the flag still wins.
  cpu_set_t saved;
  CPU_ZERO(&saved);
  BOOST_TEST_REQUIRE(sched_getaffinity(0, sizeof(saved), &saved) == 0);
  int first = 0;
  while (!CPU_ISSET(first, &saved))
    ++first;
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(first, &one);
  BOOST_TEST_REQUIRE(sched_setaffinity(0, sizeof(one), &one) == 0);
  auto pinned = scheduler_threads({});
  scheduler_options three;
  three.threads = 3;
  auto flagged = scheduler_threads(three);
  sched_setaffinity(0, sizeof(saved), &saved);
  BOOST_TEST(pinned == 1u);
  BOOST_TEST(flagged == 3u);
  BOOST_TEST(scheduler_threads({}) == usable_cores());
}

BOOST_AUTO_TEST_SUITE_END()
