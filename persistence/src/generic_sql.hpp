// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The generic row operations of session, defined once. Each aggregate's SQL
// file instantiates them for its own row types (PURSE_SQL_ROW_OPERATIONS,
// PURSE_SQL_SCOPE_LIST), so a new resource adds its own file instead of
// editing a central list. Private to persistence/src; C++14 only.

#include <cstdint>
#include <string>
#include <vector>

#include "session_impl.hpp"
#include "sql_support.hpp"

namespace purse {
namespace persistence {

template <class Row>
bool session::find(const std::string& id, Row& out) {
  return impl_.db.find<Row>(id, out);
}

template <class Row>
void session::insert(const Row& row) {
  impl_.db.persist(row);
}

template <class Row>
void session::update(const Row& row) {
  impl_.db.update(row);
}

template <class Row>
bool session::erase(const std::string& id) {
  using q = odb::query<Row>;
  return impl_.db.erase_query<Row>(q::id == id) > 0;
}

template <class Row>
std::vector<Row> session::list_by_name(const std::string& scope_id,
                                       std::int64_t offset,
                                       std::int64_t limit) {
  using q = odb::query<Row>;
  std::vector<Row> out;
  auto r = impl_.db.query<Row>((q::scope_id == scope_id) + "ORDER BY" + q::name
                               + "," + q::id + "LIMIT" + q::_val(limit)
                               + "OFFSET" + q::_val(offset));
  for (auto& row : r)
    out.push_back(row);
  return out;
}

/// Needs sql::table_of<Row> specialized before it is instantiated.
namespace sql {

/// The parameters of find_in_scope's prepared statement.
struct in_scope_params {
  std::string scope_id;
  std::string ids;
};

} // namespace sql

template <class Row>
std::vector<Row> session::find_in_scope(const std::vector<std::string>& ids,
                                        const std::string& scope_id) {
  std::vector<Row> out;
  if (ids.empty())
    return out;
  using q = odb::query<Row>;
  static const std::string name = std::string{"purse.in_scope."}
                                  + sql::table_of<Row>::name;
  sql::in_scope_params* p = nullptr;
  auto pq = sql::prepared<Row>(
    impl_.db, name.c_str(), p, [](sql::in_scope_params& p) {
      return (q::scope_id == q::_ref(p.scope_id)) + "AND" + q::id
             + "= ANY(string_to_array(" + q::_ref(p.ids) + ", ','))";
    });
  p->scope_id = scope_id;
  p->ids = sql::comma_joined(ids);
  auto r = pq.execute();
  for (auto& row : r)
    out.push_back(row);
  return out;
}

template <class Row>
std::int64_t session::count_in_scope(const std::string& scope_id) {
  using sql::int_query;
  return sql::scalar(impl_.db, int_query(std::string{"SELECT COUNT(*) FROM "}
                                         + sql::table_of<Row>::name
                                         + " WHERE scope_id = ")
                                 + int_query::_val(scope_id));
}

} // namespace persistence
} // namespace purse

/// Instantiates find, insert, update and erase for `row`.
#define PURSE_SQL_ROW_OPERATIONS(row)                                          \
  template bool session::find<row>(const std::string&, row&);                  \
  template void session::insert<row>(const row&);                              \
  template void session::update<row>(const row&);                              \
  template bool session::erase<row>(const std::string&)

/// Instantiates find_in_scope for a scope-owned `row` (with a table_of).
#define PURSE_SQL_FIND_IN_SCOPE(row)                                           \
  template std::vector<row> session::find_in_scope<row>(                       \
    const std::vector<std::string>&, const std::string&)

/// Instantiates list_by_name and count_in_scope for a scope-owned `row`.
#define PURSE_SQL_SCOPE_LIST(row)                                              \
  template std::vector<row> session::list_by_name<row>(                        \
    const std::string&, std::int64_t, std::int64_t);                           \
  template std::int64_t session::count_in_scope<row>(const std::string&)
