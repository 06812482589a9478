// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/domain.hpp"

#include <caf/openssl/publish.hpp>
#include <caf/openssl/remote_actor.hpp>
#include <caf/scoped_actor.hpp>
#include <caf/send.hpp>

#include "cluster_trust.hpp"
#include "database_notices.hpp"
#include "purse/actors/auth_listener.hpp"
#include "purse/actors/cluster_member.hpp"
#include "purse/actors/db_pool.hpp"
#include "purse/actors/ingress.hpp"
#include "purse/actors/request_path.hpp"
#include "purse/actors/rollup_folder.hpp"
#include "purse/actors/sweeper.hpp"
#include "purse/persistence/server_lock.hpp"
#include "server_lock_keeper.hpp"

namespace purse {

struct domain::impl {
  std::shared_ptr<db_pool> pool;
  /// The rollup folder's own worker and connection: a fold never holds up
  /// a request.
  std::shared_ptr<db_pool> background;
  std::shared_ptr<request_path> path;
  std::shared_ptr<front_door> front;
  std::unique_ptr<auth_listener> listener;
  sweeper_actor sweeper;
  rollup_folder_actor folder;
  /// In a cluster: what other members call, and the membership.
  caf::actor ingress;
  caf::actor membership;
  caf::actor_system* sys = nullptr;
  std::shared_ptr<settings::portal> portal;
  /// Who serves the database: this server alone, or a cluster's node
  /// (the lock, held again after a database restart).
  std::unique_ptr<server_lock_keeper> lock;
};

namespace {

/// How long start-up and leaving wait for the membership's first answer.
constexpr auto membership_wait = std::chrono::seconds(10);

/// Asks the membership actor and waits for its empty reply.
template <class... Ts>
bool ask_membership(caf::actor_system& sys, const caf::actor& who, Ts... what) {
  caf::scoped_actor self{sys};
  bool ok = false;
  self->request(who, membership_wait, what...)
    .receive(
      [&] {
        ok = true;
      },
      [&](const caf::error&) {
        ok = false;
      });
  return ok;
}

/// Whether some live member (other than `self_id`) takes a link from this
/// node: true when none is live. A node whose certificate the cluster's
/// CA did not sign is refused by every member, and must not join (it would
/// own keys and scopes that nobody could reach).
bool accepted_by_members(
  caf::actor_system& sys, const std::string& self_id,
  const std::vector<std::pair<std::string, std::string>>& endpoints,
  std::string& tried) {
  bool any = false;
  for (auto& [node, endpoint] : endpoints) {
    if (node == self_id)
      continue;
    any = true;
    std::string host;
    std::uint16_t port = 0;
    if (!split_endpoint(endpoint, host, port))
      continue;
    tried += (tried.empty() ? "" : ", ") + node + " at " + endpoint;
    if (caf::openssl::remote_actor(sys, host, port))
      return true;
  }
  return !any;
}

} // namespace

domain::domain(caf::actor_system& sys, domain_options opts) : impl_(new impl) {
  std::shared_ptr<persistence::store> store;
  std::shared_ptr<persistence::store> background_store;
  log_database_notices();
  try {
    store = std::make_shared<persistence::store>(
      persistence::store_options{opts.database_url, opts.pool_size});
    store->require_current_schema([] {
      log_event(log_level::info, "migration_wait",
                {{"message", "a migration of the schema is running; waiting "
                             "for it to finish before checking its version"}});
    });
    background_store = std::make_shared<persistence::store>(
      persistence::store_options{opts.database_url, 1});
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
  std::shared_ptr<cluster_state> cluster;
  if (opts.cluster)
    cluster = std::make_shared<cluster_state>(opts.cluster->node_id);
  impl_->path = request_path::make(
    sys, impl_->pool,
    std::make_shared<const quota_table>(std::move(opts.quotas)),
    std::move(opts.settings), cluster);
  impl_->front = std::make_shared<front_door>(impl_->path);
  if (lock)
    impl_->lock = std::make_unique<server_lock_keeper>(std::move(lock),
                                                       impl_->path);
  impl_->listener = std::make_unique<auth_listener>(opts.database_url,
                                                    impl_->path);
  impl_->sweeper = sys.spawn(purse::sweeper, impl_->path);
  impl_->folder = sys.spawn(purse::rollup_folder, impl_->background,
                            fold_settings{});
  if (cluster) {
    // This node's certificate is the CA's, and the CA is the cluster's.
    std::string fingerprint;
    std::string pinned;
    try {
      fingerprint = cluster_ca_fingerprint(*opts.cluster);
    } catch (const std::exception& e) {
      shutdown();
      throw domain_error(std::string{"cannot join the cluster: "} + e.what());
    }
    std::vector<std::pair<std::string, std::string>> endpoints;
    try {
      store->query([&](persistence::session& s) {
        pinned = s.pin_cluster_ca(fingerprint);
        endpoints = s.cluster_endpoints();
      });
    } catch (const std::exception& e) {
      shutdown();
      throw domain_error(std::string{"cannot read the cluster's members: "}
                         + e.what());
    }
    if (pinned != fingerprint) {
      shutdown();
      throw domain_error(
        "cannot join the cluster: its CA (SHA-256 " + pinned
        + ") is not this node's --cluster-ca (SHA-256 " + fingerprint
        + "); to move the whole cluster to a new CA, stop every node and "
          "run DELETE FROM cluster_trust in its database");
    }
    std::string tried;
    if (!accepted_by_members(sys, opts.cluster->node_id, endpoints, tried)) {
      shutdown();
      throw domain_error("cannot join the cluster: no member accepted a "
                         "link from this node (tried "
                         + tried
                         + "); is its certificate signed by the cluster's "
                           "CA?");
    }
    join_cluster(sys, *opts.cluster, opts.database_url);
  }
}

void domain::join_cluster(caf::actor_system& sys, const cluster_options& c,
                          const std::string& database_url) {
  auto& cluster = *impl_->path->cluster;
  impl_->sys = &sys;
  impl_->ingress = spawn_ingress(sys, impl_->path);
  auto port = caf::openssl::publish(impl_->ingress, c.listen_port,
                                    c.listen_host.c_str(), true);
  if (!port) {
    shutdown();
    throw domain_error("cannot listen for cluster nodes on " + c.listen_host
                       + ":" + std::to_string(c.listen_port) + ": "
                       + sys.render(port.error()));
  }
  cluster.ingress = impl_->ingress;
  impl_->membership = spawn_membership(sys, c, database_url, impl_->path);
  cluster.membership = impl_->membership;
  // Serve as a member from the first request on.
  if (!ask_membership(sys, impl_->membership, refresh_atom_v, std::int64_t{-1},
                      true)
      || !cluster.serving()) {
    shutdown();
    throw domain_error("cannot join the cluster: the membership could not "
                       "be recorded in the database");
  }
}

void domain::leave_cluster() {
  if (impl_->membership)
    ask_membership(*impl_->sys, impl_->membership, leave_atom_v);
}

domain::~domain() = default;

std::shared_ptr<front_door> domain::front() const {
  return impl_->front;
}

std::shared_ptr<settings::portal> domain::settings_portal() const {
  return impl_->portal;
}

void domain::shutdown() {
  impl_->portal->shutdown();
  impl_->listener.reset();
  if (impl_->lock)
    impl_->lock->stop();
  for (auto* a : {&impl_->membership, &impl_->ingress})
    if (*a)
      caf::anon_send_exit(*a, caf::exit_reason::user_shutdown);
  caf::anon_send_exit(impl_->sweeper, caf::exit_reason::user_shutdown);
  caf::anon_send_exit(impl_->folder, caf::exit_reason::user_shutdown);
  impl_->path->shutdown(caf::exit_reason::user_shutdown);
  for (auto* pool : {impl_->pool.get(), impl_->background.get()})
    for (auto& w : pool->workers())
      caf::anon_send_exit(w, caf::exit_reason::user_shutdown);
}

} // namespace purse
