// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/rate_window.hpp"

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
  s.remaining = limit_ - static_cast<std::int64_t>(admitted_.size());
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

} // namespace purse
