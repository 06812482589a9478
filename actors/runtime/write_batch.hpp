// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Group commit. A scope actor runs its writes one batch at a time: while a
// batch is in the database, the writes that arrive queue up, and when it
// is answered the next batch takes all of them. A batch of several writes
// is one database transaction with a savepoint per write, so one commit
// (one fsync) serves them all, and a write that fails rolls back only its
// own savepoint. In order, each write first looks for its stored
// idempotent answer (it sees those stored earlier in the batch), then has
// its quota claims checked against the counts left by the writes before
// it, then runs and stores its answer in the same savepoint. Nothing is
// answered before the commit: a batch that fails to commit answers every
// write of it with the failure. Writes with a one-statement form (db_task's
// `alone`, a transaction's create) and no Idempotency-Key skip that: one
// runs as its statement alone, several as their statements in one
// transaction without savepoints, falling back to the usual way when a
// statement declines or fails.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <caf/allowed_unsafe_message_type.hpp>

#include "db_task.hpp"
#include "idempotency.hpp"
#include "purse/actors/db_outcome.hpp"
#include "purse/actors/quota_claim.hpp"

namespace purse {

/// One write waiting in a scope's queue.
struct queued_write {
  /// The resource's prepared work (it opens its own nested transaction).
  db_task work;
  /// The caller's plan (quota refusals name it).
  std::string plan;
  /// Quotas the write needs room in.
  std::vector<quota_claim> claims;
  /// Set when the call carries an Idempotency-Key.
  std::optional<idempotency_ref> idempotency;
};

/// Writes run together, with the scope's counts as they were before them.
struct write_batch {
  std::vector<queued_write> writes;
  std::map<std::string, std::int64_t> counts;
  /// In a cluster: the membership epoch under which this node owns the
  /// scope; the batch's transaction proves it first (0: no cluster).
  std::int64_t fence_epoch = 0;
};

/// What a batch did.
struct batch_outcome {
  /// One per write, in order; count deltas only for writes that ran.
  std::vector<db_outcome> outcomes;
  /// False when the batch failed as a whole: nothing of it is stored and
  /// every outcome is that failure.
  bool committed = false;
  /// The membership epoch was no longer current: nothing of the batch is
  /// stored, and its writes belong to the scope's owner under the new view.
  bool fenced = false;
};

/// Most writes one batch takes; the rest wait for the next one.
constexpr std::size_t max_batch_writes = 128;

/// Runs a batch (blocking: on a persistence worker). A batch of one write
/// runs in that write's own transaction, exactly as without batching
/// (unless it proves a fence epoch: then the fence and the write share one
/// transaction).
batch_outcome run_batch(persistence::store& st, write_batch& batch);

} // namespace purse

CAF_ALLOW_UNSAFE_MESSAGE_TYPE(purse::write_batch)
CAF_ALLOW_UNSAFE_MESSAGE_TYPE(purse::batch_outcome)
