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
-- concurrent batches). Empty means none and is not indexed.
CREATE UNIQUE INDEX IF NOT EXISTS transactions_account_external_i
  ON transactions (account_id, external_id) WHERE external_id <> '';
