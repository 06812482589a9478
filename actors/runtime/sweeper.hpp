// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The sweeper: every quarter of the idle time it stops key and scope actors
// that served nothing for the idle time (their state reloads on next use)
// and forgets idle failed-authentication windows; on a timer of its own it
// prunes the changes feed's tombstones, and the webhook deliveries that
// ended, older than the retention (every
// server does; pruning twice prunes nothing more). It is not on the
// request path.

#include <chrono>
#include <memory>

#include <caf/replies_to.hpp>
#include <caf/typed_actor.hpp>
#include <caf/typed_event_based_actor.hpp>

#include "purse/actors/atoms.hpp"
#include "request_path.hpp"

namespace purse {

/// Interface of the sweeper.
using sweeper_actor = caf::typed_actor<
  /// Looks for idle actors (its own timer).
  caf::reacts_to<sweep_atom>,
  /// Prunes old tombstones of the changes feed (its own timer).
  caf::reacts_to<prune_atom>>;

/// State of the sweeper.
struct sweeper_state {
  static inline const char* name = "purse.sweeper";
  std::shared_ptr<request_path> path;
  /// The last sweep stopped actors: their memory is free by the next one,
  /// which hands it back to the system.
  bool trim_due = false;
};

/// Behavior of the sweeper.
sweeper_actor::behavior_type
sweeper(sweeper_actor::stateful_pointer<sweeper_state> self,
        std::shared_ptr<request_path> path);

/// The idle time actually applied: the configured one, but never below
/// min_idle_timeout.
std::chrono::seconds effective_idle_timeout(const user_settings& settings);

} // namespace purse
