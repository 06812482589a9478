// SPDX-License-Identifier: GPL-2.0-or-later
// The rolling window behind the per-key read and write limits.

#include <vector>

#include <boost/test/unit_test.hpp>

#include "purse/actors/rate_window.hpp"

using namespace purse;
using namespace std::chrono_literals;

BOOST_AUTO_TEST_SUITE(rate_limits)

BOOST_AUTO_TEST_CASE(the_limit_is_admitted_and_the_next_is_refused) {
  rate_window w{120, 60s};
  rate_window::time_point t0{};
  for (int i = 0; i < 120; ++i) {
    auto s = w.admit(t0 + std::chrono::milliseconds(i * 10));
    BOOST_TEST(s.admitted);
    BOOST_TEST(s.remaining == 119 - i);
  }
  auto refused = w.admit(t0 + 2s);
  BOOST_TEST(!refused.admitted);
  BOOST_TEST(refused.remaining == 0);
  // The first admission (at t0) leaves the window at t0 + 60 s.
  BOOST_TEST(refused.reset_seconds == 58);
}

BOOST_AUTO_TEST_CASE(
  a_window_moves_to_another_node_by_the_ages_of_its_admissions) {
  // Node A admits 3 of 5; the key moves to node B, whose clock is another
  // (its time points mean nothing to A): B counts A's admissions by age.
  rate_window a{5, 60s};
  rate_window::time_point ta{std::chrono::hours(100)};
  a.admit(ta);
  a.admit(ta + 10s);
  a.admit(ta + 20s);
  auto ages = a.ages(ta + 30s);
  BOOST_TEST(ages == (std::vector<std::int64_t>{30000, 20000, 10000}));
  rate_window b{5, 60s};
  rate_window::time_point tb{std::chrono::hours(7)};
  b.admit(tb - 5s);
  b.absorb(ages, tb);
  BOOST_TEST(b.admit(tb).admitted);
  auto full = b.admit(tb + 1s);
  BOOST_TEST(!full.admitted);
  BOOST_TEST(full.remaining == 0);
  // A's first admission leaves B's window 60 s after it was made.
  BOOST_TEST(b.admit(tb + 31s).admitted);
  // Ages past the window, or negative, are not counted.
  rate_window c{1, 60s};
  c.absorb({60000, -1}, tb);
  BOOST_TEST(c.admit(tb).admitted);
}

BOOST_AUTO_TEST_CASE(windows_taken_over_may_hold_more_than_the_limit) {
  rate_window w{2, 60s};
  rate_window::time_point t0{};
  w.admit(t0);
  w.admit(t0);
  w.absorb({0, 0}, t0);
  auto s = w.peek(t0);
  BOOST_TEST(s.remaining == 0);
  BOOST_TEST(!w.admit(t0 + 59s).admitted);
  BOOST_TEST(w.admit(t0 + 60s).admitted);
}

BOOST_AUTO_TEST_CASE(a_refusal_does_not_use_up_the_window) {
  rate_window w{2, 60s};
  rate_window::time_point t0{};
  w.admit(t0);
  w.admit(t0 + 1s);
  for (int i = 0; i < 10; ++i)
    BOOST_TEST(!w.admit(t0 + 2s).admitted);
  // Exactly when the first admission expires, one more is admitted.
  BOOST_TEST(!w.admit(t0 + 59s).admitted);
  BOOST_TEST(w.admit(t0 + 60s).admitted);
  BOOST_TEST(!w.admit(t0 + 60s).admitted);
  BOOST_TEST(w.admit(t0 + 61s).admitted);
}

BOOST_AUTO_TEST_CASE(the_window_rolls_rather_than_resetting) {
  rate_window w{3, 60s};
  rate_window::time_point t0{};
  w.admit(t0 + 50s);
  w.admit(t0 + 55s);
  w.admit(t0 + 59s);
  // A fixed window would reset at 60 s; the rolling one still holds three.
  BOOST_TEST(!w.admit(t0 + 61s).admitted);
  BOOST_TEST(w.admit(t0 + 110s).admitted);
}

BOOST_AUTO_TEST_CASE(retry_after_is_whole_seconds_and_at_least_one) {
  rate_window w{1, 60s};
  rate_window::time_point t0{};
  w.admit(t0);
  auto s = w.admit(t0 + std::chrono::milliseconds(59'500));
  BOOST_TEST(!s.admitted);
  BOOST_TEST(s.reset_seconds == 1);
  auto early = w.admit(t0 + std::chrono::milliseconds(100));
  BOOST_TEST(early.reset_seconds == 60);
}

BOOST_AUTO_TEST_CASE(peek_reports_without_admitting_and_idle_means_empty) {
  rate_window w{5, 60s};
  rate_window::time_point t0{};
  BOOST_TEST(w.idle(t0));
  w.admit(t0);
  BOOST_TEST(w.peek(t0 + 1s).remaining == 4);
  BOOST_TEST(w.peek(t0 + 1s).remaining == 4);
  BOOST_TEST(!w.idle(t0 + 59s));
  BOOST_TEST(w.idle(t0 + 60s));
}

BOOST_AUTO_TEST_SUITE_END()
