#include "support/report_oracle.hpp"

#include <boost/test/unit_test.hpp>

#include "support/e2e.hpp"

namespace purse::test {

namespace {

std::string quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'')
      out += '\'';
    out += c;
  }
  return out + "'";
}

/// The scope's counted transactions with their local time `lt`.
std::string counted(const report_args& a, bool expenses_only) {
  std::string q = "(SELECT t.*, (to_timestamp(t.transaction_at) AT TIME ZONE "
                  + quoted(a.tz)
                  + ") AS lt FROM transactions t WHERE t.scope_id = "
                  + quoted(a.scope_id) + " AND t.voided_at = 0 AND ";
  q += expenses_only ? "t.flow_type = 'expense'"
                     : "t.flow_type IN ('expense', 'income')";
  if (!a.account_id.empty())
    q += " AND t.account_id = " + quoted(a.account_id);
  if (!a.currency_code.empty())
    q += " AND t.currency_code = " + quoted(a.currency_code);
  if (!a.category_id.empty())
    q += " AND t.category_id = " + quoted(a.category_id);
  return q + ")";
}

std::string in_range(const report_args& a) {
  return "lt::date BETWEEN " + quoted(a.from) + "::date AND " + quoted(a.to)
         + "::date";
}

} // namespace

std::string oracle_total_spending(const report_args& a) {
  return sql_value(
    "SELECT coalesce(string_agg(c || ':' || n || ':' || s, ';' ORDER BY c), '')"
    " FROM (SELECT currency_code AS c, count(*) AS n, sum(amount_minor) AS s"
    " FROM "
    + counted(a, true) + " x WHERE " + in_range(a) + " GROUP BY 1) y");
}

std::string oracle_categories_spending(const report_args& a) {
  return sql_value(
    "SELECT coalesce(string_agg(c || '|' || k || ':' || n || ':' || s, ';'"
    " ORDER BY c, k), '') FROM (SELECT currency_code AS c,"
    " CASE category_id WHEN '' THEN '-' ELSE category_id END AS k,"
    " count(*) AS n, sum(amount_minor) AS s FROM "
    + counted(a, true) + " x WHERE " + in_range(a) + " GROUP BY 1, 2) y");
}

std::string oracle_spending_trends(const report_args& a) {
  std::string bucket = a.interval == "day"    ? "lt::date"
                       : a.interval == "week" ? "date_trunc('week', lt)::date"
                                              : "date_trunc('month', lt)::date";
  return sql_value(
    "SELECT coalesce(string_agg(c || '|' || to_char(b, 'YYYY-MM-DD') || ':'"
    " || n || ':' || s, ';' ORDER BY c, b), '') FROM (SELECT currency_code"
    " AS c, greatest("
    + bucket + ", " + quoted(a.from)
    + "::date) AS b, count(*) AS n, sum(amount_minor) AS s FROM "
    + counted(a, true) + " x WHERE " + in_range(a) + " GROUP BY 1, 2) y");
}

std::string oracle_dashboard_flows(const report_args& a) {
  auto first = quoted(a.month + "-01") + "::date";
  return sql_value(
    "SELECT coalesce(string_agg(c || '|' || f || '|' || m || ':' || n || ':'"
    " || s, ';' ORDER BY c, f, m), '') FROM (SELECT currency_code AS c,"
    " flow_type AS f, CASE WHEN lt >= "
    + first
    + " THEN 0 ELSE 1 END AS m,"
      " count(*) AS n, sum(amount_minor) AS s FROM "
    + counted(a, false) + " x WHERE lt >= " + first
    + " - interval '1 month' AND lt < " + first
    + " + interval '1 month' GROUP BY 1, 2, 3) y");
}

std::string oracle_dashboard_recent(const report_args& a) {
  std::string q = "SELECT coalesce(string_agg(id, ',' ORDER BY transaction_at"
                  " DESC, id DESC), '') FROM (SELECT id, transaction_at FROM"
                  " transactions WHERE scope_id = "
                  + quoted(a.scope_id)
                  + " AND voided_at = 0 AND transaction_at < extract(epoch"
                    " FROM (("
                  + quoted(a.month + "-01")
                  + "::date + interval '1 month')::timestamp AT TIME ZONE "
                  + quoted(a.tz) + "))";
  if (!a.account_id.empty())
    q += " AND (account_id = " + quoted(a.account_id)
         + " OR to_account_id = " + quoted(a.account_id) + ")";
  if (!a.currency_code.empty())
    q += " AND currency_code = " + quoted(a.currency_code);
  q += " ORDER BY transaction_at DESC, id DESC LIMIT 10) y";
  return sql_value(q);
}

long rollup_differences(const std::string& scope_id) {
  auto s = quoted(scope_id);
  auto stored
    = "SELECT account_id, grain, bucket, category_id, currency_code, flow_type,"
      " tx_count, amount_minor FROM report_rollups WHERE tx_count <> 0 AND"
      " scope_id = "
      + s;
  // What the rollups should hold, recomputed here independently of the
  // database functions: hours for every account and category together,
  // days and months for each account and all, each category and all.
  auto counted = " FROM transactions t WHERE t.flow_type IN ('expense',"
                 " 'income') AND t.voided_at = 0 AND t.scope_id = "
                 + s;
  auto fresh
    = "SELECT '*', 0, t.transaction_at - ((t.transaction_at % 3600) + 3600) %"
      " 3600, '*', t.currency_code, t.flow_type, count(*),"
      " sum(t.amount_minor)::numeric"
      + counted
      + " GROUP BY 1, 2, 3, 4, 5, 6"
        " UNION ALL SELECT a.id, g.grain, g.bucket, c.id, t.currency_code,"
        " t.flow_type, count(*), sum(t.amount_minor)::numeric FROM "
        "transactions t"
        " CROSS JOIN LATERAL (VALUES (1, t.transaction_at - ((t.transaction_at "
        "%"
        " 86400) + 86400) % 86400), (2, extract(epoch FROM date_trunc('month',"
        " to_timestamp(t.transaction_at) AT TIME ZONE 'UTC'))::bigint)) AS"
        " g(grain, bucket) CROSS JOIN LATERAL (VALUES (t.account_id), ('*')) AS"
        " a(id) CROSS JOIN LATERAL (VALUES (t.category_id), ('*')) AS c(id)"
        " WHERE t.flow_type IN ('expense', 'income') AND t.voided_at = 0 AND"
        " t.scope_id = "
      + s + " GROUP BY 1, 2, 3, 4, 5, 6";
  auto n = sql_value("SELECT count(*) FROM ((" + std::string{stored}
                     + " EXCEPT (" + fresh + ")) UNION ALL ((" + fresh
                     + ") EXCEPT " + stored + ")) d");
  return std::stol(n);
}

} // namespace purse::test
