// SPDX-License-Identifier: GPL-2.0-or-later
// The SQL of budgets: the generic row operations for budget_row and its
// filtered list. Compiled as C++14 (the persistence island).

#include "generic_sql.hpp"

namespace purse {
namespace persistence {

namespace sql {

template <>
struct table_of<budget_row> {
  static constexpr const char* name = "budgets";
};

} // namespace sql

PURSE_SQL_ROW_OPERATIONS(budget_row);
template std::int64_t session::count_in_scope<budget_row>(const std::string&);

namespace {

using budget_query = odb::query<budget_row>;

/// The condition list_budgets and count_budgets share.
budget_query budgets_where(const std::string& scope_id,
                           const std::string& month,
                           const std::string& category_id) {
  using q = budget_query;
  q c(q::scope_id == scope_id);
  if (!month.empty())
    c = c && q::month == month;
  if (!category_id.empty())
    c = c && q::category_id == category_id;
  return c;
}

} // namespace

std::vector<budget_row>
session::list_budgets(const std::string& scope_id, const std::string& month,
                      const std::string& category_id, std::int64_t offset,
                      std::int64_t limit) {
  using q = budget_query;
  auto r = impl_.db.query<budget_row>(
    budgets_where(scope_id, month, category_id) + "ORDER BY" + q::month + ","
    + q::created_at + "," + q::id + "LIMIT" + q::_val(limit) + "OFFSET"
    + q::_val(offset));
  return std::vector<budget_row>(r.begin(), r.end());
}

std::int64_t session::count_budgets(const std::string& scope_id,
                                    const std::string& month,
                                    const std::string& category_id) {
  using sql::int_query;
  auto text = int_query("SELECT COUNT(*) FROM budgets WHERE scope_id = ")
              + int_query::_val(scope_id);
  if (!month.empty())
    text += int_query(" AND month = ") + int_query::_val(month);
  if (!category_id.empty())
    text += int_query(" AND category_id = ") + int_query::_val(category_id);
  return sql::scalar(impl_.db, text);
}

std::int64_t session::erase_budgets_of(const std::string& category_id) {
  using q = budget_query;
  return static_cast<std::int64_t>(
    impl_.db.erase_query<budget_row>(q::category_id == category_id));
}

std::int64_t session::count_budgets_of(const std::string& category_id) {
  using sql::int_query;
  return sql::scalar(impl_.db, int_query("SELECT COUNT(*) FROM budgets WHERE"
                                         " category_id = ")
                                 + int_query::_val(category_id));
}

} // namespace persistence
} // namespace purse
