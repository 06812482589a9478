#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

#include <caf/actor_system.hpp>

#include "purse/actors/db_worker_actor.hpp"

namespace purse {

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

} // namespace purse
