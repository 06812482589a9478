-- SPDX-License-Identifier: GPL-2.0-or-later
-- pgbench script: the SQL that POST /api/public/v1/me/transactions sends to
-- PostgreSQL for an expense without category, tags or files, as captured
-- with log_statement = all: statement text verbatim, parameters as pgbench
-- variables (so -M prepared binds them as $n, as ODB does), same
-- transaction boundaries.
--
-- What the server sends per request (schema v15): ONE statement, outside
-- BEGIN/COMMIT (its own implicit transaction), prepared once per
-- connection (purse.create_transaction): SELECT purse_create_transaction(…),
-- which tests the references (every id the body names), inserts the row,
-- adds the balance delta (purse_adjust_balance inside it) and links tags
-- and files (none here). Its first argument is the cluster fence's epoch,
-- 0 for a server without cluster flags; the last two are the accounts and
-- the deltas of the balance change, comma-joined. Nothing else:
--  * no authentication statement: a key in use is authenticated from the
--    server's memory and makes no SQL;
--  * the key's last_used_at is written at most once a minute per key (an
--    UPDATE of api_keys), so it is left out here;
--  * the report rollups and the changes feed are kept by triggers on
--    transactions and accounts, which fire inside PostgreSQL (no statement
--    of their own).
-- (The server commits a scope's queued writes together, one transaction
-- with a savepoint each and the five statements earlier versions sent for
-- every create; a lone create, as here, is the one statement.)
--
-- pgbench's \set variables are numbers, so this script writes as users of
-- its own whose ids are digit strings (bench/run.sh inserts them): for U in
-- 1..users, user id 2000000000000000000 + U and its one USD account
-- 3000000000000000000 + U (and its key's lookup id 100000000000 + U, which
-- this script no longer needs). Each transaction picks a user at random, as
-- wrk rotates the API's writers; the amount, the transaction time and the
-- new id are random too.
-- The user's id is also created_by and updated_by (schema v11); the
-- external id is empty (schema v12).
-- Variables (pgbench -D): users (how many), now (epoch seconds), flow
-- (expense), currency (USD). Empty strings (the unused reference lists,
-- to_account_id, category_id, description, notes) are written as ''
-- because pgbench -D cannot define an empty variable; the server binds
-- them as parameters.
--
-- The server makes UUIDv7 text ids (36 characters); here the new id is a
-- random 19-digit number as text, and user and account ids are 19 digits.
-- Unlike the server, which runs one write per scope at a time, pgbench may
-- run two creates for the same user at once; the second waits for the
-- first's row locks (the balance moves by delta, so no update is lost), and
-- now and then two deadlock on the rows the rollup trigger upserts into
-- report_rollups (pgbench reports them as deadlock failures; at 64 clients
-- over 64 users about 0.02% of the transactions).
\set zero 0
\set minor_units 2
\set amount random(100, 50099)
\set delta 0 - :amount
\set tx_at :now - random(0, 63072000)
\set tx_id random(1000000000000000000, 9000000000000000000)
\set user random(1, :users)
\set scope_id 2000000000000000000 + :user
\set account_id 3000000000000000000 + :user
SELECT purse_create_transaction(:zero, :tx_id, :scope_id, :account_id, '', '', :flow, :amount, :currency, :minor_units, '', '', :tx_at, :now, :now, :zero, :scope_id, :scope_id, '', '', '', :account_id, :delta);
