// GET .../reports/{name}: read-only reports over a scope's transactions,
// computed from the stored rollups (report_sums.hpp) for exact answers
// that cost the same for a busy year as for a quiet one.
//
//   total-spending       expenses per currency
//   categories-spending  expenses per currency and category, largest first
//   spending-trends      expenses per currency and day, week or month
//   dashboard            one month against the previous, and the scope
//
// Voided transactions never count; transfers are neither spending nor
// income; nothing is converted between currencies.

#include "common.hpp"
#include "report_categories.hpp"
#include "report_dashboard.hpp"
#include "report_request.hpp"
#include "report_sums.hpp"

#include <algorithm>
#include <array>
#include <set>

namespace purse::resources {

namespace {

using persistence::category_row;
using persistence::session;
using persistence::store;

constexpr std::array<std::string_view, 4> report_names{
  "total-spending", "categories-spending", "spending-trends", "dashboard"};

/// Currencies to show: those with sums, or exactly the filtered one.
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

std::string total_spending(session& s, const report_context& ctx) {
  auto tables = sums_over(s, ctx.query(), {ctx.instants(ctx.range)});
  json_writer w;
  w.begin_object();
  write_range_and_filters(w, ctx);
  w.key("totals").begin_array();
  for (auto& currency : currencies_of(tables, ctx)) {
    auto sum = total_of(tables[0], currency, "expense");
    w.begin_object();
    w.key("currency_code").value(currency);
    write_sum(w, "amount", sum.amount, currency);
    w.key("transaction_count").value(sum.count);
    w.end_object();
  }
  w.end_array().end_object();
  return w.str();
}

std::string categories_spending(session& s, const report_context& ctx) {
  auto query = ctx.query();
  query.by_category = true;
  auto tables = sums_over(s, query, {ctx.instants(ctx.range)});
  auto names = category_names(s, ctx.scope_id);
  json_writer w;
  w.begin_object();
  write_range_and_filters(w, ctx);
  w.key("currencies").begin_array();
  for (auto& currency : currencies_of(tables, ctx)) {
    auto total = total_of(tables[0], currency, "expense");
    w.begin_object();
    w.key("currency_code").value(currency);
    write_sum(w, "total", total.amount, currency);
    w.key("transaction_count").value(total.count);
    w.key("categories");
    write_category_shares(w, tables[0], currency, names, total, 0);
    w.end_object();
  }
  w.end_array().end_object();
  return w.str();
}

std::string spending_trends(session& s, const report_context& ctx) {
  auto periods = split_range(ctx.range, ctx.request.interval);
  std::vector<interval> spans;
  for (auto& period : periods)
    spans.push_back(ctx.instants(period));
  auto tables = sums_over(s, ctx.query(), spans);
  json_writer w;
  w.begin_object();
  write_range_and_filters(w, ctx);
  w.key("interval").value(ctx.request.interval_name);
  w.key("currencies").begin_array();
  for (auto& currency : currencies_of(tables, ctx)) {
    sum_value total;
    for (auto& table : tables)
      total += total_of(table, currency, "expense");
    w.begin_object();
    w.key("currency_code").value(currency);
    write_sum(w, "total", total.amount, currency);
    w.key("transaction_count").value(total.count);
    w.key("buckets").begin_array();
    for (std::size_t i = 0; i < periods.size(); ++i) {
      auto sum = total_of(tables[i], currency, "expense");
      w.begin_object();
      w.key("start").value(format_civil_day(periods[i].first));
      w.key("end").value(format_civil_day(periods[i].last));
      write_sum(w, "amount", sum.amount, currency);
      w.key("transaction_count").value(sum.count);
      w.end_object();
    }
    w.end_array().end_object();
  }
  w.end_array().end_object();
  return w.str();
}

std::string report_list() {
  json_writer w;
  w.begin_object().key("items").begin_array();
  for (auto name : report_names)
    w.begin_object().key("name").value(name).end_object();
  w.end_array().end_object();
  return w.str();
}

class reports final : public resource {
public:
  std::string_view name() const override {
    return "reports";
  }

  route_shape shape() const override {
    return route_shape::named({report_names.begin(), report_names.end()});
  }

  role min_role(const api_call&) const override {
    return role::viewer;
  }

  bool takes_query(const api_call&) const override {
    return true;
  }

  void load_counts(session&, const std::string&,
                   std::map<std::string, std::int64_t>&) const override {
    // nop: reports read the other resources' counts
  }

  prepared_call prepare(const api_call& call,
                        const scope_view& scope) const override {
    if (call.op == operation::list) {
      query_reader q{call.query};
      q.reject_unknown();
      if (!q.errors().empty())
        return answer(invalid(q.errors()));
      return answer(make_result(errc::ok, report_list()));
    }
    if (std::find(report_names.begin(), report_names.end(), call.id)
        == report_names.end())
      return answer(missing("report"));
    query_reader q{call.query};
    auto request = read_report_request(q, call.id);
    q.reject_unknown();
    if (!q.errors().empty())
      return answer(invalid(q.errors()));
    dashboard_counts counts;
    for (auto& [name, value] : scope.counts)
      counts[name] = value;
    return read_task([request, counts, caller = call.caller_id,
                      scope_id = scope.scope_id](store& st) {
      api_result out;
      st.read([&](session& s) {
        auto resolved = resolve_report(s, request, caller, scope_id);
        if (auto* error = std::get_if<api_result>(&resolved)) {
          out = *error;
          return;
        }
        auto& ctx = std::get<report_context>(resolved);
        std::string data;
        if (request.report == "total-spending")
          data = total_spending(s, ctx);
        else if (request.report == "categories-spending")
          data = categories_spending(s, ctx);
        else if (request.report == "spending-trends")
          data = spending_trends(s, ctx);
        else
          data = dashboard(s, ctx, counts);
        out = make_result(errc::ok, std::move(data));
      });
      return db_outcome{out, {}};
    });
  }
};

} // namespace

const resource& reports_resource() {
  static const reports instance;
  return instance;
}

} // namespace purse::resources
