#include "purse/actors/db_pool.hpp"

namespace purse {

db_pool::db_pool(caf::actor_system& sys,
                 std::shared_ptr<persistence::store> store, std::size_t size) {
  for (std::size_t i = 0; i < size; ++i)
    workers_.push_back(sys.spawn<caf::detached>(db_worker, store));
}

db_worker_actor db_pool::next() {
  return workers_[next_.fetch_add(1, std::memory_order_relaxed)
                  % workers_.size()];
}

} // namespace purse
