// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The parameters every report shares: the date range, the time zone and
// the filters; read from the query string, then resolved against the
// database (the caller's default zone, the scope's accounts and
// categories). Private to the reports.

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "common.hpp"
#include "encoders.hpp"
#include "purse/actors/calendar.hpp"
#include "purse/actors/money.hpp"
#include "report_sums.hpp"

namespace purse::resources {

/// What the query string said.
struct report_request {
  std::string report;
  std::optional<civil_day> from, to;
  std::optional<civil_month> month; ///< dashboard and budget only
  std::string tz;                   ///< empty: the caller's zone
  std::string currency_code;
  std::string account_id;
  std::string category_id; ///< spending-trends only
  report_interval interval = report_interval::month;
  std::string interval_name = "month";
};

/// Whether a report shows one month (`month=`) rather than a range of days.
bool is_monthly_report(std::string_view report);

/// Reads the parameters of `report`; problems go to `q.errors()`.
report_request read_report_request(query_reader& q, std::string_view report);

/// A request with its defaults filled in and its references checked.
struct report_context {
  report_request request;
  std::string scope_id;
  time_zone zone; ///< UTC unless resolved
  std::string tz_name;
  day_range range;
  civil_month month; ///< dashboard and budget: the month shown

  /// UTC instants [first, second) of a range of local dates.
  std::pair<std::int64_t, std::int64_t> instants(const day_range& r) const;

  /// The filters as a report query (no buckets yet).
  persistence::report_query query() const;
};

/// Fills in defaults (the caller's profile zone `caller_zone`, the current
/// month) and checks the range and the scope's account and category; a
/// 422 otherwise.
std::variant<report_context, api_result>
resolve_report(persistence::session& s, const report_request& request,
               const std::string& caller_zone, const std::string& scope_id);

/// Everything a report shows, read from the database and written after
/// the connection went back.
struct report_data {
  report_context ctx;
  /// The sums of each interval the report compares or lists.
  std::vector<sum_table> tables;
  /// Category id -> name (categories-spending, dashboard).
  std::map<std::string, std::string> category_names;
  /// The latest transactions (dashboard).
  std::vector<linked_transaction> recent;
  /// Every account of the scope (dashboard).
  std::vector<persistence::account_row> accounts;
  /// The month's budgets (budget).
  std::vector<persistence::budget_row> budgets;
};

/// Currencies to show: those with sums, or exactly the filtered one.
std::set<std::string> currencies_of(const std::vector<sum_table>& tables,
                                    const report_context& ctx);

/// Writes "range":{...} and "filters":{...}.
void write_range_and_filters(json_writer& w, const report_context& ctx);

/// Writes "<key>": amount, "<key>_minor": minor for a sum.
void write_sum(json_writer& w, std::string_view key, wide_minor minor,
               const std::string& currency_code);

} // namespace purse::resources
