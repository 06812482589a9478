#pragma once

// The interface of a user actor: one per user who holds API keys. It owns
// the rate-limit buckets of the user's keys and admits calls made with
// them. State and behavior: purse/actors/user.hpp.

#include <caf/replies_to.hpp>
#include <caf/typed_actor.hpp>

#include "purse/actors/admission.hpp"
#include "purse/actors/api_call.hpp"
#include "purse/actors/atoms.hpp"
#include "purse/actors/key_state.hpp"

namespace purse {

/// Interface of a user actor.
using user_actor = caf::typed_actor<
  /// Admits a call made with an authenticated key of this user: audience,
  /// plan, the key's bucket, team membership.
  caf::replies_to<call_atom, key_state, api_call>::with<admission>,
  /// Stops the actor (it is idle; its buckets are empty).
  caf::reacts_to<stop_atom>>;

} // namespace purse
