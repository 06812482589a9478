// SPDX-License-Identifier: GPL-2.0-or-later
// Failed authentications per name: when a name is blocked and how many
// failures it has. (What a blocked client's keys wait for before they are
// looked up: held_checks_test.cpp.)

#include <boost/test/unit_test.hpp>

#include "purse/actors/auth_failures.hpp"

using namespace purse;
using namespace std::chrono_literals;

namespace {

struct fixture {
  auth_failures failures{3};
  auth_failures::time_point t0{};

  void fail(const std::string& name, int times) {
    for (int i = 0; i < times; ++i)
      failures.record(name, t0);
  }
};

} // namespace

BOOST_FIXTURE_TEST_SUITE(failed_authentications, fixture)

BOOST_AUTO_TEST_CASE(a_name_is_blocked_at_its_limit_until_the_window_rolls) {
  fail("198.51.100.1", 2);
  BOOST_TEST(!failures.blocked("198.51.100.1", t0 + 1s));
  fail("198.51.100.1", 1);
  auto wait = failures.blocked("198.51.100.1", t0 + 1s);
  BOOST_REQUIRE(wait.has_value());
  BOOST_TEST(*wait == 59);
  BOOST_TEST(!failures.blocked("198.51.100.1", t0 + 60s));
  // Other names are not touched.
  BOOST_TEST(!failures.blocked("198.51.100.2", t0 + 1s));
}

BOOST_AUTO_TEST_CASE(failures_are_counted_up_to_the_limit) {
  BOOST_TEST(failures.count("owner@example.test", t0) == 0);
  fail("owner@example.test", 2);
  BOOST_TEST(failures.count("owner@example.test", t0) == 2);
  fail("owner@example.test", 5);
  BOOST_TEST(failures.count("owner@example.test", t0) == 3);
  BOOST_TEST(failures.count("owner@example.test", t0 + 60s) == 0);
}

BOOST_AUTO_TEST_CASE(idle_names_are_forgotten) {
  fail("198.51.100.1", 3);
  failures.prune(t0 + 60s);
  BOOST_TEST(failures.count("198.51.100.1", t0 + 60s) == 0);
  BOOST_TEST(!failures.blocked("198.51.100.1", t0 + 60s));
}

BOOST_AUTO_TEST_SUITE_END()
