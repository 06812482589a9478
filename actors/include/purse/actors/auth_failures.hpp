// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Failed authentications per client address, shared by the front door
// (which refuses blocked addresses before anything else runs) and the key
// actors (which record failures). Sharded by address, so no lock is shared
// by all requests.

#include <array>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include <caf/actor_clock.hpp>

#include "purse/actors/api_result.hpp"
#include "purse/actors/rate_window.hpp"

namespace purse {

/// The 429 for an address or key that failed to authenticate too often;
/// retry in `wait` seconds.
api_result too_many_failures(std::int64_t wait);

/// Rolling windows of failed authentications by client address.
class auth_failures {
public:
  using time_point = caf::actor_clock::time_point;

  /// `limit` failures per rolling window before an address is blocked.
  explicit auth_failures(std::int64_t limit) : limit_(limit) {
    // nop
  }

  /// Seconds until `address` may try again; nothing if it is not blocked.
  std::optional<std::int64_t> blocked(const std::string& address,
                                      time_point now);

  /// Counts a failed authentication of `address`.
  void record(const std::string& address, time_point now);

  /// Forgets addresses whose windows are empty.
  void prune(time_point now);

private:
  struct shard {
    std::mutex mtx;
    std::unordered_map<std::string, rate_window> windows;
  };

  shard& shard_of(const std::string& address);

  std::int64_t limit_;
  std::array<shard, 16> shards_;
};

} // namespace purse
