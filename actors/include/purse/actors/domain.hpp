// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The one door from a front end into the domain: opens the store, spawns
// the persistence workers, sets up the request path (key and scope actors,
// the LISTEN connection for authentication changes, the sweeper), and stops
// them again. Front ends (http/, a future app) include this and the actor
// interfaces, never a persistence header.

#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include <caf/actor_system.hpp>

#include "purse/actors/front_door.hpp"
#include "purse/actors/quotas.hpp"
#include "purse/actors/settings_portal.hpp"
#include "purse/actors/user_settings.hpp"
#include "purse/cluster/options.hpp"

namespace asio {
class io_context;
} // namespace asio

namespace purse::persistence {
class store;
} // namespace purse::persistence

namespace purse {

/// Everything the domain needs to run.
/// How webhooks are delivered (purse-server's --webhook-* flags).
struct webhook_options {
  /// Take http:// URLs too (tests, closed networks).
  bool allow_http = false;
  /// Reach loopback, private, link-local and multicast addresses too.
  bool allow_private = false;
  /// A PEM file of CA certificates trusted beside the system's; empty for
  /// none.
  std::string ca_file;
  /// A delivery's whole limit: a 2xx must come within it.
  std::chrono::seconds timeout{10};
  /// The first retry's delay; each later one doubles, up to an hour.
  std::chrono::seconds first_retry{30};
  /// Deliveries sent at once by this node (each holds a worker of its own
  /// while it waits for an answer; its statements borrow the pool's
  /// connections).
  std::size_t senders = 2;
};

struct domain_options {
  /// libpq conninfo string or postgresql:// URI.
  std::string database_url;
  /// Persistence workers and database connections.
  std::size_t pool_size = 8;
  /// `pool_size` is a default, not the operator's choice: take fewer where
  /// PostgreSQL has less room (pool_within()).
  bool fit_pool_to_database = false;
  quota_table quotas = quota_table::defaults();
  user_settings settings;
  /// Set: the node joins a cluster (the actor system must have been
  /// configured with configure_cluster). Unset: it runs alone.
  std::optional<cluster_options> cluster;
  /// Skip the lock that keeps a second server alone (or a server alone
  /// beside cluster nodes) off the database. For the test suites only,
  /// which run several servers on one database on purpose.
  bool allow_shared_database = false;
  webhook_options webhooks;
  /// The io context the HTTP front runs on. In a cluster, the calls the
  /// front hands to other members go over wires on it (no thread of their
  /// own); unset, they go over CAF's middleman.
  std::shared_ptr<asio::io_context> io;
};

/// The database cannot be used: unreachable, or its schema is missing, older
/// or newer than this build. The message is for the operator and never
/// contains the database URL.
class domain_error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// A running domain on one actor system.
class domain {
public:
  /// Opens the database (checking its schema) and spawns the actors.
  /// Throws domain_error.
  domain(caf::actor_system& sys, domain_options opts);
  ~domain();
  domain(const domain&) = delete;
  domain& operator=(const domain&) = delete;

  /// Where front ends hand in their calls.
  std::shared_ptr<front_door> front() const;

  /// The developer settings page's domain (sign-in, sessions, own keys).
  std::shared_ptr<settings::portal> settings_portal() const;

  /// Persistence workers (one database connection each): the options'
  /// pool size, or fewer where it was fitted to the database's room.
  std::size_t pool_size() const;

  /// In a cluster: ends this node's membership at once, so the others take
  /// over its keys and scopes, while it still hands on what reaches it.
  /// Does nothing for a node alone.
  void leave_cluster();

  /// Stops the LISTEN thread, the key and scope actors, the sweeper and the
  /// workers.
  void shutdown();

private:
  /// Starts the webhook deliverer (the URL policy, the sender, its
  /// workers over `store`, the request path's); throws domain_error for an
  /// unusable --webhook-ca.
  void start_webhooks(caf::actor_system& sys, const domain_options& opts,
                      std::shared_ptr<persistence::store> store);

  struct impl;
  std::unique_ptr<impl> impl_;
};

} // namespace purse
