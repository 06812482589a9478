-- SPDX-License-Identifier: GPL-2.0-or-later
-- Transactions: the writes of the request path as database functions
-- (queries in persistence/src/transactions_sql.cpp). Run by store::migrate
-- with every migration, in its transaction: each statement must be safe to
-- run again on a database that has it.

-- The writes of the request path as database functions that a SELECT
-- prepared once per connection calls. ODB keeps prepared only its per-row
-- statements (find, persist, update by id) and SELECT queries: a DELETE or
-- UPDATE by a condition is a one-off statement, prepared, executed and
-- DEALLOCATEd on every call (three round trips), and ODB puts WHERE before
-- a query that starts with WITH, so a data-modifying CTE cannot stand in.
-- PL/pgSQL keeps the functions' plans per connection. Each returns the
-- rows it changed. The link functions skip the INSERT of no ids (a PUT
-- without tags or files): it would still fire the link tables' statement
-- triggers (link_ids.sql). The balance is added in place: no read first, no
-- rewrite of the account's other columns, no update lost to a concurrent
-- writer.
CREATE OR REPLACE FUNCTION purse_adjust_balance(account text, delta bigint)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  shown bigint;
BEGIN
  -- The balance shown (opening + maintained) must stay a bigint too:
  -- computing it raises numeric_value_out_of_range (22003) otherwise,
  -- which rolls the write back.
  UPDATE accounts SET balance_minor = balance_minor + delta
   WHERE id = account
  RETURNING opening_balance_minor + balance_minor INTO shown;
  RETURN CASE WHEN FOUND THEN 1 ELSE 0 END;
END $$;
CREATE OR REPLACE FUNCTION purse_link_transaction_tags(scope text, tx text,
    ids text, replace boolean)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
  IF replace THEN
    DELETE FROM transaction_tags WHERE transaction_id = tx;
  END IF;
  IF ids = '' THEN
    RETURN 0;
  END IF;
  INSERT INTO transaction_tags (scope_id, transaction_id, tag_id)
  SELECT scope, tx, unnest(string_to_array(ids, ','));
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;
CREATE OR REPLACE FUNCTION purse_link_transaction_files(scope text, tx text,
    ids text, replace boolean)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
  IF replace THEN
    DELETE FROM transaction_files WHERE transaction_id = tx;
  END IF;
  IF ids = '' THEN
    RETURN 0;
  END IF;
  INSERT INTO transaction_files (scope_id, transaction_id, file_id)
  SELECT scope, tx, unnest(string_to_array(ids, ','));
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;
-- A client's own id of a transaction (external_id, schema v12) names at
-- most one transaction of an account: a second create with it finds the
-- first instead (the unique violation tells the write, also under
-- concurrent batches). Empty means none and is not indexed. CREATE INDEX
-- takes its lock on the table before it finds the index exists (IF NOT
-- EXISTS), and that lock, which stops every write to transactions, would
-- be held to the end of the migration's transaction: the catalog is asked
-- first, as for link_ids.sql's columns.
DO $$
BEGIN
  IF to_regclass('transactions_account_external_i') IS NULL THEN
    CREATE UNIQUE INDEX transactions_account_external_i
      ON transactions (account_id, external_id) WHERE external_id <> '';
  END IF;
END $$;

-- A create that runs alone (a batch of one write, no Idempotency-Key), in
-- one statement that is its own database transaction (schema v15): no
-- BEGIN, no COMMIT, no savepoint, one round trip where the steps of
-- save_in take five (nine on a cluster node, with the fence and the
-- batch's check). It does what transaction_writes.cpp's save_in does for a
-- create, in the same order: the fence of a cluster node (0: none), the
-- references, the row, the balance deltas the caller computed, the links.
-- The references pass a test no looser than check_references' for a
-- create: an active account of the transaction's currency; for a transfer
-- a second, other one, else none; the category, tags and files of the
-- scope. When they do not, nothing is written and it returns 0: the caller
-- reads the references (load_references) for check_references to word the
-- 422, or, should that find nothing wrong, takes the usual path. Returns 1
-- when stored. Each test is a statement of its own, run only when the
-- input calls for it: one condition holding every test as subqueries made
-- PostgreSQL set all of them up on every call, and cost a plain expense
-- about 12% of its throughput (pgbench on bench/pgbench/create.sql,
-- docs/BENCHMARKS.md).
CREATE OR REPLACE FUNCTION purse_create_transaction(fence bigint,
    t_id text, t_scope text, t_account text, t_to text, t_category text,
    t_flow text, t_amount bigint, t_currency text, t_units integer,
    t_description text, t_notes text, t_at bigint, t_created bigint,
    t_updated bigint, t_voided bigint, t_created_by text, t_updated_by text,
    t_external text, t_tags text, t_files text, d_accounts text,
    d_minor text)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  delta record;
BEGIN
  IF fence <> 0 THEN
    PERFORM purse_cluster_fence(fence);
  END IF;
  IF NOT EXISTS (SELECT 1 FROM accounts a
                  WHERE a.scope_id = t_scope AND a.id = t_account
                    AND NOT a.archived AND a.currency_code = t_currency) THEN
    RETURN 0;
  END IF;
  IF t_flow = 'transfer' THEN
    IF t_to = '' OR t_to = t_account THEN
      RETURN 0;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM accounts a
                    WHERE a.scope_id = t_scope AND a.id = t_to
                      AND NOT a.archived AND a.currency_code = t_currency) THEN
      RETURN 0;
    END IF;
  ELSIF t_to <> '' THEN
    RETURN 0;
  END IF;
  IF t_category <> '' THEN
    IF NOT EXISTS (SELECT 1 FROM categories c
                    WHERE c.scope_id = t_scope AND c.id = t_category) THEN
      RETURN 0;
    END IF;
  END IF;
  IF t_tags <> '' THEN
    IF EXISTS (SELECT 1 FROM unnest(string_to_array(t_tags, ',')) AS w
                WHERE NOT EXISTS (SELECT 1 FROM tags g
                                   WHERE g.scope_id = t_scope AND g.id = w)) THEN
      RETURN 0;
    END IF;
  END IF;
  IF t_files <> '' THEN
    IF EXISTS (SELECT 1 FROM unnest(string_to_array(t_files, ',')) AS w
                WHERE NOT EXISTS (SELECT 1 FROM files f
                                   WHERE f.scope_id = t_scope AND f.id = w)) THEN
      RETURN 0;
    END IF;
  END IF;
  INSERT INTO transactions (id, scope_id, account_id, to_account_id,
                            category_id, flow_type, amount_minor,
                            currency_code, minor_units, description, notes,
                            transaction_at, created_at, updated_at, voided_at,
                            created_by, updated_by, external_id)
  VALUES (t_id, t_scope, t_account, t_to, t_category, t_flow, t_amount,
          t_currency, t_units, t_description, t_notes, t_at, t_created,
          t_updated, t_voided, t_created_by, t_updated_by, t_external);
  FOR delta IN SELECT d.a, d.m::bigint AS m
                 FROM unnest(string_to_array(d_accounts, ','),
                             string_to_array(d_minor, ',')) AS d (a, m) LOOP
    IF purse_adjust_balance(delta.a, delta.m) = 0 THEN
      RAISE EXCEPTION 'purse_create_transaction: account vanished';
    END IF;
  END LOOP;
  IF t_tags <> '' THEN
    PERFORM purse_link_transaction_tags(t_scope, t_id, t_tags, false);
  END IF;
  IF t_files <> '' THEN
    PERFORM purse_link_transaction_files(t_scope, t_id, t_files, false);
  END IF;
  RETURN 1;
END $$;
