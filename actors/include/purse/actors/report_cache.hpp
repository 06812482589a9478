// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Recent report answers of one scope. Key actors look here before a report
// reaches the database and fill it from the persistence worker that ran
// the report; the scope actor, which sees every write of its scope, drops
// everything when a batch of writes is done. A fill that began before such
// a drop is refused (the generation moved), so no answer computed from
// older data outlives a write. Entries also age out (time-zone defaults
// and "this month" depend on the clock and the caller's profile).

#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>

#include "purse/actors/api_call.hpp"
#include "purse/actors/api_result.hpp"

namespace purse {

/// A scope's kept report answers. Thread-safe.
class report_cache {
public:
  using time_point = std::chrono::steady_clock::time_point;

  /// How long an answer is served at most.
  static constexpr std::chrono::seconds ttl{30};

  /// Most answers kept per scope; the oldest goes first.
  static constexpr std::size_t max_entries = 64;

  /// The kept answer for `key`, unless it is older than ttl at `now`.
  std::optional<api_result> find(const std::string& key, time_point now) const;

  /// What a fill must present (read before the report runs).
  std::uint64_t generation() const;

  /// Keeps `r` unless the scope was written since `generation`.
  void fill(const std::string& key, std::uint64_t generation, time_point at,
            api_result r);

  /// Drops every answer (the scope was written).
  void drop_all();

private:
  struct entry {
    api_result result;
    time_point at;
  };
  mutable std::mutex mtx_;
  std::uint64_t generation_ = 0;
  std::map<std::string, entry> entries_;
};

/// The key a report call is kept under: the report, its parameters and,
/// when no `tz` parameter is given, the caller's profile zone (which then
/// applies): callers of one zone share answers.
std::string report_cache_key(const api_call& call);

} // namespace purse
