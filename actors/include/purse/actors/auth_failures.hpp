// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Failed authentications per name (a client address, a key's lookup id,
// an account), shared by the front door (which holds what a blocked client
// sends for the key checker, so it costs no read of its own) and the key
// actors (which record failures), and used by the settings page's sign-in.
// Sharded by name, so no lock is shared by all requests.

#include <array>
#include <chrono>
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

/// Rolling windows of failed authentications by name.
class auth_failures {
public:
  using time_point = caf::actor_clock::time_point;

  /// How often the keys that blocked clients present are looked up (all
  /// of them together; key_checker_actor.hpp).
  static constexpr std::chrono::seconds check_interval{1};

  /// `limit` failures per rolling window before a name is blocked.
  explicit auth_failures(std::int64_t limit) : limit_(limit) {
    // nop
  }

  /// Seconds until `name` may try again; nothing if it is not blocked.
  std::optional<std::int64_t> blocked(const std::string& name, time_point now);

  /// Failures of `name` in the window (at most the limit).
  std::int64_t count(const std::string& name, time_point now);

  /// Counts a failed authentication of `name`.
  void record(const std::string& name, time_point now);

  /// Forgets names whose windows are empty.
  void prune(time_point now);

private:
  struct entry {
    rate_window window;
  };

  struct shard {
    std::mutex mtx;
    std::unordered_map<std::string, entry> entries;
  };

  shard& shard_of(const std::string& name);

  /// Drops the idle entries of a locked shard.
  static void drop_idle(shard& s, time_point now);

  std::int64_t limit_;
  std::array<shard, 16> shards_;
};

} // namespace purse
