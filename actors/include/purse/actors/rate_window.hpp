// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// A rolling-window rate limit: at most `limit` admissions in any window of
// `window` length. Exact (it remembers each admission in the window), so a
// client can never burst past the limit at a window boundary. Plain class:
// the caller supplies the time, so tests need no clock.

#include <chrono>
#include <cstdint>
#include <deque>
#include <vector>

namespace purse {

/// One bucket's rolling window.
class rate_window {
public:
  using clock = std::chrono::steady_clock;
  using time_point = clock::time_point;

  /// What a decision tells the client.
  struct state {
    bool admitted = false;
    std::int64_t limit = 0;
    std::int64_t remaining = 0;
    /// Whole seconds (at least 1) until the oldest request in the window
    /// leaves it, i.e. until `remaining` grows; 0 for an empty window. On a
    /// refusal this is when one more request would be admitted.
    std::int64_t reset_seconds = 0;
  };

  rate_window(std::int64_t limit, std::chrono::seconds window)
    : limit_(limit), window_(window) {
    // nop
  }

  /// Admits one request at `now` if the window has room. A refusal does
  /// not count against the window.
  state admit(time_point now);

  /// The state at `now` without admitting anything.
  state peek(time_point now);

  /// True when nothing in the window remains to remember (safe to drop).
  bool idle(time_point now);

  /// The admissions still in the window at `now`, as their ages in whole
  /// milliseconds (oldest first): what moves with a key to another node
  /// (clocks differ between nodes; ages do not).
  std::vector<std::int64_t> ages(time_point now);

  /// Counts admissions of this window made elsewhere (their ages at
  /// `now`) as if made here. A message's time in flight makes them look
  /// younger, so they are remembered a little longer, never shorter.
  void absorb(const std::vector<std::int64_t>& ages_ms, time_point now);

private:
  void expire(time_point now);
  state make_state(bool admitted, time_point now) const;

  std::int64_t limit_;
  std::chrono::seconds window_;
  std::deque<time_point> admitted_;
};

} // namespace purse
