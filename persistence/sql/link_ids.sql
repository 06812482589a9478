-- SPDX-License-Identifier: GPL-2.0-or-later
-- Transactions' tag and file ids, denormalized (schema v13): the list and
-- the reads by id (persistence/src/transactions_sql.cpp, linked_columns)
-- read transactions.tag_ids and file_ids instead of aggregating the link
-- tables per row, which cost PostgreSQL about 45 % of a list. Run by
-- store::migrate with every migration, in its transaction: each statement
-- must be safe to run again on a database that has it.
--
-- Each column is its transaction's link ids comma-joined in id order, ''
-- when none (ids never contain commas): exactly
--   COALESCE((SELECT string_agg(l.tag_id, ',' ORDER BY l.tag_id)
--               FROM transaction_tags l WHERE l.transaction_id = t.id), '')
-- and the same for transaction_files and file_id. The columns are not
-- members of ODB's transaction_row (odb/purse.hxx): ODB's INSERT leaves
-- them to their default and its UPDATE never writes them, so a row read
-- before its links changed cannot put old ids back. Only the triggers
-- below write them.

-- ALTER TABLE takes its exclusive lock even when the column exists, and
-- this file runs with every `purse-admin migrate`, also against a database
-- that serves: the catalog is asked first, so a database that has the
-- columns is not locked.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_attribute
                  WHERE attrelid = 'transactions'::regclass
                    AND attname = 'tag_ids' AND NOT attisdropped) THEN
    ALTER TABLE transactions ADD COLUMN tag_ids text NOT NULL DEFAULT '';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_attribute
                  WHERE attrelid = 'transactions'::regclass
                    AND attname = 'file_ids' AND NOT attisdropped) THEN
    ALTER TABLE transactions ADD COLUMN file_ids text NOT NULL DEFAULT '';
  END IF;
END $$;

-- After a statement that inserted, deleted or updated links: recomputes
-- the columns of the transactions whose links it touched (the transition
-- table `changed`) and writes only those whose value changes, so a
-- statement that leaves the ids as they were (or a transaction deleted
-- with its links) writes no row and fires none of the transactions' own
-- triggers. Statement-level: a write of n links (a tag deleted from many
-- transactions, a replace of a transaction's tags) updates each
-- transaction once.
--
-- The rows are locked first, and recomputed by the next statement: under
-- READ COMMITTED each statement of a PL/pgSQL function takes a new
-- snapshot, so the recomputation sees the links of every other database
-- transaction that changed the same transaction's links and committed
-- while this one waited for the row (each holds the row from its own
-- recomputation until it commits). An UPDATE alone would wait for the row
-- too but recompute with the snapshot it started with, and could write
-- ids without the other's links (a tag deleted while a transaction that
-- has it is edited; seen in a test with two sessions). The changes feed's
-- link trigger, whose upsert waits for the other writer's entry, happens
-- to serialize the same writers today; the lock does not rely on it. The
-- ids are read from `changed` by each statement: collecting them into an
-- array first made creates with tags and files markedly slower.
CREATE OR REPLACE FUNCTION purse_link_ids_refresh()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM transactions t
   WHERE t.id IN (SELECT transaction_id FROM changed)
   ORDER BY t.id FOR NO KEY UPDATE;
  IF TG_TABLE_NAME = 'transaction_tags' THEN
    UPDATE transactions t SET tag_ids = v.joined
      FROM (SELECT x.id, COALESCE((SELECT string_agg(l.tag_id, ','
                                                     ORDER BY l.tag_id)
                                     FROM transaction_tags l
                                    WHERE l.transaction_id = x.id), '')
              FROM (SELECT DISTINCT transaction_id FROM changed) AS x(id))
           AS v(id, joined)
     WHERE t.id = v.id AND t.tag_ids IS DISTINCT FROM v.joined;
  ELSE
    UPDATE transactions t SET file_ids = v.joined
      FROM (SELECT x.id, COALESCE((SELECT string_agg(l.file_id, ','
                                                     ORDER BY l.file_id)
                                     FROM transaction_files l
                                    WHERE l.transaction_id = x.id), '')
              FROM (SELECT DISTINCT transaction_id FROM changed) AS x(id))
           AS v(id, joined)
     WHERE t.id = v.id AND t.file_ids IS DISTINCT FROM v.joined;
  END IF;
  RETURN NULL;
END $$;

-- Whether the backfill at the end has anything to look for: the columns
-- can disagree with the links only where the triggers below were missing
-- or off (a database from before version 13, or triggers dropped or
-- disabled by hand). Noted before they are recreated, for this
-- migration's transaction only; on a database that has them, the
-- backfill's pass over every transaction (seconds per million, while
-- the migration holds its locks) is not made.
DO $$
BEGIN
  PERFORM set_config(
    'purse.link_ids_backfill',
    CASE WHEN (SELECT count(*) FROM pg_trigger
                WHERE tgrelid IN ('transaction_tags'::regclass,
                                  'transaction_files'::regclass)
                  AND tgfoid = 'purse_link_ids_refresh()'::regprocedure
                  AND tgenabled <> 'D' AND NOT tgisinternal) = 8
         THEN 'off' ELSE 'on' END,
    true);
END $$;

-- Transition tables need one trigger per event (PostgreSQL refuses them on
-- a trigger of several events). An update of links (the server never
-- makes one; a hand-made one stays covered) has two: the transactions the
-- links left and those they moved to.
DO $$
DECLARE
  tbl text;
BEGIN
  FOREACH tbl IN ARRAY ARRAY['transaction_tags', 'transaction_files'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', tbl || '_ids_insert', tbl);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', tbl || '_ids_delete', tbl);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', tbl || '_ids_update_old',
                   tbl);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', tbl || '_ids_update_new',
                   tbl);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I'
                   ' REFERENCING NEW TABLE AS changed FOR EACH STATEMENT'
                   ' EXECUTE FUNCTION purse_link_ids_refresh()',
                   tbl || '_ids_insert', tbl);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I'
                   ' REFERENCING OLD TABLE AS changed FOR EACH STATEMENT'
                   ' EXECUTE FUNCTION purse_link_ids_refresh()',
                   tbl || '_ids_delete', tbl);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I'
                   ' REFERENCING OLD TABLE AS changed FOR EACH STATEMENT'
                   ' EXECUTE FUNCTION purse_link_ids_refresh()',
                   tbl || '_ids_update_old', tbl);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I'
                   ' REFERENCING NEW TABLE AS changed FOR EACH STATEMENT'
                   ' EXECUTE FUNCTION purse_link_ids_refresh()',
                   tbl || '_ids_update_new', tbl);
  END LOOP;
END $$;

-- The backfill: sets the columns from the links where they differ (a
-- database migrated from version 12, or links written while the triggers
-- were missing), only when the triggers were missing or off (noted
-- above). One pass over each link table; nothing to write on a database
-- that is exact. The transactions' changes-feed trigger is off
-- meanwhile: the records' contents do not change, so the feed must not
-- list them again (it is recreated by changes.sql, installed after this
-- file, in the same migration; it does not exist before version 12). The
-- rollups' update trigger looks at other columns only.
DO $$
DECLARE
  feed boolean;
BEGIN
  IF current_setting('purse.link_ids_backfill', true)
       IS DISTINCT FROM 'on' THEN
    RETURN;
  END IF;
  IF NOT EXISTS (
      SELECT 1 FROM transactions t
        LEFT JOIN (SELECT transaction_id,
                          string_agg(tag_id, ',' ORDER BY tag_id) AS joined
                     FROM transaction_tags GROUP BY transaction_id) g
               ON g.transaction_id = t.id
        LEFT JOIN (SELECT transaction_id,
                          string_agg(file_id, ',' ORDER BY file_id) AS joined
                     FROM transaction_files GROUP BY transaction_id) f
               ON f.transaction_id = t.id
       WHERE t.tag_ids <> COALESCE(g.joined, '')
          OR t.file_ids <> COALESCE(f.joined, '')) THEN
    RETURN;
  END IF;
  feed := EXISTS (SELECT 1 FROM pg_trigger
                   WHERE tgrelid = 'transactions'::regclass
                     AND tgname = 'transactions_changes_update');
  IF feed THEN
    ALTER TABLE transactions DISABLE TRIGGER transactions_changes_update;
  END IF;
  UPDATE transactions t
     SET tag_ids = COALESCE(g.joined, ''), file_ids = COALESCE(f.joined, '')
    FROM transactions t2
    LEFT JOIN (SELECT transaction_id,
                      string_agg(tag_id, ',' ORDER BY tag_id) AS joined
                 FROM transaction_tags GROUP BY transaction_id) g
           ON g.transaction_id = t2.id
    LEFT JOIN (SELECT transaction_id,
                      string_agg(file_id, ',' ORDER BY file_id) AS joined
                 FROM transaction_files GROUP BY transaction_id) f
           ON f.transaction_id = t2.id
   WHERE t2.id = t.id
     AND (t.tag_ids <> COALESCE(g.joined, '')
          OR t.file_ids <> COALESCE(f.joined, ''));
  IF feed THEN
    ALTER TABLE transactions ENABLE TRIGGER transactions_changes_update;
  END IF;
END $$;
