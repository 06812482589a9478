-- SPDX-License-Identifier: GPL-2.0-or-later
-- Reports: the trigger that records every change of a counted transaction
-- in report_rollup_deltas, the fold of those changes into report_rollups,
-- the rebuild of the sums and the two tables' storage settings (the reads
-- are in persistence/src/report_sql.cpp). Run by store::migrate with every
-- migration, in its transaction: each statement must be safe to run again
-- on a database that has it.

-- One counted transaction adds (or, with a negative count, removes) itself
-- in nine rollup rows: its day and its month, each for its account and for
-- "*" (every account), each for its category and for "*" (every
-- category); and its hour for "*" and "*" only. (Hours are what local days
-- in zones east or west of UTC take from their neighbouring UTC days;
-- reports filtered by account or grouped by category take those few hours
-- from the transactions themselves, which is cheaper than keeping them.)
-- Buckets are UTC; floor division keeps times before 1970 right.
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

-- What a write pays: a row trigger appends one signed change per counted
-- row it wrote to report_rollup_deltas, which has no unique index and no
-- key to meet (nine upserts of rollup rows per created transaction cost a
-- create more than the rest of its work). An update appends the removal
-- of its old row and the addition of its new one, and only when a field
-- the rollups read changed (the trigger's WHEN: the function is not even
-- called for a new description). A row trigger costs a single-row
-- statement less than a statement trigger with its transition tables, and
-- a statement of many rows appends as many changes either way.
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

-- The insert trigger keeps the name the triggers of schema v4 to v6 had,
-- which operators and the benchmark disable around bulk loads; the
-- functions of earlier versions go.
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

-- Folding moves up to `max_rows` deltas into the rollups in one statement:
-- the deltas it deletes are first summed per account, category, currency,
-- flow and hour (the day and the month follow from the hour: both start on
-- an hour's boundary in UTC), and only those sums are spread over the nine
-- rollup rows each touches and applied with one upsert per rollup row. So a
-- second of creates in one scope costs nine rollup updates, not nine per
-- create, and the spreading costs per hour and account, not per delta
-- (3.5x faster than spreading every delta, 9,000 deltas of 64 scopes in
-- psql). A report reads rollups and deltas in one statement, so it sees a
-- fold whole or not at all. One fold at a time (servers fold in the
-- background, each on its own timer): the others skip their turn. Returns
-- how many deltas it moved.
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
  ), hours AS (
    SELECT d.scope_id, d.account_id, d.category_id, d.currency_code,
           d.flow_type, report_bucket(0, d.transaction_at) AS hour,
           sum(d.tx_count) AS tx_count,
           sum(d.tx_count * d.amount_minor::numeric) AS amount_minor,
           count(*) AS deltas
    FROM moved AS d
    GROUP BY 1, 2, 3, 4, 5, 6
  ), applied AS (
    INSERT INTO report_rollups AS o (scope_id, account_id, grain, bucket,
        category_id, currency_code, flow_type, tx_count, amount_minor)
    SELECT h.scope_id, k.account_id, k.grain, k.bucket, k.category_id,
           h.currency_code, h.flow_type, sum(h.tx_count),
           sum(h.amount_minor)
    FROM hours AS h
    CROSS JOIN LATERAL report_rollup_keys(h.account_id, h.category_id,
      h.hour, report_bucket(1, h.hour), report_bucket(2, h.hour)) AS k
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    HAVING sum(h.tx_count) <> 0 OR sum(h.amount_minor) <> 0
    ON CONFLICT (scope_id, account_id, grain, bucket, category_id,
                 currency_code, flow_type)
    DO UPDATE SET tx_count = o.tx_count + excluded.tx_count,
                  amount_minor = o.amount_minor + excluded.amount_minor
  )
  SELECT COALESCE(sum(deltas), 0) INTO folded FROM hours;
  RETURN folded;
END $$;

-- Recomputes every rollup from the transactions in one pass (and drops the
-- deltas, which the pass includes): used when the table is created on a
-- database that already has transactions, and by operators and the
-- benchmark after a bulk load with the trigger disabled. It waits for a
-- fold in progress and holds off the next.
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

-- Room in each page for in-place (HOT) updates of the sums.
ALTER TABLE report_rollups SET (fillfactor = 80);
-- Deltas are appended and deleted all day: vacuum them by row count, not
-- by a share of a table that is nearly empty after each fold.
ALTER TABLE report_rollup_deltas SET (autovacuum_vacuum_scale_factor = 0,
  autovacuum_vacuum_threshold = 10000,
  autovacuum_vacuum_insert_scale_factor = 0,
  autovacuum_vacuum_insert_threshold = 10000);
