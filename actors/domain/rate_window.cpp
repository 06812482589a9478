// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/rate_window.hpp"

#include <algorithm>

namespace purse {

void rate_window::expire(time_point now) {
  while (!admitted_.empty() && admitted_.front() + window_ <= now)
    admitted_.pop_front();
}

rate_window::state rate_window::make_state(bool admitted,
                                           time_point now) const {
  state s;
  s.admitted = admitted;
  s.limit = limit_;
  // Windows taken over from another node may hold more than the limit.
  s.remaining = std::max<std::int64_t>(
    0, limit_ - static_cast<std::int64_t>(admitted_.size()));
  if (!admitted_.empty()) {
    // Round up: a client that waits this long is admitted.
    auto wait = admitted_.front() + window_ - now;
    auto secs = std::chrono::ceil<std::chrono::seconds>(wait).count();
    s.reset_seconds = secs < 1 ? 1 : secs;
  }
  return s;
}

rate_window::state rate_window::admit(time_point now) {
  expire(now);
  if (static_cast<std::int64_t>(admitted_.size()) >= limit_)
    return make_state(false, now);
  admitted_.push_back(now);
  return make_state(true, now);
}

rate_window::state rate_window::peek(time_point now) {
  expire(now);
  return make_state(true, now);
}

bool rate_window::idle(time_point now) {
  expire(now);
  return admitted_.empty();
}

std::vector<std::int64_t> rate_window::ages(time_point now) {
  expire(now);
  std::vector<std::int64_t> out;
  out.reserve(admitted_.size());
  for (auto t : admitted_)
    out.push_back(
      std::chrono::duration_cast<std::chrono::milliseconds>(now - t).count());
  return out;
}

void rate_window::absorb(const std::vector<std::int64_t>& ages_ms,
                         time_point now) {
  std::vector<time_point> all{admitted_.begin(), admitted_.end()};
  for (auto age : ages_ms)
    if (age >= 0 && std::chrono::milliseconds(age) < window_)
      all.push_back(now - std::chrono::milliseconds(age));
  std::sort(all.begin(), all.end());
  admitted_.assign(all.begin(), all.end());
  expire(now);
}

} // namespace purse
