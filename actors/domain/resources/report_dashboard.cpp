// SPDX-License-Identifier: GPL-2.0-or-later
#include "report_dashboard.hpp"

#include "encoders.hpp"
#include "report_categories.hpp"
#include "report_sums.hpp"

namespace purse::resources {

namespace {

using persistence::account_row;
using persistence::session;
using persistence::transaction_filter;

constexpr std::size_t top_categories = 5;
constexpr std::int64_t recent_transactions = 10;
/// More accounts than any plan allows.
constexpr std::int64_t max_accounts = 100'000;

/// (now - before) / before in percent with one decimal, rounded half away
/// from zero; empty when there is nothing to compare with.
std::string change_percent(wide_minor now, wide_minor before) {
  if (before == 0)
    return {};
  wide_minor diff = (now - before) * 2000;
  wide_minor scaled = diff >= 0 ? (diff + before) / (2 * before)
                                : (diff - before) / (2 * before);
  return format_wide_amount(scaled, 1);
}

void write_flow(json_writer& w, const char* name, const sum_value& now,
                const sum_value& before, const std::string& currency) {
  w.key(name).begin_object();
  write_sum(w, "amount", now.amount, currency);
  w.key("transaction_count").value(now.count);
  write_sum(w, "previous_amount", before.amount, currency);
  write_sum(w, "change", now.amount - before.amount, currency);
  auto percent = change_percent(now.amount, before.amount);
  w.key("change_percent");
  if (percent.empty())
    w.null();
  else
    w.raw_number(percent);
  w.end_object();
}

std::vector<linked_transaction> latest(session& s, const report_context& ctx,
                                       std::int64_t before) {
  transaction_filter f;
  f.scope_id = ctx.scope_id;
  f.has_to = true;
  f.to = before - 1;
  f.account_id = ctx.request.account_id;
  f.currency_code = ctx.request.currency_code;
  return s.list_linked(f, 0, recent_transactions);
}

/// The month shown and the one before, as local dates.
day_range previous_month(const report_context& ctx) {
  auto previous = ctx.month - date::months{1};
  return {first_day(previous), last_day(previous)};
}

} // namespace

void load_dashboard(session& s, report_data& data) {
  auto& ctx = data.ctx;
  auto query = ctx.query();
  query.by_category = true;
  query.expenses_only = false;
  auto month = ctx.instants(ctx.range);
  data.tables = sums_over(s, query, {month, ctx.instants(previous_month(ctx))});
  data.category_names = category_names(s, ctx.scope_id);
  data.recent = latest(s, ctx, month.second);
  data.accounts = s.list_by_name<account_row>(ctx.scope_id, 0, max_accounts);
}

std::string write_dashboard(const report_data& data,
                            const dashboard_counts& counts) {
  auto& ctx = data.ctx;
  auto& tables = data.tables;
  auto& names = data.category_names;
  json_writer w;
  w.begin_object();
  w.key("month").value(format_civil_month(ctx.month));
  w.key("previous_month")
    .value(format_civil_month(ctx.month - date::months{1}));
  write_range_and_filters(w, ctx);
  w.key("currencies").begin_array();
  for (auto& currency : currencies_of(tables, ctx)) {
    auto spent = total_of(tables[0], currency, "expense");
    w.begin_object();
    w.key("currency_code").value(currency);
    write_flow(w, "spending", spent, total_of(tables[1], currency, "expense"),
               currency);
    write_flow(w, "income", total_of(tables[0], currency, "income"),
               total_of(tables[1], currency, "income"), currency);
    w.key("top_categories");
    write_category_shares(w, tables[0], currency, names, spent, top_categories);
    w.end_object();
  }
  w.end_array();
  w.key("recent_transactions").begin_array();
  for (auto& tx : data.recent)
    w.raw_json(encode_transaction(tx));
  w.end_array();
  w.key("accounts").begin_array();
  for (auto& a : data.accounts)
    w.raw_json(encode_account(a));
  w.end_array();
  w.key("counts").begin_object();
  auto count = [&](const char* name) {
    auto it = counts.find(name);
    return it == counts.end() ? std::int64_t{0} : it->second;
  };
  w.key("transactions").value(count("transactions"));
  w.key("accounts").value(count("accounts"));
  w.key("categories").value(count("categories"));
  w.key("tags").value(count("tags"));
  w.key("files").value(count("files"));
  w.end_object();
  w.end_object();
  return w.str();
}

} // namespace purse::resources
