// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

#include <caf/actor_system.hpp>

#include "db_worker_actor.hpp"
#include "purse/actors/metrics.hpp"

namespace purse {

/// Which worker of `loads` takes the next task: the first idle one from
/// position `start` on (the pool's turn), or, when all are busy, the one
/// with the fewest tasks outstanding (the first of them from `start`).
/// Round-robin alone queued a task behind a worker busy with a long batch
/// or report while others sat idle.
std::size_t pick_worker(const std::vector<std::shared_ptr<worker_load>>& loads,
                        std::size_t start);

/// The workers of one node; picks an idle one in turn (pick_worker).
class db_pool {
public:
  /// Spawns `size` detached workers over one store; they report their
  /// load (busy(), queued(), waits()).
  db_pool(caf::actor_system& sys, std::shared_ptr<persistence::store> store,
          std::size_t size);

  /// Uses workers spawned elsewhere (tests run them on a test scheduler).
  explicit db_pool(std::vector<db_worker_actor> workers)
    : workers_(std::move(workers)) {
    // nop
  }

  /// The worker for the next task (pick_worker; in turn for workers
  /// spawned elsewhere). Callers send it exactly one message.
  db_worker_actor next();

  /// Counts a batch of `writes` a scope sends (group commit).
  void count_batch(std::size_t writes) {
    batch_writes_.observe(static_cast<double>(writes));
  }

  /// Fills the pool's part of `m` (workers, load, waits, batch sizes).
  void report(domain_metrics& m) const;

  /// Every worker (for shutdown).
  const std::vector<db_worker_actor>& workers() const {
    return workers_;
  }

private:
  std::vector<db_worker_actor> workers_;
  /// One per worker, when the workers count their load (empty for
  /// workers spawned elsewhere).
  std::vector<std::shared_ptr<worker_load>> loads_;
  std::atomic<std::size_t> next_{0};
  std::atomic<std::uint64_t> tasks_{0};
  std::atomic<std::uint64_t> waits_{0};
  batch_size_histogram batch_writes_{batch_size_bounds};
};

} // namespace purse
