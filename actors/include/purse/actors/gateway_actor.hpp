#pragma once

// The entry point of the domain for every front end. It looks up the
// presented key's state, finds (or spawns) the key owner's user actor and
// the target scope actor, and hands the call to the user actor.

#include <map>
#include <memory>
#include <string>

#include <caf/stateful_actor.hpp>
#include <caf/typed_actor.hpp>
#include <caf/typed_event_based_actor.hpp>

#include "purse/actors/api_call.hpp"
#include "purse/actors/atoms.hpp"
#include "purse/actors/db_worker_actor.hpp"
#include "purse/actors/rate_window.hpp"
#include "purse/actors/scope_actor.hpp"
#include "purse/actors/user_actor.hpp"

namespace purse {

/// Interface of the gateway.
using gateway_actor = caf::typed_actor<
  /// Runs a call presented with a key (lookup id, hash of the whole token).
  caf::replies_to<call_atom, std::string, std::string,
                  api_call>::with<api_result>>;

/// State of the gateway: the directory of live user and scope actors.
struct gateway_state {
  static inline const char* name = "purse.gateway";
  std::shared_ptr<db_pool> pool;
  std::shared_ptr<const quota_table> quotas;
  user_settings settings;
  std::map<std::string, user_actor> users;
  std::map<std::string, scope_actor> scopes;
  /// Recent failed authentications by client address.
  std::map<std::string, rate_window> failures;
};

/// Behavior of the gateway.
gateway_actor::behavior_type
gateway(gateway_actor::stateful_pointer<gateway_state> self,
        std::shared_ptr<db_pool> pool,
        std::shared_ptr<const quota_table> quotas, user_settings settings);

} // namespace purse
