// SPDX-License-Identifier: GPL-2.0-or-later
#include "report_categories.hpp"

#include <algorithm>
#include <tuple>
#include <vector>

#include "report_request.hpp"

namespace purse::resources {

namespace {

/// Categories a scope may have at most, with room: the largest plan quota.
constexpr std::int64_t max_categories = 100'000;

constexpr const char* uncategorized = "Uncategorized";

/// `part / whole` as a decimal fraction with 4 places, rounded half up.
std::string share_of(wide_minor part, wide_minor whole) {
  if (whole <= 0)
    return "0.0000";
  wide_minor scaled = (part * 20000 + whole) / (2 * whole);
  return format_wide_amount(scaled, 4);
}

} // namespace

std::map<std::string, std::string> category_names(persistence::session& s,
                                                  const std::string& scope_id) {
  std::map<std::string, std::string> out;
  for (auto& c :
       s.list_by_name<persistence::category_row>(scope_id, 0, max_categories))
    out[c.id] = c.name;
  return out;
}

void write_category_shares(json_writer& w, const sum_table& table,
                           const std::string& currency,
                           const std::map<std::string, std::string>& names,
                           const sum_value& total, std::size_t limit) {
  struct line {
    std::string id;
    std::string name;
    sum_value sum;
  };
  std::vector<line> lines;
  for (auto& [key, value] : table) {
    if (key.currency_code != currency || key.flow_type != "expense")
      continue;
    auto it = names.find(key.category_id);
    lines.push_back({key.category_id,
                     key.category_id.empty() || it == names.end()
                       ? uncategorized
                       : it->second,
                     value});
  }
  std::sort(lines.begin(), lines.end(), [](const line& a, const line& b) {
    if (a.sum.amount != b.sum.amount)
      return a.sum.amount > b.sum.amount;
    return std::tie(a.name, a.id) < std::tie(b.name, b.id);
  });
  if (limit > 0 && lines.size() > limit)
    lines.resize(limit);
  w.begin_array();
  for (auto& l : lines) {
    w.begin_object();
    w.key("category").begin_object();
    w.key("id").value_or_null(l.id).key("name").value(l.name);
    w.end_object();
    write_sum(w, "amount", l.sum.amount, currency);
    w.key("transaction_count").value(l.sum.count);
    w.key("share").raw_number(share_of(l.sum.amount, total.amount));
    w.end_object();
  }
  w.end_array();
}

} // namespace purse::resources
