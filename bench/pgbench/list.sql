-- SPDX-License-Identifier: GPL-2.0-or-later
-- pgbench script: the SQL that GET /api/public/v1/me/transactions (first
-- page, per_page 25, no filters) sends to PostgreSQL, as captured with
-- log_statement = all: statement text verbatim, parameters as pgbench
-- variables (so -M prepared binds them as $n, as ODB does), same
-- transaction boundaries.
--
-- What the server sends per request: ONE statement, outside BEGIN/COMMIT
-- (its own implicit transaction): the page, each row with the ids of its
-- tags and of its files (the columns tag_ids and file_ids, comma-joined,
-- '' when none: schema v13 keeps them by triggers on the link tables,
-- where earlier versions aggregated the link tables per row with two
-- string_agg subqueries). Nothing else:
--  * no authentication statement: a key in use is authenticated from the
--    server's memory and makes no SQL (purse.authenticate runs only for a
--    key the server has not seen yet or has dropped);
--  * the key's last_used_at is written at most once a minute per key (an
--    UPDATE of api_keys), so it is left out here;
--  * the total comes from counts the scope's actor keeps (no COUNT(*)).
--
-- Variables (pgbench -D): scope_id (the seeded user's id). bench/run.sh
-- also passes keys and page_ids, which this script no longer uses (no
-- authentication; tags and files are columns of the page's rows).
-- voided_at = 0 and 0::bigint are constants in the server's text, not
-- parameters.
\set per_page 25
\set page_offset 0
SELECT "transactions"."id", "transactions"."scope_id", "transactions"."account_id", "transactions"."to_account_id", "transactions"."category_id", "transactions"."flow_type", "transactions"."amount_minor", "transactions"."currency_code", "transactions"."minor_units", "transactions"."description", "transactions"."notes", "transactions"."transaction_at", "transactions"."created_at", "transactions"."updated_at", "transactions"."voided_at", "transactions"."created_by", "transactions"."updated_by", "transactions"."external_id", "transactions"."tag_ids", "transactions"."file_ids", 0::bigint FROM (SELECT * FROM "transactions" WHERE "transactions"."scope_id" = :scope_id AND "transactions"."voided_at" = 0 ORDER BY "transactions"."transaction_at" DESC, "transactions"."id" DESC LIMIT :per_page OFFSET :page_offset) AS "transactions" ORDER BY "transactions"."transaction_at" DESC, "transactions"."id" DESC;
