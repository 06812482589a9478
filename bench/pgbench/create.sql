-- pgbench script: the SQL that POST /api/public/v1/me/transactions runs for
-- an expense without category or tags, as captured with log_statement = all:
-- statement text verbatim, parameters as pgbench variables (so -M prepared
-- binds them as $n, as ODB does), same transaction boundaries.
--
-- pgbench variables are numbers, so this script writes as users of its own
-- whose ids are digit strings (bench/run.sh inserts them): for U in
-- 1..users, user id 2000000000000000000 + U, its key's lookup id
-- 100000000000 + U, its one USD account 3000000000000000000 + U. Each
-- transaction picks a user at random, as wrk rotates the API's writers;
-- the amount, the transaction time and the new id are random too.
-- Variables (pgbench -D): users (how many), now (epoch seconds), flow
-- (expense), currency (USD). Empty strings (team id, to_account_id,
-- category_id, description, notes) are written as '' because pgbench -D
-- cannot define an empty variable.
--
-- The server makes UUIDv7 text ids (36 characters); here the new id is a
-- random 19-digit number as text, and user and account ids are 19 digits.
-- Unlike the server, which runs one write per scope at a time, pgbench may
-- run two creates for the same account at once; the second waits for the
-- first's row lock (and the balance read-modify-write may lose an update,
-- which does not matter for timing).
\set zero 0
\set minor_units 2
\set amount random(100, 50099)
\set tx_at :now - random(0, 63072000)
\set tx_id random(1000000000000000000, 9000000000000000000)
\set user random(1, :users)
\set lookup_id 100000000000 + :user
\set scope_id 2000000000000000000 + :user
\set account_id 3000000000000000000 + :user
-- 1. session::authenticate, in its own (read-only) transaction
BEGIN;
SET TRANSACTION READ ONLY;
SELECT TRUE, k.id, k.secret_hash, k.audience, k.expires_at, k.revoked_at, k.last_used_at, u.id, u.plan, t.id IS NOT NULL, COALESCE(m.role, ''), COALESCE(o.plan, '') FROM api_keys k JOIN users u ON u.id = k.user_id LEFT JOIN teams t ON t.id = '' LEFT JOIN team_members m ON m.team_id = t.id AND m.user_id = u.id LEFT JOIN users o ON o.id = t.owner_id WHERE k.lookup_id = :lookup_id;
COMMIT;
-- 2. the create, in one transaction: check every reference in one
-- statement (the reference snapshot), insert, move the balance (find +
-- full-row update, as ODB does), clear the tag and file links
BEGIN;
SELECT 'account:' || currency_code, id FROM accounts WHERE scope_id = :scope_id AND id = ANY(string_to_array(:account_id, ',')) UNION ALL SELECT 'category', id FROM categories WHERE scope_id = :scope_id AND id = ANY(string_to_array('', ',')) UNION ALL SELECT 'tag', id FROM tags WHERE scope_id = :scope_id AND id = ANY(string_to_array('', ',')) UNION ALL SELECT 'file', id FROM files WHERE scope_id = :scope_id AND id = ANY(string_to_array('', ','));
INSERT INTO "transactions" ("id", "scope_id", "account_id", "to_account_id", "category_id", "flow_type", "amount_minor", "currency_code", "minor_units", "description", "notes", "transaction_at", "created_at", "updated_at", "voided_at") VALUES (:tx_id, :scope_id, :account_id, '', '', :flow, :amount, :currency, :minor_units, '', '', :tx_at, :now, :now, :zero);
SELECT "accounts"."id", "accounts"."scope_id", "accounts"."name", "accounts"."type", "accounts"."currency_code", "accounts"."opening_balance_minor", "accounts"."balance_minor", "accounts"."archived", "accounts"."created_at", "accounts"."updated_at" FROM "accounts" WHERE "accounts"."id"=:account_id \gset acc_
\set new_balance :acc_balance_minor - :amount
UPDATE "accounts" SET "scope_id"=:acc_scope_id, "name"=:acc_name, "type"=:acc_type, "currency_code"=:acc_currency_code, "opening_balance_minor"=:acc_opening_balance_minor, "balance_minor"=:new_balance, "archived"=:acc_archived, "created_at"=:acc_created_at, "updated_at"=:acc_updated_at WHERE "id"=:account_id;
DELETE FROM "transaction_tags" WHERE "transaction_tags"."transaction_id" = :tx_id;
DELETE FROM "transaction_files" WHERE "transaction_files"."transaction_id" = :tx_id;
COMMIT;
