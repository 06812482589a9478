#pragma once

// One actor per user who holds API keys. It decides whether a presented key
// may act (hash, revocation, expiry, audience, plan, team membership) and
// then hands the call to the target scope actor.

#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include <caf/actor_clock.hpp>
#include <caf/stateful_actor.hpp>
#include <caf/typed_actor.hpp>
#include <caf/typed_event_based_actor.hpp>

#include "purse/actors/api_call.hpp"
#include "purse/actors/atoms.hpp"
#include "purse/actors/db_worker_actor.hpp"
#include "purse/actors/rate_window.hpp"
#include "purse/actors/scope_actor.hpp"

namespace purse {

/// Interface of a user actor.
using user_actor = caf::typed_actor<
  /// Authorises a call with fresh key state and the presented secret's hash,
  /// then runs it on `target` (invalid for a team that does not exist).
  caf::replies_to<call_atom, persistence::auth_row, std::string, api_call,
                  scope_actor>::with<api_result>>;

/// Settings the user actor needs.
struct user_settings {
  /// Where a Free-plan user can upgrade (shown in the 402 hint).
  std::string upgrade_url = "/settings/billing";
  /// Requests per key in any rolling minute: GET/HEAD and writes.
  std::int64_t read_limit = 120;
  std::int64_t write_limit = 30;
  /// Failed authentications per client address per rolling minute; past
  /// it every keyed request from that address gets 429 until the window
  /// rolls, so keys cannot be guessed quickly.
  std::int64_t auth_failure_limit = 30;
};

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
  /// Rate-limit buckets of this user's keys, by key id. Kept for the
  /// actor's lifetime: user actors never stop, so no limit state is lost.
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
