// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/persistence/server_lock.hpp"

#include <libpq-fe.h>

#include "notices.hpp"
#include "purse/persistence/errors.hpp"

namespace purse {
namespace persistence {

struct server_lock::impl {
  PGconn* conn = nullptr;

  ~impl() {
    if (conn != nullptr)
      PQfinish(conn);
  }
};

server_lock::server_lock(const std::string& conninfo, bool shared)
  : impl_(new impl) {
  impl_->conn = PQconnectdb(conninfo.c_str());
  detail::route_notices(impl_->conn);
  if (PQstatus(impl_->conn) != CONNECTION_OK)
    throw transient_error(PQerrorMessage(impl_->conn));
  const char* sql
    = shared ? "SELECT pg_try_advisory_lock_shared(hashtext('purse.servers'))"
             : "SELECT pg_try_advisory_lock(hashtext('purse.servers'))";
  auto* res = PQexec(impl_->conn, sql);
  bool ok = PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1;
  bool taken = ok && std::string{PQgetvalue(res, 0, 0)} == "t";
  PQclear(res);
  if (!ok)
    throw persistence_error(PQerrorMessage(impl_->conn));
  if (!taken)
    throw persistence_error(
      shared ? "a purse-server without cluster flags already serves this "
               "database; stop it, or start it as a node of the cluster"
             : "another purse-server already serves this database (a server "
               "alone, or the nodes of a cluster): two servers alone would "
               "each keep their own rate limits and quota counts; stop the "
               "other, or run both as nodes of one cluster (README, "
               "Cluster)");
}

server_lock::~server_lock() = default;

} // namespace persistence
} // namespace purse
