// SPDX-License-Identifier: GPL-2.0-or-later
// GET .../reports/{name}: read-only reports over a scope's transactions,
// computed from the stored rollups (report_sums.hpp) for exact answers
// that cost the same for a busy year as for a quiet one.
//
//   total-spending       expenses per currency
//   categories-spending  expenses per currency and category, largest first
//   spending-trends      expenses per currency and day, week or month
//   dashboard            one month against the previous, and the scope
//   budget               one month's budgets against its spending
//
// Voided transactions never count; transfers are neither spending nor
// income; nothing is converted between currencies. Each report reads its
// data (rollups and pending changes in one statement) and writes its JSON
// after it.

#include "document.hpp"
#include "report_budget.hpp"
#include "report_categories.hpp"
#include "report_dashboard.hpp"
#include "report_request.hpp"
#include "report_sums.hpp"

#include <algorithm>
#include <array>

namespace purse::resources {

namespace {

using persistence::session;

constexpr std::array<std::string_view, 5> report_names{"total-spending",
                                                       "categories-spending",
                                                       "spending-trends",
                                                       "dashboard", "budget"};

/// The report's periods: spending-trends splits its range, the others
/// have one.
std::vector<day_range> periods_of(const report_context& ctx) {
  if (ctx.request.report == "spending-trends")
    return split_range(ctx.range, ctx.request.interval);
  return {ctx.range};
}

/// Reads what the report of a resolved request shows.
report_data load(session& s, report_context ctx) {
  report_data out;
  out.ctx = std::move(ctx);
  auto& c = out.ctx;
  if (c.request.report == "dashboard") {
    load_dashboard(s, out);
    return out;
  }
  if (c.request.report == "budget") {
    load_budget(s, out);
    return out;
  }
  auto query = c.query();
  query.by_category = c.request.report == "categories-spending";
  std::vector<interval> spans;
  for (auto& period : periods_of(c))
    spans.push_back(c.instants(period));
  out.tables = sums_over(s, query, spans);
  if (query.by_category)
    out.category_names = category_names(s, c.scope_id);
  return out;
}

/// Writes one currency's expense total of `sum` as `key` with its count.
void write_expenses(json_writer& w, const char* key, const sum_value& sum,
                    const std::string& currency) {
  write_sum(w, key, sum.amount, currency);
  w.key("transaction_count").value(sum.count);
}

std::string total_spending(const report_data& data) {
  json_writer w;
  w.begin_object();
  write_range_and_filters(w, data.ctx);
  w.key("totals").begin_array();
  for (auto& currency : currencies_of(data.tables, data.ctx)) {
    w.begin_object();
    w.key("currency_code").value(currency);
    write_expenses(w, "amount", total_of(data.tables[0], currency, "expense"),
                   currency);
    w.end_object();
  }
  w.end_array().end_object();
  return w.str();
}

std::string categories_spending(const report_data& data) {
  json_writer w;
  w.begin_object();
  write_range_and_filters(w, data.ctx);
  w.key("currencies").begin_array();
  for (auto& currency : currencies_of(data.tables, data.ctx)) {
    auto total = total_of(data.tables[0], currency, "expense");
    w.begin_object();
    w.key("currency_code").value(currency);
    write_expenses(w, "total", total, currency);
    w.key("categories");
    write_category_shares(w, data.tables[0], currency, data.category_names,
                          total, 0);
    w.end_object();
  }
  w.end_array().end_object();
  return w.str();
}

std::string spending_trends(const report_data& data) {
  auto periods = periods_of(data.ctx);
  json_writer w;
  w.begin_object();
  write_range_and_filters(w, data.ctx);
  w.key("interval").value(data.ctx.request.interval_name);
  w.key("currencies").begin_array();
  for (auto& currency : currencies_of(data.tables, data.ctx)) {
    sum_value total;
    for (auto& table : data.tables)
      total += total_of(table, currency, "expense");
    w.begin_object();
    w.key("currency_code").value(currency);
    write_expenses(w, "total", total, currency);
    w.key("buckets").begin_array();
    for (std::size_t i = 0; i < periods.size(); ++i) {
      w.begin_object();
      w.key("start").value(format_civil_day(periods[i].first));
      w.key("end").value(format_civil_day(periods[i].last));
      write_expenses(w, "amount", total_of(data.tables[i], currency, "expense"),
                     currency);
      w.end_object();
    }
    w.end_array().end_object();
  }
  w.end_array().end_object();
  return w.str();
}

/// One report's entry in the list.
std::string encode_name(std::string_view name) {
  json_writer w;
  w.begin_object().key("name").value(name).end_object();
  return w.str();
}

/// The list of reports, or one report of the scope.
prepared_call prepare(const api_call& call, const scope_view& scope) {
  if (call.op == operation::list) {
    // A list like every other: page and per_page, and its pagination.
    query_reader q{call.query};
    auto page = q.pagination();
    if (auto bad = query_errors(q))
      return answer(std::move(*bad));
    auto total = static_cast<std::int64_t>(report_names.size());
    auto first = std::min(page.offset(), total);
    auto last = std::min(first + page.per_page, total);
    std::vector<std::string_view> shown(report_names.begin() + first,
                                        report_names.begin() + last);
    return answer(page_of(shown, encode_name, page, total));
  }
  if (std::find(report_names.begin(), report_names.end(), call.id)
      == report_names.end())
    return answer(missing("report"));
  query_reader q{call.query};
  auto request = read_report_request(q, call.id);
  if (auto bad = query_errors(q))
    return answer(std::move(*bad));
  dashboard_counts counts{scope.counts.begin(), scope.counts.end()};
  return read_document(
    [request, zone = call.caller_timezone, scope_id = scope.scope_id](
      session& s) -> std::variant<report_data, api_result> {
      auto resolved = resolve_report(s, request, zone, scope_id);
      if (auto* error = std::get_if<api_result>(&resolved))
        return std::move(*error);
      return load(s, std::move(std::get<report_context>(resolved)));
    },
    [counts](std::variant<report_data, api_result> loaded) {
      if (auto* error = std::get_if<api_result>(&loaded))
        return std::move(*error);
      auto& data = std::get<report_data>(loaded);
      auto& report = data.ctx.request.report;
      std::string out;
      if (report == "total-spending")
        out = total_spending(data);
      else if (report == "categories-spending")
        out = categories_spending(data);
      else if (report == "spending-trends")
        out = spending_trends(data);
      else if (report == "budget")
        out = write_budget(data);
      else
        out = write_dashboard(data, counts);
      return make_result(errc::ok, std::move(out));
    });
}

} // namespace

const resource& reports_resource() {
  static const document_resource instance{
    "reports", route_shape::named({report_names.begin(), report_names.end()}),
    prepare, true};
  return instance;
}

} // namespace purse::resources
