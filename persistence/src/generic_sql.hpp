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

/// Instantiates list_by_name and count_in_scope for a scope-owned `row`.
#define PURSE_SQL_SCOPE_LIST(row)                                              \
  template std::vector<row> session::list_by_name<row>(                        \
    const std::string&, std::int64_t, std::int64_t);                           \
  template std::int64_t session::count_in_scope<row>(const std::string&)
