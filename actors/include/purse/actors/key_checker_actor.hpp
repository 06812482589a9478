// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The interface of the node's key checker: it takes the calls of blocked
// clients (an address, or a lookup id, that failed to authenticate too
// often) whose keys have no actor in memory, and looks their lookup ids up
// together, one statement at most once per auth_failures::check_interval
// for all of them. A key that exists goes on to its key actor, which checks
// the secret as for any call (a right key is served); the others are
// failures (429). State and behavior: purse/actors/key_checker.hpp.

#include <string>

#include <caf/replies_to.hpp>
#include <caf/typed_actor.hpp>

#include "purse/actors/api_call.hpp"
#include "purse/actors/atoms.hpp"

namespace purse {

/// Interface of the key checker.
using key_checker_actor = caf::typed_actor<
  /// Holds a call (lookup id, the SHA-256 of the whole token) until its
  /// lookup id is looked up; answered by the key's actor or with a 429.
  caf::replies_to<hold_atom, std::string, std::string,
                  api_call>::with<api_result>,
  /// Looks up what is held now (its own timer).
  caf::reacts_to<check_atom>>;

} // namespace purse
