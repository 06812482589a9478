// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// State and behavior of a scope actor (interface: scope_actor.hpp). Its
// writes run one batch at a time (group commit, write_batch.hpp): quota
// checks and the writes they guard run in order inside the batch, so they
// cannot race; reads run concurrently on the persistence workers.

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <caf/stateful_actor.hpp>
#include <caf/typed_event_based_actor.hpp>
#include <caf/typed_response_promise.hpp>

#include "db_deadlines.hpp"
#include "db_pool.hpp"
#include "purse/actors/placement.hpp"
#include "purse/actors/quotas.hpp"
#include "purse/actors/scope_counts.hpp"
#include "scope_actor.hpp"
#include "write_batch.hpp"

namespace purse {

/// A call being served: where its answer goes and the rate state that
/// goes with it.
struct pending_call {
  caf::typed_response_promise<api_result> promise;
  rate_limit_state rate;
};

/// State of a scope actor.
struct scope_state {
  static inline const char* name = "purse.scope";
  std::string scope_id;
  std::shared_ptr<db_pool> pool;
  std::shared_ptr<const quota_table> quotas;
  /// Loaded from the database on first use, then kept by applying deltas.
  bool loaded = false;
  std::map<std::string, std::int64_t> counts;
  /// Where the counts are published for key actors (reads use them).
  std::shared_ptr<scope_counts> shared;
  /// Calls not yet answered, by ticket: if the actor fails, each still gets
  /// an answer.
  std::map<std::uint64_t, pending_call> pending;
  std::uint64_t next_ticket = 0;
  /// Writes waiting for the next batch, with their tickets.
  std::vector<std::pair<std::uint64_t, queued_write>> queue;
  /// A batch (or the load of the counts it needs) is in the database.
  bool writing = false;
  /// The tickets of the batch in the database (none: empty); the first
  /// one times it (`deadlines`).
  std::vector<std::uint64_t> batch;
  /// The round trips in the database (the batch and each read), and
  /// whether the tick that looks for expired ones is armed.
  db_deadlines deadlines;
  bool watching = false;
  /// Asked to stop: quits once `pending` is empty.
  bool stopping = false;
  /// Which node serves the scope (alone(): always this one).
  std::shared_ptr<placement> where;
  /// The ownership epoch the counts were loaded under (another epoch:
  /// another node may have written, so load again), and, where scopes can
  /// move, each queued or batched write's call, to hand it on if the
  /// scope has moved to another node.
  std::int64_t counts_epoch = 0;
  std::map<std::uint64_t, api_call> calls;
};

/// Behavior of a scope actor.
scope_actor::behavior_type
scope(scope_actor::stateful_pointer<scope_state> self, std::string scope_id,
      std::shared_ptr<db_pool> pool, std::shared_ptr<const quota_table> quotas,
      std::shared_ptr<scope_counts> shared, std::shared_ptr<placement> where);

} // namespace purse
