// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

#include <cstdint>

#include <caf/meta/type_name.hpp>

namespace purse {

/// Where the calling key stands in the bucket its call used: a fact the
/// domain reports and each front end renders in its own way (HTTP writes
/// the RateLimit headers).
struct rate_limit_state {
  /// False when no bucket applied (e.g. the key was refused first).
  bool present = false;
  /// The bucket used: reads (GET, HEAD) or writes.
  bool read = true;
  std::int64_t limit = 0;
  std::int64_t remaining = 0;
  /// Seconds until a request is admitted again (or the window is empty).
  std::int64_t reset_seconds = 0;
  /// The policy: requests per rolling window for each bucket.
  std::int64_t read_quota = 0;
  std::int64_t write_quota = 0;
  std::int64_t window_seconds = 60;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, rate_limit_state& x) {
  return f(caf::meta::type_name("purse::rate_limit_state"), x.present, x.read,
           x.limit, x.remaining, x.reset_seconds, x.read_quota, x.write_quota,
           x.window_seconds);
}

} // namespace purse
