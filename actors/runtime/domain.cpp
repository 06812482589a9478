// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/domain.hpp"

#include <caf/send.hpp>

#include "auth_listener.hpp"
#include "database_notices.hpp"
#include "db_pool.hpp"
#include "node.hpp"
#include "purse/actors/database_room.hpp"
#include "purse/persistence/server_lock.hpp"
#include "request_path.hpp"
#include "rollup_folder.hpp"
#include "server_lock_keeper.hpp"
#include "sweeper.hpp"
#include "webhook_deliverer.hpp"
#include "webhook_rules.hpp"

namespace purse {

namespace {

/// How much room PostgreSQL has now, asked on `st`'s connection.
database_room room_of(persistence::store& st) {
  database_room room;
  st.read([&](persistence::session& s) {
    room.max_connections
      = s.select_int("SELECT current_setting('max_connections')::bigint");
    room.reserved = s.select_int(
      "SELECT current_setting('superuser_reserved_connections')::bigint");
    room.in_use = s.select_int(
      "SELECT count(*) FROM pg_stat_activity WHERE backend_type = "
      "'client backend'");
  });
  return room;
}

} // namespace

struct domain::impl {
  std::shared_ptr<db_pool> pool;
  std::size_t pool_size = 0;
  /// The rollup folder's own worker and connection: a fold never holds up
  /// a request.
  std::shared_ptr<db_pool> background;
  std::shared_ptr<request_path> path;
  std::shared_ptr<front_door> front;
  std::unique_ptr<auth_listener> listener;
  sweeper_actor sweeper;
  rollup_folder_actor folder;
  /// The webhook deliverer and its own workers and connections.
  webhook_deliverer_actor deliverer;
  std::shared_ptr<db_pool> senders;
  /// In a cluster: the node's part in it.
  std::unique_ptr<cluster_node> cluster;
  std::shared_ptr<settings::portal> portal;
  /// Who serves the database: this server alone, or a cluster's node
  /// (the lock, held again after a database restart).
  std::unique_ptr<server_lock_keeper> lock;
};

domain::domain(caf::actor_system& sys, domain_options opts) : impl_(new impl) {
  std::shared_ptr<persistence::store> store;
  std::shared_ptr<persistence::store> background_store;
  log_database_notices();
  try {
    // First the background connection: it asks how much room there is.
    background_store = std::make_shared<persistence::store>(
      persistence::store_options{opts.database_url, 1});
    if (opts.fit_pool_to_database)
      opts.pool_size = pool_within(opts.pool_size, room_of(*background_store));
    store = std::make_shared<persistence::store>(
      persistence::store_options{opts.database_url, opts.pool_size});
    store->require_current_schema([] {
      log_event(log_level::info, "migration_wait",
                {{"message", "a migration of the schema is running; waiting "
                             "for it to finish before checking its version"}});
    });
  } catch (const persistence::schema_mismatch& e) {
    throw domain_error(e.what());
  } catch (const std::exception& e) {
    throw domain_error(std::string{"cannot open the database: "} + e.what());
  }
  std::unique_ptr<persistence::server_lock> lock;
  if (!opts.allow_shared_database) {
    try {
      lock = std::make_unique<persistence::server_lock>(
        opts.database_url, opts.cluster.has_value());
    } catch (const persistence::transient_error& e) {
      throw domain_error(std::string{"cannot open the database: "} + e.what());
    } catch (const std::exception& e) {
      throw domain_error(std::string{"cannot serve this database: "}
                         + e.what());
    }
  }
  impl_->pool = std::make_shared<db_pool>(sys, store, opts.pool_size);
  impl_->pool_size = opts.pool_size;
  impl_->background = std::make_shared<db_pool>(sys, background_store, 1);
  try {
    settings::portal_options portal_opts;
    portal_opts.database_url = opts.database_url;
    portal_opts.quotas = opts.quotas;
    portal_opts.api = opts.settings;
    impl_->portal = std::make_shared<settings::portal>(sys, portal_opts);
  } catch (const std::exception& e) {
    throw domain_error(std::string{"cannot open the database: "} + e.what());
  }
  // Alone, this node serves every key and scope; in a cluster, the
  // membership decides.
  if (opts.cluster)
    impl_->cluster = std::make_unique<cluster_node>(*opts.cluster);
  impl_->path = request_path::make(
    sys, impl_->pool,
    std::make_shared<const quota_table>(std::move(opts.quotas)),
    std::move(opts.settings),
    impl_->cluster ? impl_->cluster->where() : alone());
  impl_->front = std::make_shared<front_door>(impl_->path);
  if (lock)
    impl_->lock = std::make_unique<server_lock_keeper>(std::move(lock),
                                                       impl_->path);
  impl_->listener = std::make_unique<auth_listener>(opts.database_url,
                                                    impl_->path);
  impl_->sweeper = sys.spawn(purse::sweeper, impl_->path);
  impl_->folder = sys.spawn(purse::rollup_folder, impl_->background,
                            fold_settings{});
  start_webhooks(sys, opts, store);
  if (impl_->cluster) {
    try {
      impl_->cluster->join(sys, opts.database_url, *store, impl_->path,
                           opts.io);
    } catch (const domain_error&) {
      shutdown();
      throw;
    }
  }
}

void domain::start_webhooks(caf::actor_system& sys, const domain_options& opts,
                            std::shared_ptr<persistence::store> store) {
  const auto& w = opts.webhooks;
  webhooks::set_url_policy({w.allow_http, w.allow_private});
  webhooks::sender_options sender;
  sender.allow_http = w.allow_http;
  sender.allow_private = w.allow_private;
  sender.extra_ca_file = w.ca_file;
  sender.timeout = w.timeout;
  std::shared_ptr<const webhooks::webhook_sender> ready;
  try {
    ready = std::make_shared<const webhooks::webhook_sender>(sender);
  } catch (const std::exception& e) {
    shutdown();
    throw domain_error(std::string{"--webhook-ca: "} + e.what());
  }
  // The senders borrow the request path's connections for their short
  // transactions only (none is held while a delivery waits for its
  // answer), so a server needs no connections beyond its pool for them.
  impl_->senders = std::make_shared<db_pool>(sys, store, w.senders);
  deliverer_settings settings;
  settings.first_retry_s = w.first_retry.count();
  settings.send_timeout = w.timeout;
  impl_->deliverer = sys.spawn(purse::webhook_deliverer, impl_->senders,
                               std::move(ready), settings);
}

void domain::leave_cluster() {
  if (impl_->cluster)
    impl_->cluster->leave();
}

domain::~domain() = default;

std::shared_ptr<front_door> domain::front() const {
  return impl_->front;
}

std::shared_ptr<settings::portal> domain::settings_portal() const {
  return impl_->portal;
}

std::size_t domain::pool_size() const {
  return impl_->pool_size;
}

void domain::shutdown() {
  impl_->portal->shutdown();
  impl_->listener.reset();
  if (impl_->lock)
    impl_->lock->stop();
  if (impl_->cluster)
    impl_->cluster->stop();
  caf::anon_send_exit(impl_->sweeper, caf::exit_reason::user_shutdown);
  caf::anon_send_exit(impl_->folder, caf::exit_reason::user_shutdown);
  if (impl_->deliverer)
    caf::anon_send_exit(impl_->deliverer, caf::exit_reason::user_shutdown);
  impl_->path->shutdown(caf::exit_reason::user_shutdown);
  for (auto* pool :
       {impl_->pool.get(), impl_->background.get(), impl_->senders.get()})
    for (auto& w : pool ? pool->workers() : std::vector<db_worker_actor>{})
      caf::anon_send_exit(w, caf::exit_reason::user_shutdown);
}

} // namespace purse
