// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/persistence/server_lock.hpp"

#include <poll.h>

#include <libpq-fe.h>

#include "notices.hpp"
#include "purse/persistence/errors.hpp"

namespace purse {
namespace persistence {

constexpr const char* server_lock::session_name;

struct server_lock::impl {
  std::string conninfo;
  bool shared = false;
  PGconn* conn = nullptr;

  ~impl() {
    close();
  }

  void close() {
    if (conn != nullptr)
      PQfinish(conn);
    conn = nullptr;
  }

  /// Connects (named, with keepalives that find a silent peer) and tries
  /// the lock once.
  outcome take(std::string& error) {
    close();
    // Later keywords override what the URL or conninfo in dbname says.
    const char* keys[] = {"dbname",
                          "application_name",
                          "keepalives",
                          "keepalives_idle",
                          "keepalives_interval",
                          "keepalives_count",
                          nullptr};
    const char* values[] = {conninfo.c_str(), session_name, "1", "10", "5", "3",
                            nullptr};
    conn = PQconnectdbParams(keys, values, 1);
    detail::route_notices(conn);
    if (PQstatus(conn) != CONNECTION_OK) {
      error = PQerrorMessage(conn);
      close();
      return outcome::unreachable;
    }
    const char* sql
      = shared ? "SELECT pg_try_advisory_lock_shared(hashtext('purse.servers'))"
               : "SELECT pg_try_advisory_lock(hashtext('purse.servers'))";
    auto* res = PQexec(conn, sql);
    bool ok = PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1;
    bool taken = ok && std::string{PQgetvalue(res, 0, 0)} == "t";
    PQclear(res);
    if (!ok) {
      error = PQerrorMessage(conn);
      close();
      return outcome::unreachable;
    }
    if (taken)
      return outcome::taken;
    error = shared
              ? "a purse-server without cluster flags already serves this "
                "database; stop it, or start it as a node of the cluster"
              : "another purse-server already serves this database (a server "
                "alone, or the nodes of a cluster): two servers alone would "
                "each keep their own rate limits and quota counts; stop the "
                "other, or run both as nodes of one cluster (README, "
                "Cluster)";
    close();
    return outcome::held_by_another;
  }
};

server_lock::server_lock(const std::string& conninfo, bool shared)
  : impl_(new impl) {
  impl_->conninfo = conninfo;
  impl_->shared = shared;
  std::string error;
  switch (impl_->take(error)) {
    case outcome::taken:
      return;
    case outcome::held_by_another:
      throw persistence_error(error);
    case outcome::unreachable:
      throw transient_error(error);
  }
}

server_lock::~server_lock() = default;

bool server_lock::holds(std::chrono::milliseconds timeout) {
  auto* conn = impl_->conn;
  if (conn == nullptr)
    return false;
  pollfd fd{PQsocket(conn), POLLIN, 0};
  if (fd.fd < 0) {
    impl_->close();
    return false;
  }
  auto ready = ::poll(&fd, 1, static_cast<int>(timeout.count()));
  if (ready <= 0)
    return true; // quiet, or interrupted: still up
  // The session is idle, so what arrives is a notice (the database's
  // goodbye goes to the notice sink) or the end of the connection.
  if (PQconsumeInput(conn) == 0 || PQstatus(conn) != CONNECTION_OK) {
    impl_->close();
    return false;
  }
  return true;
}

server_lock::outcome server_lock::retake(std::string& error) {
  return impl_->take(error);
}

bool server_lock::shared() const {
  return impl_->shared;
}

} // namespace persistence
} // namespace purse
