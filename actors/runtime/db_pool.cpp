// SPDX-License-Identifier: GPL-2.0-or-later
#include "db_pool.hpp"

namespace purse {

db_pool::db_pool(caf::actor_system& sys,
                 std::shared_ptr<persistence::store> store, std::size_t size) {
  for (std::size_t i = 0; i < size; ++i) {
    auto load = std::make_shared<worker_load>();
    loads_.push_back(load);
    workers_.push_back(
      sys.spawn<caf::detached>(counted_db_worker, store, std::move(load)));
  }
}

db_worker_actor db_pool::next() {
  auto i = next_.fetch_add(1, std::memory_order_relaxed) % workers_.size();
  tasks_.fetch_add(1, std::memory_order_relaxed);
  // A worker still busy with earlier tasks: this one waits in its mailbox.
  if (!loads_.empty()
      && loads_[i]->outstanding.fetch_add(1, std::memory_order_relaxed) > 0)
    waits_.fetch_add(1, std::memory_order_relaxed);
  return workers_[i];
}

void db_pool::report(domain_metrics& m) const {
  m.db_workers = workers_.size();
  m.db_busy = 0;
  m.db_queued = 0;
  for (auto& load : loads_) {
    auto n = load->outstanding.load(std::memory_order_relaxed);
    if (n > 0) {
      ++m.db_busy;
      m.db_queued += static_cast<std::size_t>(n - 1);
    }
  }
  m.db_tasks = tasks_.load(std::memory_order_relaxed);
  m.db_waits = waits_.load(std::memory_order_relaxed);
  auto& b = batch_writes_.bounds();
  m.batch_bounds.assign(b.begin(), b.end());
  m.batch_counts.clear();
  for (std::size_t i = 0; i <= b.size(); ++i)
    m.batch_counts.push_back(batch_writes_.count_in(i));
  m.batch_sum = batch_writes_.sum();
}

} // namespace purse
