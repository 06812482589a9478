// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The reports' test oracle: each report recomputed from the raw
// transactions with plain SQL (PostgreSQL's own time zone rules, no
// rollups), rendered in a canonical text form that the tests also build
// from the API's answers.

#include <string>

namespace purse::test {

/// What a report was asked (dates as YYYY-MM-DD, month as YYYY-MM; empty
/// filters are absent).
struct report_args {
  std::string scope_id;
  std::string tz;
  std::string from, to;
  std::string month;
  std::string account_id;
  std::string currency_code;
  std::string category_id;
  std::string interval; // day | week | month
};

/// "EUR:count:minor;USD:..." — expenses per currency.
std::string oracle_total_spending(const report_args& a);

/// "EUR|<category id or ->:count:minor;..." — expenses per currency and
/// category.
std::string oracle_categories_spending(const report_args& a);

/// "EUR|<bucket start>:count:minor;..." — expenses per currency and
/// bucket, buckets cut to the range, empty buckets left out.
std::string oracle_spending_trends(const report_args& a);

/// "EUR|expense|0:count:minor;..." — per currency and flow, 0 for the
/// month, 1 for the month before.
std::string oracle_dashboard_flows(const report_args& a);

/// "id,id,..." — the ten latest counted-or-not, non-voided transactions
/// before the month's end, newest first.
std::string oracle_dashboard_recent(const report_args& a);

/// The budget report of `a.month`, sorted: "B|EUR|<category id>:<budget
/// minor>:<count>:<spent minor>" per budget and "U|EUR|<category id or
/// ->:<count>:<spent minor>" per category with expenses but no budget in
/// that currency.
std::string oracle_budget(const report_args& a);

/// Which stored sums rollup_differences compares.
enum class rollup_part {
  /// The rollups with the changes not yet folded into them: what reports
  /// read, right at any moment.
  with_pending,
  /// The rollups alone: right once every change has been folded.
  folded
};

/// Number of stored rollup rows of a scope that differ from a recomputation
/// from the transactions (0 when the triggers kept them right).
long rollup_differences(const std::string& scope_id,
                        rollup_part part = rollup_part::with_pending);

/// Number of the scope's changes not yet folded into the rollups.
long pending_rollup_changes(const std::string& scope_id);

} // namespace purse::test
