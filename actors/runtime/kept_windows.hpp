// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The windows of keys this node no longer serves, kept for the node that
// just joined and serves them now: it asks for each key's windows before
// serving the key (handover_atom), and may ask after this node retired the
// key's actor. Taken once; kept at most a window's length (older
// admissions no longer count).

#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

#include "purse/actors/key_windows.hpp"
#include "purse/actors/user_settings.hpp"

namespace purse {

class kept_windows {
public:
  using clock = std::chrono::steady_clock;

  /// Keeps `w` for the key `lookup_id` (replacing what was kept).
  void put(const std::string& lookup_id, key_windows w) {
    auto now = clock::now();
    std::lock_guard<std::mutex> guard{mtx_};
    for (auto i = kept_.begin(); i != kept_.end();)
      i = now - i->second.second > rate_window_length ? kept_.erase(i)
                                                      : std::next(i);
    kept_[lookup_id] = {std::move(w), now};
  }

  /// What was kept for `lookup_id`, once.
  std::optional<key_windows> take(const std::string& lookup_id) {
    std::lock_guard<std::mutex> guard{mtx_};
    auto i = kept_.find(lookup_id);
    if (i == kept_.end())
      return std::nullopt;
    auto w = std::move(i->second.first);
    kept_.erase(i);
    return w;
  }

private:
  std::mutex mtx_;
  std::map<std::string, std::pair<key_windows, clock::time_point>> kept_;
};

} // namespace purse
