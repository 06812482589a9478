// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Helpers every SQL file of the persistence island shares: error
// translation, cached prepared queries, native scalar queries. Private to
// persistence/src; compiled as C++14 only.
#if __cplusplus >= 201703L
#  error "ODB 2.4 runtime headers need C++14: build persistence/ as C++14"
#endif

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <odb/database.hxx>
#include <odb/exceptions.hxx>
#include <odb/pgsql/exceptions.hxx>
#include <odb/pgsql/query.hxx>

#include "purse/persistence/errors.hpp"
#include "purse/persistence/rows-odb.hxx"

namespace purse {
namespace persistence {
namespace sql {

/// Runs `fn`, translating ODB exceptions into persistence errors so that no
/// ODB type escapes the island.
template <class F>
auto guarded(F&& fn) -> decltype(fn()) {
  try {
    return fn();
  } catch (const odb::pgsql::database_exception& e) {
    // 23505: unique_violation (SQLSTATE class 23, integrity constraint)
    if (e.sqlstate() == "23505")
      throw unique_violation(e.message());
    // 22003: numeric_value_out_of_range (a sum past the bigint range).
    if (e.sqlstate() == "22003")
      throw out_of_range(e.message());
    // PU001: Purse's own, raised by purse_cluster_fence().
    if (e.sqlstate() == "PU001")
      throw fenced(e.message());
    // Class 08: connection exceptions; 57P: operator intervention
    // (e.g. the server shutting down). No SQLSTATE at all: the error did
    // not come from the server but from libpq, e.g. a new connection
    // refused while PostgreSQL is down.
    if (e.sqlstate().empty() || e.sqlstate().compare(0, 2, "08") == 0
        || e.sqlstate().compare(0, 3, "57P") == 0)
      throw transient_error(e.message());
    throw persistence_error(e.what());
  } catch (const odb::recoverable& e) {
    // connection_lost, timeout, deadlock: nothing the client did wrong.
    throw transient_error(e.what());
  } catch (const odb::object_already_persistent& e) {
    // ODB reports any 23505 on persist this way, also for unique indexes
    // other than the primary key.
    throw unique_violation(e.what());
  } catch (const persistence_error&) {
    throw;
  } catch (const odb::exception& e) {
    throw persistence_error(e.what());
  }
}

/// A native query that selects one BIGINT.
using int_query = odb::query<detail::int_value>;

/// The BIGINT a native query selects.
inline std::int64_t scalar(odb::database& db, const int_query& q) {
  return db.query_value<detail::int_value>(q).value;
}

/// Drops the statements ODB prepares for one query and deallocates after
/// it ("query_<type>", "erase_query_<type>").
constexpr const char* deallocate_one_off_statements = R"SQL(
DO $$
DECLARE n text;
BEGIN
  FOR n IN SELECT name FROM pg_prepared_statements
            WHERE name LIKE 'query\_%' OR name LIKE 'erase\_query\_%' LOOP
    EXECUTE 'DEALLOCATE ' || quote_ident(n);
  END LOOP;
END $$)SQL";

/// Ids as one text parameter ("a,b,c") for `= ANY(string_to_array(...))`:
/// the statement stays the same for any number of ids, so it can be
/// prepared once. Ids never contain commas.
inline std::string comma_joined(const std::vector<std::string>& ids) {
  std::string out;
  for (auto& id : ids) {
    if (!out.empty())
      out += ',';
    out += id;
  }
  return out;
}

/// A prepared query cached on the current connection under `name`, with
/// its by-reference parameters (ODB manual 4.5). Hot per-request queries
/// use it so PostgreSQL parses and plans them once per connection.
template <class T, class P, class Make>
odb::prepared_query<T>
prepared(odb::database& db, const char* name, P*& params, Make make) {
  auto pq = db.lookup_query<T>(name, params);
  if (!pq) {
    std::unique_ptr<P> owned(new P);
    params = owned.get();
    pq = db.prepare_query<T>(name, make(*params));
    db.cache_query(pq, std::move(owned));
  }
  return pq;
}

/// The first row of a query result; false if there is none.
template <class Row, class Result>
bool first_row(Result&& r, Row& out) {
  for (auto& row : r) {
    out = row;
    return true;
  }
  return false;
}

/// Table of a scope-owned row type, for native queries; each aggregate's
/// SQL file specializes it for its own rows.
template <class Row>
struct table_of;

} // namespace sql
} // namespace persistence
} // namespace purse
