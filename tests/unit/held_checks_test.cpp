// SPDX-License-Identifier: GPL-2.0-or-later
// The keys of blocked clients wait to be looked up together: one lookup
// (one statement) per interval for all of them, and at most so many calls
// held per client and in all, so a flood from a blocked client costs
// bounded reads and memory while a right key among it is still looked up.

#include <boost/test/unit_test.hpp>

#include "purse/actors/held_checks.hpp"

using namespace purse;
using namespace std::chrono_literals;

namespace {

struct fixture {
  /// 3 per address, 5 in all, a lookup per second.
  held_checks<int> held{3, 5, 1s};
  held_checks<int>::time_point t0{};
};

} // namespace

BOOST_FIXTURE_TEST_SUITE(held_key_checks, fixture)

BOOST_AUTO_TEST_CASE(the_first_lookup_is_due_at_once) {
  BOOST_TEST(held.empty());
  BOOST_TEST(held.hold("198.51.100.1", 1));
  BOOST_TEST(!held.empty());
  BOOST_TEST((held.due(t0 + 5ms) == t0 + 5ms));
}

BOOST_AUTO_TEST_CASE(lookups_start_an_interval_apart_and_take_everything) {
  held.hold("198.51.100.1", 1);
  held.hold("198.51.100.2", 2);
  auto first = held.take(t0);
  BOOST_TEST((first == std::vector<int>{1, 2}));
  BOOST_TEST(held.empty());
  // What arrives meanwhile waits for the end of the interval, then goes
  // in one lookup, however much it is.
  held.hold("198.51.100.1", 3);
  held.hold("198.51.100.3", 4);
  BOOST_TEST((held.due(t0 + 10ms) == t0 + 1s));
  BOOST_TEST((held.due(t0 + 999ms) == t0 + 1s));
  BOOST_TEST((held.due(t0 + 1s) == t0 + 1s));
  auto second = held.take(t0 + 1s);
  BOOST_TEST((second == std::vector<int>{3, 4}));
  // After a quiet interval the next one is due at once again.
  held.hold("198.51.100.1", 5);
  BOOST_TEST((held.due(t0 + 3s) == t0 + 3s));
}

BOOST_AUTO_TEST_CASE(one_client_holds_at_most_its_share) {
  for (int i = 0; i < 3; ++i)
    BOOST_TEST(held.hold("198.51.100.1", i));
  // A flood past its share is refused ...
  BOOST_TEST(!held.hold("198.51.100.1", 9));
  // ... while another client's key is still held ...
  BOOST_TEST(held.hold("203.0.113.7", 10));
  BOOST_TEST(held.size() == 4u);
  // ... and a lookup gives every client its share back.
  held.take(t0);
  BOOST_TEST(held.hold("198.51.100.1", 11));
}

BOOST_AUTO_TEST_CASE(all_clients_together_hold_at_most_the_total) {
  held.hold("198.51.100.1", 1);
  held.hold("198.51.100.2", 2);
  held.hold("198.51.100.3", 3);
  held.hold("198.51.100.4", 4);
  held.hold("198.51.100.5", 5);
  BOOST_TEST(!held.hold("198.51.100.6", 6));
  BOOST_TEST(held.size() == 5u);
  BOOST_TEST(held.take(t0).size() == 5u);
  BOOST_TEST(held.hold("198.51.100.6", 6));
}

BOOST_AUTO_TEST_SUITE_END()
