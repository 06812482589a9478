#pragma once

// A scope's cached counts, kept exact by its scope actor (which sees every
// write of the scope) and read by key actors, so reads that need a count
// (the total of an unfiltered list, usage) need not pass through the scope
// actor.

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>

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

private:
  mutable std::mutex mtx_;
  bool loaded_ = false;
  map_type counts_;
};

} // namespace purse
