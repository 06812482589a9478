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
  for (auto& [key, uses] : plan.buckets())
    for (auto& u : uses)
      query.uses.push_back({static_cast<std::int32_t>(key.first), key.second,
                            static_cast<std::int32_t>(u.interval), u.sign});
  for (std::size_t i = 0; i < plan.raw_uses().size(); ++i)
    query.uses.push_back({3, static_cast<std::int64_t>(i),
                          static_cast<std::int32_t>(plan.raw_uses()[i].interval),
                          plan.raw_uses()[i].sign});
  std::vector<sum_table> out(intervals.size());
  for (auto& cell : s.report_cells(query)) {
    auto amount = parse_wide_integer(cell.amount_minor);
    if (!amount || cell.bucket < 0
        || static_cast<std::size_t>(cell.bucket) >= out.size())
      throw std::runtime_error("report: malformed sum from the database");
    // Sums that cancel out (a bucket added and its parts taken away) are
    // not "present": currencies appear only where something counts.
    if (cell.tx_count == 0 && *amount == 0)
      continue;
    out[static_cast<std::size_t>(cell.bucket)]
       [{cell.currency_code, cell.flow_type, cell.category_id}] =
         sum_value{cell.tx_count, *amount};
  }
  return out;
}

} // namespace purse::resources
