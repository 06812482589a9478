// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Persistence workers: detached actors (own thread each) that run blocking
// ODB work. A bounded pool of them (db_pool.hpp) shares a connection pool of
// the same size.

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include <caf/replies_to.hpp>
#include <caf/typed_actor.hpp>
#include <caf/typed_event_based_actor.hpp>

#include "db_task.hpp"
#include "purse/actors/atoms.hpp"
#include "purse/actors/db_outcome.hpp"
#include "purse/actors/key_state.hpp"
#include "write_batch.hpp"

namespace purse {

/// Interface of one persistence worker.
using db_worker_actor = caf::typed_actor<
  /// Runs a task; database failures become errc::internal (logged).
  caf::replies_to<run_atom, db_task>::with<db_outcome>,
  /// Runs a read and answers with its result, carrying the caller's bucket
  /// state: the reply goes straight to the front end that asked.
  caf::replies_to<answer_atom, db_task, rate_limit_state>::with<api_result>,
  /// Runs a scope's batch of writes in one transaction (write_batch.hpp).
  caf::replies_to<batch_atom, write_batch>::with<batch_outcome>,
  /// Reads everything authentication needs for (lookup id, team id).
  caf::replies_to<auth_atom, std::string, std::string>::with<key_state>>;

/// How many tasks were handed to one worker and are not finished yet
/// (db_pool counts them in, the worker counts them out). One cache line
/// each: every task writes its worker's twice, and db_pool reads them all.
struct alignas(64) worker_load {
  std::atomic<std::int64_t> outstanding{0};
};

/// Behavior of a worker.
db_worker_actor::behavior_type
db_worker(db_worker_actor::pointer self,
          std::shared_ptr<persistence::store> store);

/// Behavior of a worker of a db_pool that counts its load: each finished
/// message takes one off `load`.
db_worker_actor::behavior_type
counted_db_worker(db_worker_actor::pointer self,
                  std::shared_ptr<persistence::store> store,
                  std::shared_ptr<worker_load> load);

} // namespace purse
