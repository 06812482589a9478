// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// What a scope actor publishes for key actors: the scope's counts, kept
// exact by the scope actor (which sees every write of the scope), so reads
// that need a count (the total of an unfiltered list, usage) need not pass
// through the scope actor; and its recent report answers, which the scope
// actor drops on every write (report_cache.hpp).

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>

#include "purse/actors/report_cache.hpp"

namespace purse {

/// Counts of one scope ("transactions", "accounts", ...).
class scope_counts {
public:
  using map_type = std::map<std::string, std::int64_t>;

  /// A copy of the counts; nothing until the scope actor loaded them.
  std::optional<map_type> snapshot() const {
    std::lock_guard<std::mutex> guard{mtx_};
    if (!loaded_)
      return std::nullopt;
    return counts_;
  }

  /// Publishes the scope actor's counts (after a load or a committed write).
  void publish(const map_type& counts) {
    std::lock_guard<std::mutex> guard{mtx_};
    counts_ = counts;
    loaded_ = true;
  }

  /// The counts are unknown (a write's outcome is uncertain).
  void invalidate() {
    std::lock_guard<std::mutex> guard{mtx_};
    loaded_ = false;
  }

  /// Recent report answers of the scope.
  report_cache reports;

private:
  mutable std::mutex mtx_;
  bool loaded_ = false;
  map_type counts_;
};

} // namespace purse
