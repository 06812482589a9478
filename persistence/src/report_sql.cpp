// The SQL behind the reports: the trigger that keeps report_rollups equal to
// the sums of the counted transactions, and the query that reads rollup
// buckets and raw intervals. Compiled as C++14 (the persistence island).
#if __cplusplus >= 201703L
#  error "ODB 2.4 runtime headers need C++14: build persistence/ as C++14"
#endif

#include <string>

#include <odb/transaction.hxx>

#include "purse/persistence/rows-odb.hxx"
#include "session_impl.hpp"

namespace purse {
namespace persistence {

namespace {

// One counted transaction adds (or, with s = -1, removes) itself in nine
// rollup rows: its day and its month, each for its account and for "*"
// (every account), each for its category and for "*" (every category); and
// its hour for "*" and "*" only. (Hours are what local days in zones east
// or west of UTC take from their neighbouring UTC days; reports filtered
// by account or grouped by category take those few hours from the
// transactions themselves, which is cheaper than keeping them.) Buckets are
// UTC; floor division keeps times before 1970 right.
// The rollup rows one transaction belongs to (see above).
constexpr const char* keys_function = R"SQL(
CREATE OR REPLACE FUNCTION report_rollup_keys(account text, category text,
    h bigint, d bigint, m bigint)
RETURNS TABLE (account_id text, grain integer, bucket bigint,
               category_id text)
LANGUAGE sql IMMUTABLE AS $$
  VALUES ('*', 0, h, '*'),
         (account, 1, d, category), (account, 1, d, '*'),
         ('*', 1, d, category), ('*', 1, d, '*'),
         (account, 2, m, category), (account, 2, m, '*'),
         ('*', 2, m, category), ('*', 2, m, '*')
$$;
)SQL";

// Statement triggers (one per event: transition tables need that) add up
// what a statement changed, signed (+1 for new rows, -1 for old ones),
// per rollup row, and apply the sums with one upsert: one INSERT ... ON
// CONFLICT per statement (a row trigger ran one per row, with a function
// call each), each rollup row met once however many of the statement's
// rows fall into it, and nothing for an
// update that leaves every counted field alone (its old and new rows
// cancel out; groups that sum to nothing are left out). Grouping also
// keeps the upsert from meeting the same rollup row twice, which ON
// CONFLICT DO UPDATE refuses.
constexpr const char* upsert_template = R"SQL(
CREATE OR REPLACE FUNCTION report_rollup_@OP@()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_rollups AS o (scope_id, account_id, grain, bucket,
      category_id, currency_code, flow_type, tx_count, amount_minor)
  SELECT r.scope_id, k.account_id, k.grain, k.bucket, k.category_id,
         r.currency_code, r.flow_type, sum(r.s),
         sum(r.s * r.amount_minor::numeric)
  FROM (@ROWS@) AS r
  CROSS JOIN LATERAL report_rollup_keys(r.account_id, r.category_id,
    r.transaction_at - ((r.transaction_at % 3600) + 3600) % 3600,
    r.transaction_at - ((r.transaction_at % 86400) + 86400) % 86400,
    extract(epoch FROM date_trunc('month',
      to_timestamp(r.transaction_at) AT TIME ZONE 'UTC'))::bigint) AS k
  WHERE r.flow_type IN ('expense', 'income') AND r.voided_at = 0
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(r.s) <> 0 OR sum(r.s * r.amount_minor::numeric) <> 0
  ON CONFLICT (scope_id, account_id, grain, bucket, category_id,
               currency_code, flow_type)
  DO UPDATE SET tx_count = o.tx_count + excluded.tx_count,
                amount_minor = o.amount_minor + excluded.amount_minor;
  RETURN NULL;
END $$;
)SQL";

/// The signed rows of each event, as the columns the upsert reads.
constexpr const char* new_rows = "SELECT n.scope_id, n.account_id,"
                                 " n.category_id, n.flow_type,"
                                 " n.currency_code, n.amount_minor,"
                                 " n.transaction_at, n.voided_at, 1 AS s"
                                 " FROM rollup_new AS n";
constexpr const char* old_rows = "SELECT o.scope_id, o.account_id,"
                                 " o.category_id, o.flow_type,"
                                 " o.currency_code, o.amount_minor,"
                                 " o.transaction_at, o.voided_at, -1 AS s"
                                 " FROM rollup_old AS o";

/// The trigger function of one event: the template with its rows.
std::string upsert_function(const char* op, const std::string& rows) {
  std::string out = upsert_template;
  auto put = [&out](const std::string& key, const std::string& value) {
    auto at = out.find(key);
    out.replace(at, key.size(), value);
  };
  put("@OP@", op);
  put("@ROWS@", rows);
  return out;
}

// The insert trigger keeps the name the row trigger of schema v4 and v5
// had, which operators and the benchmark disable around bulk loads; the
// row trigger and its functions go.
constexpr const char* triggers = R"SQL(
DROP TRIGGER IF EXISTS transactions_report_rollups ON transactions;
DROP TRIGGER IF EXISTS transactions_report_rollups_update ON transactions;
DROP TRIGGER IF EXISTS transactions_report_rollups_delete ON transactions;
DROP FUNCTION IF EXISTS report_rollup_trigger();
DROP FUNCTION IF EXISTS report_rollup_apply(transactions, integer);
CREATE TRIGGER transactions_report_rollups
  AFTER INSERT ON transactions REFERENCING NEW TABLE AS rollup_new
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_insert();
CREATE TRIGGER transactions_report_rollups_update
  AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS rollup_old NEW TABLE AS rollup_new
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_update();
CREATE TRIGGER transactions_report_rollups_delete
  AFTER DELETE ON transactions REFERENCING OLD TABLE AS rollup_old
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_delete();
)SQL";

// Recomputes every rollup from the transactions in one pass: used when the
// table is created on a database that already has transactions, and by
// operators and the benchmark after a bulk load with the trigger disabled.
constexpr const char* rebuild_function = R"SQL(
CREATE OR REPLACE FUNCTION report_rollups_rebuild()
RETURNS void LANGUAGE sql AS $$
  DELETE FROM report_rollups;
  INSERT INTO report_rollups (scope_id, account_id, grain, bucket,
      category_id, currency_code, flow_type, tx_count, amount_minor)
  SELECT t.scope_id, k.account_id, k.grain, k.bucket, k.category_id,
         t.currency_code, t.flow_type, count(*), sum(t.amount_minor)
  FROM transactions t
  CROSS JOIN LATERAL report_rollup_keys(t.account_id, t.category_id,
    t.transaction_at - ((t.transaction_at % 3600) + 3600) % 3600,
    t.transaction_at - ((t.transaction_at % 86400) + 86400) % 86400,
    extract(epoch FROM date_trunc('month',
      to_timestamp(t.transaction_at) AT TIME ZONE 'UTC'))::bigint) AS k
  WHERE t.flow_type IN ('expense', 'income') AND t.voided_at = 0
  GROUP BY 1, 2, 3, 4, 5, 6, 7;
$$;
)SQL";

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

/// The starts of runs' first and last buckets as two bigint[] literals.
std::pair<std::string, std::string>
run_arrays(const std::vector<std::pair<std::int64_t, std::int64_t>>& runs) {
  std::vector<std::int64_t> first, last;
  for (auto& run : runs) {
    first.push_back(run.first);
    last.push_back(run.second);
  }
  return {array_text(first), array_text(last)};
}

// One index range scan per run of consecutive buckets (a year of days is
// one scan, not 365 probes); OFFSET 0 keeps the planner from flattening the
// LATERAL subquery into a scan of the whole scope.
cell_query
rollup_part(const report_query& r, int grain,
            const std::vector<std::pair<std::int64_t, std::int64_t>>& runs) {
  auto arrays = run_arrays(runs);
  cell_query q("SELECT " + std::to_string(grain)
               + ", x.bucket, x.currency_code, x.flow_type, x.category_id,"
                 " x.tx_count, x.amount_minor::text FROM unnest(");
  q += cell_query::_val(arrays.first);
  q += "::bigint[], ";
  q += cell_query::_val(arrays.second);
  q += "::bigint[]) AS s(lo, hi) CROSS JOIN LATERAL (SELECT * FROM"
       " report_rollups WHERE scope_id = ";
  q += cell_query::_val(r.scope_id);
  q += " AND account_id = ";
  q += cell_query::_val(r.account_id.empty() ? std::string("*") : r.account_id);
  if (!r.category_id.empty()) {
    q += " AND category_id = ";
    q += cell_query::_val(r.category_id);
  } else {
    q += r.by_category ? " AND category_id <> '*'" : " AND category_id = '*'";
  }
  q += " AND grain = " + std::to_string(grain)
       + " AND bucket BETWEEN s.lo AND s.hi AND tx_count <> 0 AND ";
  q += filters(r, "");
  q += " OFFSET 0) x";
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

void install_report_sql(odb::database& db, bool rebuild) {
  db.execute(keys_function);
  db.execute(upsert_function("insert", new_rows));
  db.execute(upsert_function("update",
                             std::string{old_rows} + " UNION ALL " + new_rows));
  db.execute(upsert_function("delete", old_rows));
  db.execute(triggers);
  db.execute(rebuild_function);
  // Room in each page for in-place (HOT) updates of the sums.
  db.execute("ALTER TABLE report_rollups SET (fillfactor = 80)");
  if (rebuild)
    db.execute("SELECT report_rollups_rebuild()");
}

std::vector<report_cell> session::report_cells(const report_query& r) {
  cell_query q;
  auto add = [&](const cell_query& part) {
    if (!q.empty())
      q += " UNION ALL ";
    q += part;
  };
  if (!r.hours.empty())
    add(rollup_part(r, 0, r.hours));
  if (!r.days.empty())
    add(rollup_part(r, 1, r.days));
  if (!r.months.empty())
    add(rollup_part(r, 2, r.months));
  if (!r.raw.empty())
    add(raw_part(r));
  std::vector<report_cell> out;
  if (q.empty())
    return out;
  // Parallel workers cost more to start than these indexed reads take, and
  // steal the cores concurrent requests need; JIT compilation (which the
  // planner's estimate for a year of runs can trigger) costs more than the
  // whole query.
  impl_.db.execute("SET LOCAL max_parallel_workers_per_gather = 0;"
                   " SET LOCAL jit = off");
  auto rows = impl_.db.query<report_cell>(q);
  for (auto& row : rows)
    out.push_back(row);
  return out;
}

} // namespace persistence
} // namespace purse
