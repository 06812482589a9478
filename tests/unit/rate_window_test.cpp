// SPDX-License-Identifier: GPL-2.0-or-later
// The rolling window behind the per-key read and write limits.

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
