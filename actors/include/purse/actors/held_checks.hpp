// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Calls from blocked clients whose keys are not in memory wait here to be
// looked up together: one statement for all of them, at most once per
// interval, so a blocked client cannot make the database read more, while
// every key it presents is still looked up (a right key is never refused
// unread). What may wait is bounded per client and in all. Plain class: the
// caller supplies the time, so tests need no clock.

#include <chrono>
#include <cstddef>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <caf/actor_clock.hpp>

namespace purse {

/// Items held for the next check, counted per name (a client address).
template <class T>
class held_checks {
public:
  using time_point = caf::actor_clock::time_point;
  using duration = caf::actor_clock::clock_type::duration;

  /// At most `per_name` items of one name and `total` in all; checks start
  /// at least `interval` apart.
  held_checks(std::size_t per_name, std::size_t total, duration interval)
    : per_name_(per_name), total_(total), interval_(interval) {
    // nop
  }

  /// Holds `item` of `name` for the next check; false (nothing held) when
  /// `name`, or all names together, hold their most already.
  bool hold(const std::string& name, T item) {
    if (items_.size() >= total_)
      return false;
    auto& n = counts_[name];
    if (n >= per_name_)
      return false;
    ++n;
    items_.push_back(std::move(item));
    return true;
  }

  /// Whether nothing is held.
  bool empty() const {
    return items_.empty();
  }

  /// How many items are held.
  std::size_t size() const {
    return items_.size();
  }

  /// When the next check may start: `now` if none started in the last
  /// interval, else an interval after the last one started.
  time_point due(time_point now) const {
    if (!started_ || now >= last_ + interval_)
      return now;
    return last_ + interval_;
  }

  /// Takes everything held, for a check that starts at `now`.
  std::vector<T> take(time_point now) {
    started_ = true;
    last_ = now;
    counts_.clear();
    std::vector<T> out;
    out.swap(items_);
    return out;
  }

private:
  std::size_t per_name_;
  std::size_t total_;
  duration interval_;
  std::vector<T> items_;
  std::unordered_map<std::string, std::size_t> counts_;
  bool started_ = false;
  time_point last_{};
};

} // namespace purse
