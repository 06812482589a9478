// SPDX-License-Identifier: GPL-2.0-or-later
// The SQL of the named rows of a scope: accounts, categories (with their
// hierarchy) and tags. Compiled as C++14 (the persistence island).

#include "generic_sql.hpp"

namespace purse {
namespace persistence {

namespace sql {

template <>
struct table_of<account_row> {
  static constexpr const char* name = "accounts";
};

template <>
struct table_of<category_row> {
  static constexpr const char* name = "categories";
};

template <>
struct table_of<tag_row> {
  static constexpr const char* name = "tags";
};

} // namespace sql

PURSE_SQL_ROW_OPERATIONS(account_row);
PURSE_SQL_ROW_OPERATIONS(category_row);
PURSE_SQL_ROW_OPERATIONS(tag_row);
PURSE_SQL_SCOPE_LIST(account_row);
PURSE_SQL_SCOPE_LIST(category_row);
PURSE_SQL_SCOPE_LIST(tag_row);
PURSE_SQL_FIND_IN_SCOPE(account_row);
PURSE_SQL_FIND_IN_SCOPE(category_row);
PURSE_SQL_FIND_IN_SCOPE(tag_row);

std::int64_t session::count_children(const std::string& category_id) {
  using sql::int_query;
  return sql::scalar(impl_.db, int_query("SELECT COUNT(*) FROM categories"
                                         " WHERE parent_id = ")
                                 + int_query::_val(category_id));
}

void session::reparent_children(const std::string& from, const std::string& to,
                                std::int64_t now, const std::string& by) {
  using q = odb::query<category_row>;
  auto r = impl_.db.query<category_row>(q::parent_id == from);
  std::vector<category_row> rows(r.begin(), r.end());
  for (auto& row : rows) {
    row.parent_id = to;
    row.updated_at = now;
    row.updated_by = by;
    impl_.db.update(row);
  }
}

} // namespace persistence
} // namespace purse
