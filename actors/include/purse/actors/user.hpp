#pragma once

// State and behavior of a user actor (interface: user_actor.hpp).

#include <map>
#include <memory>
#include <string>

#include <caf/actor_clock.hpp>
#include <caf/stateful_actor.hpp>
#include <caf/typed_event_based_actor.hpp>

#include "purse/actors/db_pool.hpp"
#include "purse/actors/rate_window.hpp"
#include "purse/actors/user_actor.hpp"
#include "purse/actors/user_settings.hpp"

namespace purse {

/// The two buckets of one API key.
struct key_buckets {
  rate_window read;
  rate_window write;
};

/// State of a user actor.
struct user_state {
  static inline const char* name = "purse.user";
  std::string user_id;
  std::shared_ptr<db_pool> pool;
  user_settings settings;
  /// Rate-limit buckets of this user's keys, by key id. The actor is
  /// evicted only once every window is empty, so no limit state is lost.
  std::map<std::string, key_buckets> buckets;
  /// When this actor last wrote each key's last_used_at (actor clock, so
  /// tests can drive it with a test clock).
  std::map<std::string, caf::actor_clock::time_point> touched;
};

/// Behavior of a user actor.
user_actor::behavior_type
user(user_actor::stateful_pointer<user_state> self, std::string user_id,
     std::shared_ptr<db_pool> pool, user_settings settings);

} // namespace purse
