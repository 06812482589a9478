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

std::size_t pick_worker(const std::vector<std::shared_ptr<worker_load>>& loads,
                        std::size_t start) {
  auto n = loads.size();
  auto best = start % n;
  auto fewest = loads[best]->outstanding.load(std::memory_order_relaxed);
  for (std::size_t k = 1; k < n && fewest > 0; ++k) {
    auto i = (start + k) % n;
    auto outstanding = loads[i]->outstanding.load(std::memory_order_relaxed);
    if (outstanding < fewest) {
      best = i;
      fewest = outstanding;
    }
  }
  return best;
}

db_worker_actor db_pool::next() {
  auto turn = next_.fetch_add(1, std::memory_order_relaxed);
  tasks_.fetch_add(1, std::memory_order_relaxed);
  if (loads_.empty())
    return workers_[turn % workers_.size()];
  auto i = pick_worker(loads_, turn);
  // Every worker busy: this task waits in the mailbox of the one with the
  // fewest tasks outstanding.
  if (loads_[i]->outstanding.fetch_add(1, std::memory_order_relaxed) > 0)
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
