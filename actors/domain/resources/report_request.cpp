// SPDX-License-Identifier: GPL-2.0-or-later
#include "report_request.hpp"

#include <ctime>

#include "purse/actors/currency.hpp"

namespace purse::resources {

namespace {

using persistence::account_row;
using persistence::category_row;
using persistence::user_row;

/// Ranges must be shorter than this many years.
constexpr int max_range_years = 5;

std::optional<civil_day> read_day(query_reader& q, const char* name) {
  auto text = q.get(name);
  if (!text)
    return std::nullopt;
  auto day = parse_civil_day(*text);
  if (!day)
    q.errors().add(name, "must be a date YYYY-MM-DD (years 1900 to 9999)");
  return day;
}

/// An id parameter that must name a row of the scope (checked later).
std::string read_id(query_reader& q, const char* name) {
  auto text = q.get(name);
  if (!text)
    return {};
  if (!valid_id(*text))
    q.errors().add(name, "must be the id of one of this scope's "
                           + std::string{name == std::string_view{"account_id"}
                                           ? "accounts"
                                           : "categories"});
  return *text;
}

} // namespace

bool is_monthly_report(std::string_view report) {
  return report == "dashboard" || report == "budget";
}

report_request read_report_request(query_reader& q, std::string_view report) {
  report_request r;
  r.report = std::string{report};
  if (is_monthly_report(report)) {
    if (auto text = q.get("month")) {
      r.month = parse_civil_month(*text);
      if (!r.month)
        q.errors().add("month", "must be a month YYYY-MM (years 1900 to 9999)");
    }
  } else {
    r.from = read_day(q, "from");
    r.to = read_day(q, "to");
  }
  if (auto tz = q.get("tz")) {
    r.tz = *tz;
    if (!find_time_zone(r.tz))
      q.errors().add("tz", "must be an IANA time zone name such as "
                           "Europe/Berlin or UTC");
  }
  if (auto code = q.get("currency_code")) {
    r.currency_code = *code;
    if (find_currency(r.currency_code) == nullptr)
      q.errors().add("currency_code",
                     "must be an upper-case ISO 4217 code from /currencies");
  }
  // Budgets belong to the scope, not to an account.
  if (report != "budget")
    r.account_id = read_id(q, "account_id");
  if (report == "spending-trends") {
    r.category_id = read_id(q, "category_id");
    if (auto interval = q.get("interval")) {
      r.interval_name = *interval;
      if (*interval == "day")
        r.interval = report_interval::day;
      else if (*interval == "week")
        r.interval = report_interval::week;
      else if (*interval == "month")
        r.interval = report_interval::month;
      else
        q.errors().add("interval", "must be day, week or month");
    }
  }
  return r;
}

std::pair<std::int64_t, std::int64_t>
report_context::instants(const day_range& r) const {
  return {day_start(r.first, zone), day_start(r.last + date::days{1}, zone)};
}

persistence::report_query report_context::query() const {
  persistence::report_query q;
  q.scope_id = scope_id;
  q.account_id = request.account_id;
  q.currency_code = request.currency_code;
  q.category_id = request.category_id;
  return q;
}

std::variant<report_context, api_result>
resolve_report(persistence::session& s, const report_request& request,
               const std::string& caller_zone, const std::string& scope_id) {
  report_context ctx;
  ctx.request = request;
  ctx.scope_id = scope_id;
  ctx.tz_name = request.tz.empty() ? caller_zone : request.tz;
  auto zone = find_time_zone(ctx.tz_name);
  if (!zone) {
    // A profile zone this machine's tz database lacks: fall back to UTC
    // rather than failing every report; the answer names the zone used.
    ctx.tz_name = "UTC";
    zone = time_zone{};
  }
  ctx.zone = *zone;
  auto today = local_day(static_cast<std::int64_t>(std::time(nullptr)),
                         ctx.zone);
  field_errors errors;
  if (is_monthly_report(request.report)) {
    ctx.month = request.month ? *request.month : month_of(today);
    ctx.range = {first_day(ctx.month), last_day(ctx.month)};
  } else {
    auto this_month = month_of(today);
    ctx.range.first = request.from ? *request.from : first_day(this_month);
    ctx.range.last = request.to ? *request.to : last_day(this_month);
    if (ctx.range.last < ctx.range.first)
      errors.add("to", "must not be before from ("
                         + format_civil_day(ctx.range.first) + ")");
    else if (!spans_less_than_years(ctx.range, max_range_years))
      errors.add("to", "the range may span at most 5 years");
  }
  if (!request.account_id.empty()) {
    account_row account;
    if (!s.find(request.account_id, account) || account.scope_id != scope_id)
      errors.add("account_id", "no such account in this scope");
  }
  if (!request.category_id.empty()) {
    category_row category;
    if (!s.find(request.category_id, category) || category.scope_id != scope_id)
      errors.add("category_id", "no such category in this scope");
  }
  if (!errors.empty())
    return invalid(errors);
  return ctx;
}

std::set<std::string> currencies_of(const std::vector<sum_table>& tables,
                                    const report_context& ctx) {
  std::set<std::string> out;
  if (!ctx.request.currency_code.empty()) {
    out.insert(ctx.request.currency_code);
    return out;
  }
  for (auto& table : tables)
    for (auto& entry : table)
      out.insert(entry.first.currency_code);
  return out;
}

void write_range_and_filters(json_writer& w, const report_context& ctx) {
  w.key("range").begin_object();
  w.key("from").value(format_civil_day(ctx.range.first));
  w.key("to").value(format_civil_day(ctx.range.last));
  w.key("timezone").value(ctx.tz_name);
  w.end_object();
  w.key("filters").begin_object();
  w.key("currency_code").value_or_null(ctx.request.currency_code);
  if (ctx.request.report != "budget")
    w.key("account_id").value_or_null(ctx.request.account_id);
  if (ctx.request.report == "spending-trends")
    w.key("category_id").value_or_null(ctx.request.category_id);
  w.end_object();
}

void write_sum(json_writer& w, std::string_view key, wide_minor minor,
               const std::string& currency_code) {
  w.key(key).raw_number(
    format_wide_amount(minor, minor_units_of(currency_code)));
  w.key(std::string{key} + "_minor").raw_number(wide_to_string(minor));
}

} // namespace purse::resources
