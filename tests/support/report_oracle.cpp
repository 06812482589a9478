// SPDX-License-Identifier: GPL-2.0-or-later
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

std::string oracle_budget(const report_args& a) {
  auto first = quoted(a.month + "-01") + "::date";
  std::string budgets = "SELECT currency_code AS c, category_id AS k,"
                        " amount_minor AS m FROM budgets WHERE scope_id = "
                        + quoted(a.scope_id)
                        + " AND month = " + quoted(a.month);
  if (!a.currency_code.empty())
    budgets += " AND currency_code = " + quoted(a.currency_code);
  return sql_value(
    "WITH x AS (SELECT currency_code AS c, category_id AS k, count(*) AS n,"
    " sum(amount_minor) AS s FROM "
    + counted(a, true) + " t WHERE lt >= " + first + " AND lt < " + first
    + " + interval '1 month' GROUP BY 1, 2), b AS (" + budgets
    + ") SELECT coalesce(string_agg(line, ';' ORDER BY line), '') FROM ("
      "SELECT 'B|' || b.c || '|' || b.k || ':' || b.m || ':'"
      " || coalesce(x.n, 0) || ':' || coalesce(x.s, 0) AS line"
      " FROM b LEFT JOIN x ON x.c = b.c AND x.k = b.k UNION ALL"
      " SELECT 'U|' || x.c || '|' || CASE x.k WHEN '' THEN '-' ELSE x.k END"
      " || ':' || x.n || ':' || x.s FROM x WHERE NOT EXISTS (SELECT 1 FROM b"
      " WHERE b.c = x.c AND b.k = x.k)) y");
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

namespace {

/// The rollup rows that the rows t of `table` meeting `where` (with
/// account_id, category_id, transaction_at, currency_code, flow_type)
/// add up to, each weighed by
/// `count` and `amount`, written here independently of the database
/// functions: hours for every account and category together, days and
/// months for each account and all, each category and all.
std::string expanded(const std::string& table, const std::string& where,
                     const std::string& count, const std::string& amount) {
  return "SELECT '*' AS account_id, 0 AS grain, t.transaction_at -"
         " ((t.transaction_at % 3600) + 3600) % 3600 AS bucket, '*' AS"
         " category_id, t.currency_code, t.flow_type, "
         + count + " AS tx_count, " + amount + " AS amount_minor FROM " + table
         + " t WHERE " + where
         + " UNION ALL SELECT a.id, g.grain, g.bucket, c.id, t.currency_code,"
           " t.flow_type, "
         + count + ", " + amount + " FROM " + table
         + " t CROSS JOIN LATERAL (VALUES (1, t.transaction_at -"
           " ((t.transaction_at % 86400) + 86400) % 86400), (2, extract(epoch"
           " FROM date_trunc('month', to_timestamp(t.transaction_at) AT TIME"
           " ZONE 'UTC'))::bigint)) AS g(grain, bucket) CROSS JOIN LATERAL"
           " (VALUES (t.account_id), ('*')) AS a(id) CROSS JOIN LATERAL"
           " (VALUES (t.category_id), ('*')) AS c(id) WHERE "
         + where;
}

/// `rows` summed per rollup row, the rows that sum to nothing left out.
std::string summed(const std::string& rows) {
  return "SELECT account_id, grain, bucket, category_id, currency_code,"
         " flow_type, sum(tx_count), sum(amount_minor) FROM ("
         + rows
         + ") r GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(tx_count) <> 0 OR"
           " sum(amount_minor) <> 0";
}

} // namespace

long rollup_differences(const std::string& scope_id, rollup_part part) {
  auto s = quoted(scope_id);
  std::string stored = "SELECT account_id, grain, bucket, category_id,"
                       " currency_code, flow_type, tx_count, amount_minor"
                       " FROM report_rollups WHERE scope_id = "
                       + s;
  if (part == rollup_part::with_pending)
    stored += " UNION ALL "
              + expanded("report_rollup_deltas", "t.scope_id = " + s,
                         "t.tx_count", "t.tx_count * t.amount_minor::numeric");
  auto fresh = expanded("transactions",
                        "t.flow_type IN ('expense', 'income') AND t.voided_at"
                        " = 0 AND t.scope_id = "
                          + s,
                        "1", "t.amount_minor::numeric");
  auto want = summed(fresh);
  auto have = summed(stored);
  auto n = sql_value("SELECT count(*) FROM ((" + have + " EXCEPT " + want
                     + ") UNION ALL (" + want + " EXCEPT " + have + ")) d");
  return std::stol(n);
}

long pending_rollup_changes(const std::string& scope_id) {
  return std::stol(
    sql_value("SELECT count(*) FROM report_rollup_deltas WHERE scope_id = "
              + quoted(scope_id)));
}

} // namespace purse::test
