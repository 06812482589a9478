#pragma once

// Persistence workers: detached actors (own thread each) that run blocking
// ODB work. A bounded pool of them shares a connection pool of the same size.

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <caf/actor_system.hpp>
#include <caf/allowed_unsafe_message_type.hpp>
#include <caf/stateful_actor.hpp>
#include <caf/typed_actor.hpp>
#include <caf/typed_event_based_actor.hpp>

#include "purse/actors/api_call.hpp"
#include "purse/actors/atoms.hpp"
#include "purse/actors/key_state.hpp"
#include "purse/persistence/store.hpp"

namespace purse {

/// What a database task produced: the reply, plus how the scope's cached
/// counts changed (e.g. {"transactions", +1}) so the scope actor can apply
/// them only once the write committed.
struct db_outcome {
  api_result result;
  std::vector<std::pair<std::string, std::int64_t>> count_deltas;
  /// For look-ups: whether something was found (e.g. a stored response).
  bool hit = false;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, db_outcome& x) {
  return f(caf::meta::type_name("purse::db_outcome"), x.result, x.count_deltas,
           x.hit);
}

/// A unit of blocking database work prepared by a scope actor. It carries a
/// closure, so it never leaves its node: workers are always node-local.
struct db_task {
  std::function<db_outcome(persistence::store&)> run;
};

/// Interface of one persistence worker.
using db_worker_actor = caf::typed_actor<
  /// Runs a task; database failures become errc::internal (logged).
  caf::replies_to<run_atom, db_task>::with<db_outcome>,
  /// Reads everything authentication needs for (lookup id, team id).
  caf::replies_to<auth_atom, std::string, std::string>::with<key_state>>;

/// The workers of one node; picks them round-robin.
class db_pool {
public:
  /// Spawns `size` detached workers over one store.
  db_pool(caf::actor_system& sys, std::shared_ptr<persistence::store> store,
          std::size_t size);

  /// Uses workers spawned elsewhere (tests run them on a test scheduler).
  explicit db_pool(std::vector<db_worker_actor> workers)
    : workers_(std::move(workers)) {
    // nop
  }

  /// The next worker in turn.
  db_worker_actor next();

  /// Every worker (for shutdown).
  const std::vector<db_worker_actor>& workers() const {
    return workers_;
  }

private:
  std::vector<db_worker_actor> workers_;
  std::atomic<std::size_t> next_{0};
};

/// Behavior of a worker.
db_worker_actor::behavior_type
db_worker(db_worker_actor::pointer self,
          std::shared_ptr<persistence::store> store);

} // namespace purse

CAF_ALLOW_UNSAFE_MESSAGE_TYPE(purse::db_task)
