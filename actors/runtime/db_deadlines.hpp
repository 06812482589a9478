// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The deadlines of an actor's database round trips, kept by the actor
// itself instead of by the actor system's clock. CAF 0.17's clock is one
// thread behind one mutex: a request with a timeout adds an entry and
// wakes that thread (notify_all), and the entry stays when the answer
// comes, so the timeout still fires 30 s later and the actor is scheduled
// to drop a stale message. Per request that is the clock's lock and a
// wake-up now and an actor message later, on every write of the request
// path (docs/BENCHMARKS.md, "Deadlines without the actor clock"). So a
// round trip is sent without a timeout and recorded here with the time it
// was sent; a tick, armed only while something is in the database, finds
// the ones past their deadline, which the actor answers as timed out. A
// late answer is then told apart by finish() and dropped.

#include <chrono>
#include <cstdint>
#include <map>
#include <vector>

namespace purse {

/// How often an actor with round trips in the database looks for expired
/// ones: a deadline is kept to within this much.
constexpr std::chrono::seconds db_deadline_tick{5};

class db_deadlines {
public:
  using time_point = std::chrono::steady_clock::time_point;
  using duration = std::chrono::steady_clock::duration;

  /// Times the round trip `id` from `sent`.
  void start(std::uint64_t id, time_point sent) {
    sent_.emplace(id, sent);
  }

  /// The round trip `id` was answered: true if it was still timed, false
  /// if it had expired (its answer came too late and must be dropped).
  bool finish(std::uint64_t id) {
    return sent_.erase(id) > 0;
  }

  /// Takes out and returns the round trips sent `limit` or longer before
  /// `now`, oldest first.
  std::vector<std::uint64_t> expire(time_point now, duration limit) {
    std::vector<std::uint64_t> out;
    for (auto i = sent_.begin(); i != sent_.end();) {
      if (now - i->second >= limit) {
        out.push_back(i->first);
        i = sent_.erase(i);
      } else {
        ++i;
      }
    }
    return out;
  }

  /// Nothing is in the database.
  bool empty() const {
    return sent_.empty();
  }

private:
  /// By id (ids grow, so by the time they were sent too).
  std::map<std::uint64_t, time_point> sent_;
};

} // namespace purse
