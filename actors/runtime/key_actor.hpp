// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The interface of a key actor: one per API key in use (by lookup id). It
// keeps the key's authentication state in memory (valid while the node's
// LISTEN connection is up; a notification drops it), owns the key's read
// and write buckets, and sends the admitted call on: reads straight to a
// persistence worker, writes to the scope's actor. The answer goes straight
// back to whoever asked. State and behavior: key.hpp.

#include <string>

#include <caf/replies_to.hpp>
#include <caf/typed_actor.hpp>

#include "purse/actors/api_call.hpp"
#include "purse/actors/atoms.hpp"
#include "purse/actors/key_windows.hpp"

namespace purse {

/// Interface of a key actor.
using key_actor = caf::typed_actor<
  /// Runs a call presented with this key (the SHA-256 of the whole token).
  caf::replies_to<call_atom, std::string, api_call>::with<api_result>,
  /// Drops the cached authentication state (the key, its owner's plan or
  /// memberships changed).
  caf::reacts_to<forget_atom>,
  /// Counts admissions made on the node that served the key before.
  caf::reacts_to<windows_atom, key_windows>,
  /// Gives its windows to the node the key is handed to, and stops.
  caf::replies_to<handover_atom>::with<key_windows>,
  /// Stops the actor (it is idle, or no longer served here: its windows
  /// then go to the node that serves the key now).
  caf::reacts_to<stop_atom>>;

} // namespace purse
