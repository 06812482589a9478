// SPDX-License-Identifier: GPL-2.0-or-later
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
#include "sql_support.hpp"

namespace purse {
namespace persistence {

namespace {

// One counted transaction adds (or, with a negative count, removes) itself
// in nine rollup rows: its day and its month, each for its account and for
// "*" (every account), each for its category and for "*" (every
// category); and its hour for "*" and "*" only. (Hours are what local days
// in zones east or west of UTC take from their neighbouring UTC days;
// reports filtered by account or grouped by category take those few hours
// from the transactions themselves, which is cheaper than keeping them.)
// Buckets are UTC; floor division keeps times before 1970 right.
constexpr const char* keys_functions = R"SQL(
CREATE OR REPLACE FUNCTION report_bucket(grain integer, t bigint)
RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE grain
    WHEN 0 THEN t - ((t % 3600) + 3600) % 3600
    WHEN 1 THEN t - ((t % 86400) + 86400) % 86400
    ELSE extract(epoch FROM date_trunc('month',
           to_timestamp(t) AT TIME ZONE 'UTC'))::bigint
  END
$$;
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

// What a write pays: a row trigger appends one signed change per counted
// row it wrote to report_rollup_deltas, which has no unique index and no
// key to meet (nine upserts of rollup rows per created transaction cost a
// create more than the rest of its work). An update appends the removal
// of its old row and the addition of its new one, and only when a field
// the rollups read changed (the trigger's WHEN: the function is not even
// called for a new description). A row trigger costs a single-row
// statement less than a statement trigger with its transition tables, and
// a statement of many rows appends as many changes either way.
constexpr const char* change_function = R"SQL(
CREATE OR REPLACE FUNCTION report_rollup_change()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.flow_type IN ('expense', 'income')
     AND OLD.voided_at = 0 THEN
    INSERT INTO report_rollup_deltas (scope_id, account_id, category_id,
        currency_code, flow_type, transaction_at, amount_minor, tx_count)
    VALUES (OLD.scope_id, OLD.account_id, OLD.category_id, OLD.currency_code,
            OLD.flow_type, OLD.transaction_at, OLD.amount_minor, -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.flow_type IN ('expense', 'income')
     AND NEW.voided_at = 0 THEN
    INSERT INTO report_rollup_deltas (scope_id, account_id, category_id,
        currency_code, flow_type, transaction_at, amount_minor, tx_count)
    VALUES (NEW.scope_id, NEW.account_id, NEW.category_id, NEW.currency_code,
            NEW.flow_type, NEW.transaction_at, NEW.amount_minor, 1);
  END IF;
  RETURN NULL;
END $$;
)SQL";

// The insert trigger keeps the name the triggers of schema v4 to v6 had,
// which operators and the benchmark disable around bulk loads; the
// functions of earlier versions go.
constexpr const char* triggers = R"SQL(
DROP TRIGGER IF EXISTS transactions_report_rollups ON transactions;
DROP TRIGGER IF EXISTS transactions_report_rollups_update ON transactions;
DROP TRIGGER IF EXISTS transactions_report_rollups_delete ON transactions;
DROP FUNCTION IF EXISTS report_rollup_trigger();
DROP FUNCTION IF EXISTS report_rollup_apply(transactions, integer);
DROP FUNCTION IF EXISTS report_rollup_insert();
DROP FUNCTION IF EXISTS report_rollup_update();
DROP FUNCTION IF EXISTS report_rollup_delete();
CREATE TRIGGER transactions_report_rollups
  AFTER INSERT ON transactions
  FOR EACH ROW EXECUTE FUNCTION report_rollup_change();
CREATE TRIGGER transactions_report_rollups_update
  AFTER UPDATE ON transactions FOR EACH ROW
  WHEN ((OLD.scope_id, OLD.account_id, OLD.category_id, OLD.currency_code,
         OLD.flow_type, OLD.transaction_at, OLD.amount_minor, OLD.voided_at)
        IS DISTINCT FROM
        (NEW.scope_id, NEW.account_id, NEW.category_id, NEW.currency_code,
         NEW.flow_type, NEW.transaction_at, NEW.amount_minor, NEW.voided_at))
  EXECUTE FUNCTION report_rollup_change();
CREATE TRIGGER transactions_report_rollups_delete
  AFTER DELETE ON transactions
  FOR EACH ROW EXECUTE FUNCTION report_rollup_change();
)SQL";

// Folding moves up to `max_rows` deltas into the rollups in one statement:
// the deltas it deletes are summed per rollup row and applied with one
// upsert each, so a second of creates in one scope costs nine rollup
// updates, not nine per create. A report reads rollups and deltas in one
// statement, so it sees a fold whole or not at all. One fold at a time
// (servers fold in the background, each on its own timer): the others
// skip their turn. Returns how many deltas it moved.
constexpr const char* fold_function = R"SQL(
CREATE OR REPLACE FUNCTION report_rollups_fold(max_rows integer)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  folded bigint;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('purse.report_rollups_fold')) THEN
    RETURN 0;
  END IF;
  WITH moved AS (
    DELETE FROM report_rollup_deltas
    WHERE ctid = ANY (ARRAY(SELECT ctid FROM report_rollup_deltas
                            LIMIT max_rows))
    RETURNING *
  ), applied AS (
    INSERT INTO report_rollups AS o (scope_id, account_id, grain, bucket,
        category_id, currency_code, flow_type, tx_count, amount_minor)
    SELECT d.scope_id, k.account_id, k.grain, k.bucket, k.category_id,
           d.currency_code, d.flow_type, sum(d.tx_count),
           sum(d.tx_count * d.amount_minor::numeric)
    FROM moved AS d
    CROSS JOIN LATERAL report_rollup_keys(d.account_id, d.category_id,
      report_bucket(0, d.transaction_at), report_bucket(1, d.transaction_at),
      report_bucket(2, d.transaction_at)) AS k
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    HAVING sum(d.tx_count) <> 0
        OR sum(d.tx_count * d.amount_minor::numeric) <> 0
    ON CONFLICT (scope_id, account_id, grain, bucket, category_id,
                 currency_code, flow_type)
    DO UPDATE SET tx_count = o.tx_count + excluded.tx_count,
                  amount_minor = o.amount_minor + excluded.amount_minor
  )
  SELECT count(*) INTO folded FROM moved;
  RETURN folded;
END $$;
)SQL";

// Recomputes every rollup from the transactions in one pass (and drops the
// deltas, which the pass includes): used when the table is created on a
// database that already has transactions, and by operators and the
// benchmark after a bulk load with the trigger disabled. It waits for a
// fold in progress and holds off the next.
constexpr const char* rebuild_function = R"SQL(
CREATE OR REPLACE FUNCTION report_rollups_rebuild()
RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtext('purse.report_rollups_fold'));
  DELETE FROM report_rollup_deltas;
  DELETE FROM report_rollups;
  INSERT INTO report_rollups (scope_id, account_id, grain, bucket,
      category_id, currency_code, flow_type, tx_count, amount_minor)
  SELECT t.scope_id, k.account_id, k.grain, k.bucket, k.category_id,
         t.currency_code, t.flow_type, count(*), sum(t.amount_minor)
  FROM transactions t
  CROSS JOIN LATERAL report_rollup_keys(t.account_id, t.category_id,
    report_bucket(0, t.transaction_at), report_bucket(1, t.transaction_at),
    report_bucket(2, t.transaction_at)) AS k
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

void install_report_sql(odb::database& db, bool rebuild) {
  db.execute(keys_functions);
  db.execute(change_function);
  db.execute(triggers);
  db.execute(fold_function);
  db.execute(rebuild_function);
  // Room in each page for in-place (HOT) updates of the sums.
  db.execute("ALTER TABLE report_rollups SET (fillfactor = 80)");
  // Deltas are appended and deleted all day: vacuum them by row count, not
  // by a share of a table that is nearly empty after each fold.
  db.execute("ALTER TABLE report_rollup_deltas SET"
             " (autovacuum_vacuum_scale_factor = 0,"
             " autovacuum_vacuum_threshold = 10000,"
             " autovacuum_vacuum_insert_scale_factor = 0,"
             " autovacuum_vacuum_insert_threshold = 10000)");
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
