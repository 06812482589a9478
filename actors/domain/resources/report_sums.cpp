// SPDX-License-Identifier: GPL-2.0-or-later
#include "report_sums.hpp"

#include <stdexcept>

namespace purse::resources {

sum_value total_of(const sum_table& table, const std::string& currency,
                   const std::string& flow) {
  sum_value out;
  for (auto& [key, value] : table)
    if (key.currency_code == currency && key.flow_type == flow)
      out += value;
  return out;
}

std::vector<sum_table> sums_over(persistence::session& s,
                                 persistence::report_query query,
                                 const std::vector<interval>& intervals) {
  // Hour buckets are stored only for every account and category together.
  rollup_plan plan{query.account_id.empty() && query.category_id.empty()
                   && !query.by_category};
  for (std::size_t i = 0; i < intervals.size(); ++i)
    plan.add(i, intervals[i].first, intervals[i].second);
  query.hours = plan.runs(rollup_grain::hour);
  query.days = plan.runs(rollup_grain::day);
  query.months = plan.runs(rollup_grain::month);
  query.raw = plan.raw();
  std::vector<sum_table> out(intervals.size());
  for (auto& cell : s.report_cells(query)) {
    auto amount = parse_wide_integer(cell.amount_minor);
    if (!amount)
      throw std::runtime_error("report: malformed sum from the database");
    sum_key key{cell.currency_code, cell.flow_type, cell.category_id};
    const std::vector<rollup_plan::use>* uses = nullptr;
    std::vector<rollup_plan::use> raw_use;
    if (cell.grain == 3) {
      auto at = static_cast<std::size_t>(cell.bucket);
      if (at >= plan.raw_uses().size())
        throw std::runtime_error("report: raw interval out of range");
      raw_use.push_back(plan.raw_uses()[at]);
      uses = &raw_use;
    } else {
      auto it = plan.buckets().find(
        {static_cast<rollup_grain>(cell.grain), cell.bucket});
      if (it == plan.buckets().end())
        throw std::runtime_error("report: unplanned bucket from the database");
      uses = &it->second;
    }
    for (auto& use : *uses) {
      auto& sum = out[use.interval][key];
      sum.count += use.sign * cell.tx_count;
      sum.amount += use.sign * *amount;
    }
  }
  // Sums that cancelled out (a bucket added and its parts taken away) are
  // not "present": drop them so currencies appear only when they count.
  for (auto& table : out)
    for (auto it = table.begin(); it != table.end();)
      it = it->second.count == 0 && it->second.amount == 0 ? table.erase(it)
                                                           : std::next(it);
  return out;
}

} // namespace purse::resources
