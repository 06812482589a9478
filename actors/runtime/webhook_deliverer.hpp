// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The webhook deliverer: every second, and again at once while there is
// more, it hands each idle sender worker a round: claim one due delivery
// (made when its change committed; a lease in PostgreSQL, so
// exactly one node sends it at a time), build its body at the first
// attempt, send it (webhook_sender, blocking: the workers are detached)
// and record the result with the next attempt or the end. Every node runs
// one; they share the outbox. It is not on the request path.

#include <chrono>
#include <cstdint>
#include <memory>

#include <caf/replies_to.hpp>
#include <caf/typed_actor.hpp>
#include <caf/typed_event_based_actor.hpp>

#include "db_pool.hpp"
#include "purse/actors/atoms.hpp"
#include "webhook_sender.hpp"

namespace purse {

/// Interface of the deliverer.
using webhook_deliverer_actor = caf::typed_actor<
  /// Hands idle workers a round (its own timer, and each round that found
  /// work).
  caf::reacts_to<deliver_atom>>;

/// How the deliverer works.
struct deliverer_settings {
  /// The first retry's delay; later ones double it, up to an hour.
  std::int64_t first_retry_s = 30;
  /// How often idle workers look for due deliveries.
  std::chrono::milliseconds poll{1000};
  /// The sends' limit (the sender's timeout), for the lease and the
  /// round's own timeout.
  std::chrono::seconds send_timeout{10};
};

/// State of the deliverer.
struct deliverer_state {
  static inline const char* name = "purse.webhook_deliverer";
  std::shared_ptr<db_pool> workers;
  std::shared_ptr<const webhooks::webhook_sender> sender;
  deliverer_settings settings;
  /// Rounds handed out and not answered yet.
  std::size_t in_flight = 0;
};

/// Behavior of the deliverer: `workers` are its own (each round holds one
/// for up to a send's timeout).
webhook_deliverer_actor::behavior_type webhook_deliverer(
  webhook_deliverer_actor::stateful_pointer<deliverer_state> self,
  std::shared_ptr<db_pool> workers,
  std::shared_ptr<const webhooks::webhook_sender> sender,
  deliverer_settings settings);

} // namespace purse
