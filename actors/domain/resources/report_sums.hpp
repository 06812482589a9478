// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Sums of counted transactions over a report's intervals, read from the
// stored rollups through a rollup_plan. Private to the reports.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "purse/actors/money.hpp"
#include "purse/actors/rollup_plan.hpp"
#include "purse/persistence/store.hpp"

namespace purse::resources {

/// What the sums are grouped by. `category` is "*" when the query did not
/// ask for categories, empty for uncategorized transactions.
struct sum_key {
  std::string currency_code;
  std::string flow_type;
  std::string category_id;

  bool operator<(const sum_key& other) const {
    return std::tie(currency_code, flow_type, category_id)
           < std::tie(other.currency_code, other.flow_type, other.category_id);
  }
};

/// A number of transactions and their total in minor units.
struct sum_value {
  std::int64_t count = 0;
  wide_minor amount = 0;

  sum_value& operator+=(const sum_value& other) {
    count += other.count;
    amount += other.amount;
    return *this;
  }
};

using sum_table = std::map<sum_key, sum_value>;

/// The sum of one currency and flow over every category of a table.
sum_value total_of(const sum_table& table, const std::string& currency,
                   const std::string& flow);

/// UTC instants [first, second).
using interval = std::pair<std::int64_t, std::int64_t>;

/// The sums over each interval under the filters of `query` (its bucket
/// lists are filled from a rollup_plan of the intervals).
std::vector<sum_table> sums_over(persistence::session& s,
                                 persistence::report_query query,
                                 const std::vector<interval>& intervals);

} // namespace purse::resources
