// SPDX-License-Identifier: GPL-2.0-or-later
#include "report_budget.hpp"

#include <algorithm>
#include <set>
#include <tuple>
#include <vector>

#include "report_categories.hpp"

namespace purse::resources {

namespace {

using persistence::budget_row;

/// More budgets than one month of a scope can hold (the largest quota).
constexpr std::int64_t max_budgets = 100'000;

constexpr const char* uncategorized = "Uncategorized";

/// A category's name; "Uncategorized" for none.
std::string name_of(const report_data& data, const std::string& id) {
  auto it = data.category_names.find(id);
  return id.empty() || it == data.category_names.end() ? uncategorized
                                                       : it->second;
}

void write_category(json_writer& w, const std::string& id,
                    const std::string& name) {
  w.key("category").begin_object();
  w.key("id").value_or_null(id).key("name").value(name);
  w.end_object();
}

/// One currency's part of the report.
struct currency_budget {
  struct line {
    const budget_row* budget = nullptr; ///< nullptr: unbudgeted spending
    std::string category_id;
    std::string name;
    sum_value spent;
  };
  std::vector<line> budgeted;
  std::vector<line> unbudgeted;
  wide_minor total_budgeted = 0;
  wide_minor spent_budgeted = 0;
  wide_minor spent_unbudgeted = 0;
};

currency_budget split(const report_data& data, const std::string& currency) {
  currency_budget out;
  std::set<std::string> covered;
  const auto& table = data.tables.at(0);
  for (auto& b : data.budgets) {
    if (b.currency_code != currency)
      continue;
    covered.insert(b.category_id);
    auto it = table.find({currency, "expense", b.category_id});
    auto spent = it == table.end() ? sum_value{} : it->second;
    out.total_budgeted += b.amount_minor;
    out.spent_budgeted += spent.amount;
    out.budgeted.push_back(
      {&b, b.category_id, name_of(data, b.category_id), spent});
  }
  for (auto& [key, value] : table) {
    if (key.currency_code != currency || key.flow_type != "expense"
        || covered.count(key.category_id) > 0)
      continue;
    out.spent_unbudgeted += value.amount;
    out.unbudgeted.push_back(
      {nullptr, key.category_id, name_of(data, key.category_id), value});
  }
  std::sort(
    out.budgeted.begin(), out.budgeted.end(), [](const auto& a, const auto& b) {
      return std::tie(a.name, a.category_id) < std::tie(b.name, b.category_id);
    });
  std::sort(out.unbudgeted.begin(), out.unbudgeted.end(),
            [](const auto& a, const auto& b) {
              if (a.spent.amount != b.spent.amount)
                return a.spent.amount > b.spent.amount;
              return std::tie(a.name, a.category_id)
                     < std::tie(b.name, b.category_id);
            });
  return out;
}

/// Currencies shown: the filtered one, else those with a budget or with
/// expenses in the month.
std::set<std::string> shown_currencies(const report_data& data) {
  std::set<std::string> out;
  if (!data.ctx.request.currency_code.empty()) {
    out.insert(data.ctx.request.currency_code);
    return out;
  }
  for (auto& b : data.budgets)
    out.insert(b.currency_code);
  for (auto& [key, value] : data.tables.at(0))
    if (key.flow_type == "expense")
      out.insert(key.currency_code);
  return out;
}

} // namespace

void load_budget(persistence::session& s, report_data& data) {
  auto& c = data.ctx;
  auto query = c.query();
  query.by_category = true;
  data.tables = sums_over(s, query, {c.instants(c.range)});
  auto month = format_civil_month(c.month);
  data.budgets = s.list_budgets(c.scope_id, month, "", 0, max_budgets);
  if (!c.request.currency_code.empty())
    data.budgets.erase(std::remove_if(data.budgets.begin(), data.budgets.end(),
                                      [&](const budget_row& b) {
                                        return b.currency_code
                                               != c.request.currency_code;
                                      }),
                       data.budgets.end());
  data.category_names = category_names(s, c.scope_id);
}

std::string write_budget(const report_data& data) {
  json_writer w;
  w.begin_object();
  w.key("month").value(format_civil_month(data.ctx.month));
  write_range_and_filters(w, data.ctx);
  w.key("currencies").begin_array();
  for (auto& currency : shown_currencies(data)) {
    auto part = split(data, currency);
    w.begin_object();
    w.key("currency_code").value(currency);
    write_sum(w, "budgeted", part.total_budgeted, currency);
    write_sum(w, "spent", part.spent_budgeted, currency);
    write_sum(w, "remaining", part.total_budgeted - part.spent_budgeted,
              currency);
    write_sum(w, "unbudgeted_spent", part.spent_unbudgeted, currency);
    w.key("categories").begin_array();
    for (auto& l : part.budgeted) {
      w.begin_object();
      write_category(w, l.category_id, l.name);
      w.key("budget_id").value(l.budget->id);
      write_sum(w, "budgeted", l.budget->amount_minor, currency);
      write_sum(w, "spent", l.spent.amount, currency);
      write_sum(w, "remaining", l.budget->amount_minor - l.spent.amount,
                currency);
      w.key("transaction_count").value(l.spent.count);
      w.end_object();
    }
    w.end_array();
    w.key("unbudgeted").begin_array();
    for (auto& l : part.unbudgeted) {
      w.begin_object();
      write_category(w, l.category_id, l.name);
      write_sum(w, "spent", l.spent.amount, currency);
      w.key("transaction_count").value(l.spent.count);
      w.end_object();
    }
    w.end_array();
    w.end_object();
  }
  w.end_array().end_object();
  return w.str();
}

} // namespace purse::resources
