// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace purse {

/// Settings of the request path: key rules, rate limits and how long idle
/// actors are kept.
struct user_settings {
  /// Where a Free-plan user can upgrade (shown in the 402 hint).
  std::string upgrade_url = "/settings/billing";
  /// Requests per key in any rolling minute: reads and writes.
  std::int64_t read_limit = 120;
  std::int64_t write_limit = 30;
  /// Failed authentications per client address per rolling minute; past
  /// it every keyed request from that address gets 429 until the window
  /// rolls, so keys cannot be guessed quickly.
  std::int64_t auth_failure_limit = 30;
  /// A user or scope actor that served nothing for this long is stopped;
  /// its state reloads on next use. Never shorter than the rate window (a
  /// key's buckets must not restart early) nor than a database operation's
  /// timeout (a scope's last write must be over before its successor
  /// loads the counts).
  std::chrono::seconds idle_timeout{300};
  /// How long the changes feed keeps tombstones (deleted records); a
  /// cursor older than the pruned ones answers 410 cursor_expired.
  std::chrono::seconds change_retention{90 * 24 * 60 * 60};
};

/// The rolling window of the rate limits.
constexpr std::chrono::seconds rate_window_length{60};

/// How long a database operation of the request path may take.
constexpr std::chrono::seconds db_operation_timeout{30};

/// The shortest idle time after which actors may be evicted.
constexpr std::chrono::seconds min_idle_timeout{60};

} // namespace purse
