#include "purse/actors/domain.hpp"

#include <caf/send.hpp>

#include "purse/actors/db_pool.hpp"
#include "purse/actors/gateway.hpp"

namespace purse {

struct domain::impl {
  std::shared_ptr<db_pool> pool;
  gateway_actor gateway;
};

domain::domain(caf::actor_system& sys, domain_options opts) : impl_(new impl) {
  std::shared_ptr<persistence::store> store;
  try {
    store = std::make_shared<persistence::store>(
      persistence::store_options{opts.database_url, opts.pool_size});
    store->require_current_schema();
  } catch (const persistence::schema_mismatch& e) {
    throw domain_error(e.what());
  } catch (const std::exception& e) {
    throw domain_error(std::string{"cannot open the database: "} + e.what());
  }
  impl_->pool = std::make_shared<db_pool>(sys, store, opts.pool_size);
  impl_->gateway
    = sys.spawn(purse::gateway, impl_->pool,
                std::make_shared<const quota_table>(std::move(opts.quotas)),
                std::move(opts.settings));
}

domain::~domain() = default;

gateway_actor domain::gateway() const {
  return impl_->gateway;
}

void domain::shutdown() {
  // The gateway passes the exit on to the user and scope actors it
  // spawned (it monitors them; they are not linked to it).
  caf::anon_send_exit(impl_->gateway, caf::exit_reason::user_shutdown);
  for (auto& w : impl_->pool->workers())
    caf::anon_send_exit(w, caf::exit_reason::user_shutdown);
}

} // namespace purse
