// SPDX-License-Identifier: GPL-2.0-or-later
// purse-server's defaults follow the cores it may run on.

#include <thread>

#include <boost/test/unit_test.hpp>

#include "machine_defaults.hpp"

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

BOOST_AUTO_TEST_SUITE_END()
