// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The interface of a scope actor: one per data scope (a user's personal
// data or a team's). It owns the scope's cached counts and serialises the
// scope's writes. State and behavior: scope.hpp.

#include <caf/replies_to.hpp>
#include <caf/typed_actor.hpp>

#include "purse/actors/api_call.hpp"
#include "purse/actors/atoms.hpp"

namespace purse {

/// Interface of a scope actor.
using scope_actor = caf::typed_actor<
  /// Runs an admitted call (caller_id, role, scope_id and plan filled in).
  caf::replies_to<call_atom, api_call>::with<api_result>,
  /// Finishes the calls in flight, then stops (idle eviction).
  caf::reacts_to<stop_atom>,
  /// Its own tick: answers the round trips past their deadline
  /// (db_deadlines.hpp).
  caf::reacts_to<timeout_atom>>;

} // namespace purse
