#pragma once

// The interface of the gateway: the entry point of the domain for every
// front end. State and behavior: purse/actors/gateway.hpp.

#include <string>

#include <caf/replies_to.hpp>
#include <caf/typed_actor.hpp>

#include "purse/actors/api_call.hpp"
#include "purse/actors/atoms.hpp"

namespace purse {

/// Interface of the gateway.
using gateway_actor = caf::typed_actor<
  /// Runs a call presented with a key (lookup id, hash of the whole token).
  caf::replies_to<call_atom, std::string, std::string,
                  api_call>::with<api_result>,
  /// Evicts idle user and scope actors (its own timer).
  caf::reacts_to<sweep_atom>>;

} // namespace purse
