#pragma once

// One actor per data scope (a user's personal data or a team's). It owns the
// scope's cached counts and serialises the scope's writes: it awaits each
// write before taking the next message, so a check and the write it guards
// cannot race. Reads run concurrently on the persistence workers.

#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include <caf/stateful_actor.hpp>
#include <caf/typed_actor.hpp>
#include <caf/typed_event_based_actor.hpp>

#include "purse/actors/api_call.hpp"
#include "purse/actors/atoms.hpp"
#include "purse/actors/db_worker_actor.hpp"
#include "purse/actors/quotas.hpp"

namespace purse {

/// Interface of a scope actor.
using scope_actor = caf::typed_actor<
  /// Runs an authenticated call (caller_id, role and scope_id filled in).
  caf::replies_to<call_atom, api_call>::with<api_result>>;

/// State of a scope actor.
struct scope_state {
  static inline const char* name = "purse.scope";
  std::string scope_id;
  std::shared_ptr<db_pool> pool;
  std::shared_ptr<const quota_table> quotas;
  /// Loaded from the database on first use, then kept by applying deltas.
  bool loaded = false;
  std::map<std::string, std::int64_t> counts;
};

/// Behavior of a scope actor.
scope_actor::behavior_type
scope(scope_actor::stateful_pointer<scope_state> self, std::string scope_id,
      std::shared_ptr<db_pool> pool, std::shared_ptr<const quota_table> quotas);

} // namespace purse
