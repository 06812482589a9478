// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// What a report reads from the database. Compiled as C++14 and as C++17.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace purse {
namespace persistence {

/// What a report reads: rollup buckets of a scope and raw transactions in
/// some intervals, restricted by the report's filters. Only counted
/// transactions (expense or income, not voided) are ever read.
struct report_query {
  std::string scope_id;
  std::string account_id;    ///< empty: every account
  std::string currency_code; ///< empty: every currency
  std::string category_id;   ///< empty: every category
  bool by_category = false;  ///< one cell per category, else sums over them
  bool expenses_only = true; ///< else expenses and incomes
  /// Rollup buckets to read, as runs of consecutive buckets: the UTC
  /// starts of the first and the last bucket of each run.
  std::vector<std::pair<std::int64_t, std::int64_t>> hours, days, months;
  /// Intervals [first, second) of transaction_at to sum from raw rows.
  std::vector<std::pair<std::int64_t, std::int64_t>> raw;
};

} // namespace persistence
} // namespace purse
