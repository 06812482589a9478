// SPDX-License-Identifier: GPL-2.0-or-later
// The SQL behind the reports: the query that reads rollup buckets and raw
// intervals (the trigger, fold and rebuild that keep report_rollups are in
// persistence/sql/report.sql). Compiled as C++14 (the persistence island).
#if __cplusplus >= 201703L
#  error "ODB 2.4 runtime headers need C++14: build persistence/ as C++14"
#endif

#include <string>

#include <odb/transaction.hxx>

#include "purse/persistence/rows-odb.hxx"
#include "session_impl.hpp"
#include "sql_support.hpp"

namespace purse {
namespace persistence {

namespace {

using cell_query = odb::query<report_cell>;

/// A bigint[] literal for `= ANY(...)`: one parameter for any length.
std::string array_text(const std::vector<std::int64_t>& values) {
  std::string out = "{";
  for (auto v : values) {
    if (out.size() > 1)
      out += ',';
    out += std::to_string(v);
  }
  return out + "}";
}

/// Conditions shared by the rollup and the raw parts.
cell_query filters(const report_query& r, const char* prefix) {
  std::string p = prefix;
  cell_query q(r.expenses_only ? p + "flow_type = 'expense'"
                               : p + "flow_type IN ('expense', 'income')");
  if (!r.currency_code.empty()) {
    q += " AND " + p + "currency_code = ";
    q += cell_query::_val(r.currency_code);
  }
  return q;
}

/// The runs of buckets of every grain a report reads, as three array
/// literals for unnest(): each run's grain, and the starts of its first and
/// last bucket.
struct run_arrays {
  std::string grains, first, last;
};

run_arrays runs_of(const report_query& r) {
  std::vector<std::int64_t> grains, first, last;
  auto add = [&](int grain, const auto& runs) {
    for (auto& run : runs) {
      grains.push_back(grain);
      first.push_back(run.first);
      last.push_back(run.second);
    }
  };
  add(0, r.hours);
  add(1, r.days);
  add(2, r.months);
  return {array_text(grains), array_text(first), array_text(last)};
}

/// `unnest(grains, first, last) AS s(g, lo, hi)`: one row per run.
cell_query runs_table(const run_arrays& runs) {
  cell_query q("unnest(");
  q += cell_query::_val(runs.grains);
  q += "::integer[], ";
  q += cell_query::_val(runs.first);
  q += "::bigint[], ";
  q += cell_query::_val(runs.last);
  q += "::bigint[]) AS s(g, lo, hi)";
  return q;
}

/// The account and category conditions of a rollup or delta part, and the
/// category its cells name: the filtered one, each one (by category) or
/// "*". Rollups sum over every account or category in rows marked "*";
/// deltas are single transactions, so "every" is no condition.
struct part_scope {
  std::string category_column;
  cell_query conditions;
};

part_scope rollup_scope(const report_query& r) {
  cell_query q(" AND account_id = ");
  q += cell_query::_val(r.account_id.empty() ? std::string("*") : r.account_id);
  if (!r.category_id.empty()) {
    q += " AND category_id = ";
    q += cell_query::_val(r.category_id);
  } else {
    q += r.by_category ? " AND category_id <> '*'" : " AND category_id = '*'";
  }
  return {"x.category_id", q};
}

part_scope delta_scope(const report_query& r) {
  cell_query q;
  if (!r.account_id.empty()) {
    q += " AND d.account_id = ";
    q += cell_query::_val(r.account_id);
  }
  if (!r.category_id.empty()) {
    q += " AND d.category_id = ";
    q += cell_query::_val(r.category_id);
  }
  bool each = r.by_category || !r.category_id.empty();
  return {each ? "d.category_id" : "'*'", q};
}

// One index range scan per run of consecutive buckets, of any grain (a
// year of days is one scan, not 365 probes); OFFSET 0 keeps the planner
// from flattening the LATERAL subquery into a scan of the whole scope. All
// grains in one part: each part of the statement costs planning time.
cell_query rollup_part(const report_query& r, const run_arrays& runs) {
  auto scope = rollup_scope(r);
  cell_query q("SELECT s.g, x.bucket, x.currency_code, x.flow_type,"
               " x.category_id, x.tx_count, x.amount_minor::text FROM ");
  q += runs_table(runs);
  q += " CROSS JOIN LATERAL (SELECT * FROM report_rollups WHERE scope_id = ";
  q += cell_query::_val(r.scope_id);
  q += scope.conditions;
  q += " AND grain = s.g AND bucket BETWEEN s.lo AND s.hi AND tx_count <> 0"
       " AND ";
  q += filters(r, "");
  q += " OFFSET 0) x";
  return q;
}

// The scope's changes not yet folded, summed into the same buckets as the
// rollup part (the scope has a few seconds' worth of them at most while
// servers run, found by its index).
cell_query delta_part(const report_query& r, const run_arrays& runs) {
  auto scope = delta_scope(r);
  cell_query q("SELECT d.g, d.bucket, d.currency_code, d.flow_type, "
               + scope.category_column
               + ", sum(d.tx_count), sum(d.tx_count *"
                 " d.amount_minor::numeric)::text FROM (SELECT s.g, s.lo,"
                 " s.hi, report_bucket(s.g, d.transaction_at) AS bucket,"
                 " d.category_id, d.currency_code, d.flow_type, d.tx_count,"
                 " d.amount_minor FROM report_rollup_deltas d CROSS JOIN ");
  q += runs_table(runs);
  q += " WHERE d.scope_id = ";
  q += cell_query::_val(r.scope_id);
  q += scope.conditions;
  q += " AND ";
  q += filters(r, "d.");
  q += " OFFSET 0) d WHERE d.bucket BETWEEN d.lo AND d.hi GROUP BY 1, 2, 3, 4,"
       " 5";
  return q;
}

cell_query raw_part(const report_query& r) {
  std::vector<std::int64_t> from, to;
  for (auto& span : r.raw) {
    from.push_back(span.first);
    to.push_back(span.second);
  }
  bool categories = r.by_category || !r.category_id.empty();
  // One index range scan per interval: the LATERAL subquery with OFFSET 0
  // is not flattened, so the planner cannot trade the (scope_id,
  // transaction_at) index for a scan of the whole scope, which it would
  // since it cannot see the intervals' bounds.
  cell_query q(std::string("SELECT 3, s.n - 1, t.currency_code, t.flow_type, ")
               + (categories ? "t.category_id" : "'*'")
               + ", count(*), sum(t.amount_minor)::text FROM unnest(");
  q += cell_query::_val(array_text(from));
  q += "::bigint[], ";
  q += cell_query::_val(array_text(to));
  q += "::bigint[]) WITH ORDINALITY AS s(lo, hi, n) CROSS JOIN LATERAL"
       " (SELECT * FROM transactions t WHERE t.scope_id = ";
  q += cell_query::_val(r.scope_id);
  q += " AND t.transaction_at >= s.lo AND t.transaction_at < s.hi"
       " AND t.voided_at = 0 AND ";
  q += filters(r, "t.");
  if (!r.account_id.empty()) {
    q += " AND t.account_id = ";
    q += cell_query::_val(r.account_id);
  }
  if (!r.category_id.empty()) {
    q += " AND t.category_id = ";
    q += cell_query::_val(r.category_id);
  }
  q += " OFFSET 0) t";
  q += " GROUP BY 2, 3, 4, 5";
  return q;
}

} // namespace

std::vector<report_cell> session::report_cells(const report_query& r) {
  cell_query q;
  auto add = [&](const cell_query& part) {
    if (!q.empty())
      q += " UNION ALL ";
    q += part;
  };
  if (!r.hours.empty() || !r.days.empty() || !r.months.empty()) {
    auto runs = runs_of(r);
    add(rollup_part(r, runs));
    add(delta_part(r, runs));
  }
  if (!r.raw.empty())
    add(raw_part(r));
  std::vector<report_cell> out;
  if (q.empty())
    return out;
  // No parallel workers, no JIT: the pool's connections run without them
  // (store.cpp).
  auto rows = impl_.db.query<report_cell>(q);
  for (auto& row : rows)
    out.push_back(row);
  return out;
}

namespace {

struct fold_params {
  std::int32_t max_rows = 0;
};

} // namespace

std::int64_t session::fold_rollups(std::int32_t max_rows) {
  // Prepared once on the folder's connection: a fold a second is then one
  // round trip (a one-off query is a prepare, an execute and a deallocate).
  using sql::int_query;
  fold_params* p = nullptr;
  auto pq = sql::prepared<detail::int_value>(
    impl_.db, "purse.fold_rollups", p, [](fold_params& p) {
      return int_query("SELECT report_rollups_fold(")
             + int_query::_ref(p.max_rows) + ")";
    });
  p->max_rows = max_rows;
  detail::int_value out;
  sql::first_row(pq.execute(), out);
  return out.value;
}

} // namespace persistence
} // namespace purse
