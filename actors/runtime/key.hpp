// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// State and behavior of a key actor (interface: key_actor.hpp).

#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include <caf/actor_clock.hpp>
#include <caf/stateful_actor.hpp>
#include <caf/typed_event_based_actor.hpp>

#include "key_actor.hpp"
#include "purse/actors/key_state.hpp"
#include "purse/actors/rate_window.hpp"
#include "request_path.hpp"

namespace purse {

/// Authentication state loaded for one path kind ("" personal, or a team
/// id), and the LISTEN epoch it was loaded under.
struct cached_auth {
  key_state state;
  std::uint64_t epoch = 0;
};

/// State of a key actor.
struct key_actor_state {
  static inline const char* name = "purse.key";
  std::string lookup_id;
  std::shared_ptr<request_path> path;
  /// By team id ("" for personal paths); valid while the epoch holds.
  std::map<std::string, cached_auth> cached;
  rate_window read_bucket{1, rate_window_length};
  rate_window write_bucket{1, rate_window_length};
  /// When last_used_at was last written (actor clock, for test clocks).
  bool touched = false;
  caf::actor_clock::time_point touched_at;
};

/// Behavior of a key actor.
key_actor::behavior_type key(key_actor::stateful_pointer<key_actor_state> self,
                             std::string lookup_id,
                             std::shared_ptr<request_path> path);

} // namespace purse
