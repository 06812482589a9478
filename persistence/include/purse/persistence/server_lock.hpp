// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Who serves a database: one server alone, or the nodes of one cluster.
// A server alone holds a PostgreSQL advisory lock exclusively, cluster nodes
// hold it shared, each on a connection of its own for as long as it runs:
// a second server alone, or a server alone beside cluster nodes, cannot
// start (each would keep its own rate buckets and quota counts). Plain
// libpq; compiled as C++14 (the persistence island).

#include <memory>
#include <string>

namespace purse {
namespace persistence {

class server_lock {
public:
  /// Takes the lock (`shared` for a cluster node) on a new connection;
  /// throws persistence_error saying who holds it if it is taken, or why
  /// the database cannot be reached.
  server_lock(const std::string& conninfo, bool shared);
  ~server_lock();
  server_lock(const server_lock&) = delete;
  server_lock& operator=(const server_lock&) = delete;

private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

} // namespace persistence
} // namespace purse
