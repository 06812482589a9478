// SPDX-License-Identifier: GPL-2.0-or-later
#include "advisory_lock.hpp"

#include <libpq-fe.h>

#include "notices.hpp"
#include "purse/persistence/errors.hpp"

namespace purse {
namespace persistence {
namespace detail {

struct advisory_lock::impl {
  PGconn* conn = nullptr;

  ~impl() {
    if (conn != nullptr)
      PQfinish(conn);
  }

  /// Runs `sql` (one boolean or void column, `name` as its parameter);
  /// true unless it returned false.
  bool run(const char* sql, const std::string& name) {
    const char* params[] = {name.c_str()};
    auto* res = PQexecParams(conn, sql, 1, nullptr, params, nullptr, nullptr,
                             0);
    bool ok = PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1;
    bool taken = ok && std::string{PQgetvalue(res, 0, 0)} != "f";
    PQclear(res);
    if (!ok) {
      std::string text = std::string{"advisory lock "} + name + ": "
                         + PQerrorMessage(conn);
      if (PQstatus(conn) != CONNECTION_OK)
        throw transient_error(text);
      throw persistence_error(text);
    }
    return taken;
  }
};

advisory_lock::advisory_lock(const std::string& conninfo,
                             const std::string& name, bool shared,
                             const std::function<void()>& on_wait)
  : impl_(new impl) {
  impl_->conn = PQconnectdb(conninfo.c_str());
  route_notices(impl_->conn);
  if (PQstatus(impl_->conn) != CONNECTION_OK)
    throw transient_error(PQerrorMessage(impl_->conn));
  auto try_sql = shared ? "SELECT pg_try_advisory_lock_shared(hashtext($1))"
                        : "SELECT pg_try_advisory_lock(hashtext($1))";
  if (impl_->run(try_sql, name))
    return;
  if (on_wait)
    on_wait();
  impl_->run(shared ? "SELECT pg_advisory_lock_shared(hashtext($1))"
                    : "SELECT pg_advisory_lock(hashtext($1))",
             name);
}

advisory_lock::~advisory_lock() = default;

} // namespace detail
} // namespace persistence
} // namespace purse
