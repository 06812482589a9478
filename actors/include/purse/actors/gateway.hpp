#pragma once

// State and behavior of the gateway (interface: gateway_actor.hpp). It
// looks up the presented key, asks the key owner's user actor to admit the
// call, and delegates the admitted call to the scope's actor. It keeps the
// directory of user and scope actors: it monitors them (a failure stays
// local; the next call spawns a fresh actor) and stops idle ones.

#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include <caf/actor_clock.hpp>
#include <caf/stateful_actor.hpp>
#include <caf/typed_event_based_actor.hpp>

#include "purse/actors/db_pool.hpp"
#include "purse/actors/gateway_actor.hpp"
#include "purse/actors/quotas.hpp"
#include "purse/actors/rate_window.hpp"
#include "purse/actors/scope_actor.hpp"
#include "purse/actors/user_actor.hpp"
#include "purse/actors/user_settings.hpp"

namespace purse {

/// A live user actor and what its eviction depends on.
struct user_entry {
  user_actor actor;
  caf::actor_clock::time_point last_used;
  /// Admissions asked for and not yet answered.
  std::int64_t in_flight = 0;
};

/// A live scope actor.
struct scope_entry {
  scope_actor actor;
  caf::actor_clock::time_point last_used;
};

/// State of the gateway.
struct gateway_state {
  static inline const char* name = "purse.gateway";
  std::shared_ptr<db_pool> pool;
  std::shared_ptr<const quota_table> quotas;
  user_settings settings;
  std::map<std::string, user_entry> users;
  std::map<std::string, scope_entry> scopes;
  /// The last sweep stopped actors: their memory is free by the next one,
  /// which hands it back to the system.
  bool trim_due = false;
  /// Recent failed authentications by client address.
  std::map<std::string, rate_window> failures;
};

/// Behavior of the gateway.
gateway_actor::behavior_type
gateway(gateway_actor::stateful_pointer<gateway_state> self,
        std::shared_ptr<db_pool> pool,
        std::shared_ptr<const quota_table> quotas, user_settings settings);

/// The idle time actually applied: the configured one, but never below
/// min_idle_timeout.
std::chrono::seconds effective_idle_timeout(const user_settings& settings);

} // namespace purse
