-- SPDX-License-Identifier: GPL-2.0-or-later
-- pgbench script: the SQL that bench/reference's POST /me/transactions
-- sends to PostgreSQL for the same expense as create.sql (Purse's one
-- statement), on the same tables with the same triggers, so that the two
-- can be run side by side (issue 26: PostgreSQL's CPU per create of Purse
-- against the reference's). postgres.js prepares its statements, as
-- pgbench -M prepared does; the reference sends, per create:
--  * its key lookup (it authenticates every request in SQL; a wrong hash
--    here, so the lookup costs what a miss on the unique index costs,
--    about what a hit costs);
--  * BEGIN; the balance UPDATE, whose WHERE tests the account (scope,
--    currency, not archived) and RETURNING tells whether it exists; the
--    INSERT; COMMIT: five round trips where Purse's create is one.
-- The same pgbench users, accounts and variables as create.sql (-D users,
-- now, flow, currency); the key's lookup id is 100000000000 + the user.
\set zero 0
\set minor_units 2
\set amount random(100, 50099)
\set delta 0 - :amount
\set tx_at :now - random(0, 63072000)
\set tx_id random(1000000000000000000, 9000000000000000000)
\set user random(1, :users)
\set scope_id 2000000000000000000 + :user
\set account_id 3000000000000000000 + :user
\set lookup 100000000000 + :user
SELECT user_id, revoked_at, expires_at FROM api_keys WHERE lookup_id = :lookup AND secret_hash = 'x' AND audience = 'public-api';
BEGIN;
UPDATE accounts SET balance_minor = balance_minor + :delta, updated_at = :now WHERE id = :account_id AND scope_id = :scope_id AND currency_code = :currency AND NOT archived RETURNING id;
INSERT INTO transactions (id, scope_id, account_id, to_account_id, category_id, flow_type, amount_minor, currency_code, minor_units, description, notes, transaction_at, created_at, updated_at, voided_at) VALUES (:tx_id, :scope_id, :account_id, '', '', :flow, :amount, :currency, :minor_units, '', '', :tx_at, :now, :now, :zero);
COMMIT;
