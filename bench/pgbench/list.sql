-- pgbench script: the SQL that GET /api/public/v1/me/transactions runs, as
-- captured with log_statement = all: statement text verbatim, parameters as
-- pgbench variables (so -M prepared binds them as $n, as ODB does), same
-- transaction boundaries.
--
-- pgbench variables are numbers, so the keys this script uses are extra
-- keys of the seeded user whose lookup ids are digit strings: lookup id
-- 100000001000 + K for K in 1..keys (bench/run.sh inserts them). Each
-- transaction picks one at random, as wrk rotates the API keys.
-- Variables (pgbench -D): keys (how many), scope_id (the seeded user's id),
-- page_ids (the ids of the scope's 25 newest transactions, i.e. the page the
-- list returns, joined by commas, as the server passes them). The empty
-- team id is written as '' because pgbench -D cannot define an empty
-- variable.
\set zero 0
\set per_page 25
\set page_offset 0
\set key random(1, :keys)
\set lookup_id 100000001000 + :key
-- 1. session::authenticate, in its own (read-only) transaction
BEGIN;
SET TRANSACTION READ ONLY;
SELECT TRUE, k.id, k.secret_hash, k.audience, k.expires_at, k.revoked_at, k.last_used_at, u.id, u.plan, t.id IS NOT NULL, COALESCE(m.role, ''), COALESCE(o.plan, '') FROM api_keys k JOIN users u ON u.id = k.user_id LEFT JOIN teams t ON t.id = '' LEFT JOIN team_members m ON m.team_id = t.id AND m.user_id = u.id LEFT JOIN users o ON o.id = t.owner_id WHERE k.lookup_id = :lookup_id;
COMMIT;
-- 2. the list: one page, then the tags and the files of its rows, in one
-- read-only transaction
BEGIN;
SET TRANSACTION READ ONLY;
SELECT "transactions"."id", "transactions"."scope_id", "transactions"."account_id", "transactions"."to_account_id", "transactions"."category_id", "transactions"."flow_type", "transactions"."amount_minor", "transactions"."currency_code", "transactions"."minor_units", "transactions"."description", "transactions"."notes", "transactions"."transaction_at", "transactions"."created_at", "transactions"."updated_at", "transactions"."voided_at" FROM "transactions" WHERE ("transactions"."scope_id" = :scope_id) AND ("transactions"."voided_at" = :zero) ORDER BY "transactions"."transaction_at" DESC, "transactions"."id" DESC LIMIT :per_page OFFSET :page_offset;
SELECT "transaction_tags"."id", "transaction_tags"."scope_id", "transaction_tags"."transaction_id", "transaction_tags"."tag_id" FROM "transaction_tags" WHERE "transaction_tags"."transaction_id" = ANY(string_to_array(:page_ids, ',')) ORDER BY "transaction_tags"."transaction_id", "transaction_tags"."tag_id";
SELECT "transaction_files"."id", "transaction_files"."scope_id", "transaction_files"."transaction_id", "transaction_files"."file_id" FROM "transaction_files" WHERE "transaction_files"."transaction_id" = ANY(string_to_array(:page_ids, ',')) ORDER BY "transaction_files"."transaction_id", "transaction_files"."file_id";
COMMIT;
