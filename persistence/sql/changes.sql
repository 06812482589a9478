-- SPDX-License-Identifier: GPL-2.0-or-later
-- The changes feed: triggers that keep, for every record of the feed's
-- types (accounts, categories, tags, transactions, files), one row in
-- `changes` with its latest change (the reads and the pruning are in
-- persistence/src/changes_sql.cpp). Run by store::migrate with every
-- migration, in its transaction: each statement must be safe to run again
-- on a database that has it.
--
-- A change records the writing database transaction's id (xid8 as a
-- number) and moves the row to a fresh `id` from the table's sequence, so
-- (xid, id) orders a scope's changes: by transaction, then within it by
-- each record's first change in it. The feed lists only rows whose xid is older
-- than every transaction still running, so a reader's cursor never passes
-- a change that commits later. A record's row is replaced, never added
-- to: a page never lists a record twice, and a deletion leaves a tombstone
-- (`deleted`) that the sweeper prunes after the retention.

-- A record changed (or, `gone`, was deleted). The id drawn for the insert
-- (the column's default) is what a conflicting row moves to. A record
-- changed again by the same transaction keeps its entry: readers see the
-- transaction whole, so its entry already shows the latest state, and
-- not rewriting it spares a row version and three index entries for each
-- further change (an account's balance moves with every transaction of a
-- write batch).
-- PL/pgSQL rather than SQL: it keeps the statement's plan per connection,
-- where an SQL function called from a trigger is planned on every call.
CREATE OR REPLACE FUNCTION purse_changes_note(scope text, kind text, record text,
    gone boolean)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO changes AS c (scope_id, xid, type, record_id, deleted,
                            changed_at)
  VALUES (scope, pg_current_xact_id()::text::bigint, kind, record, gone,
          floor(extract(epoch FROM now()))::bigint)
  ON CONFLICT (scope_id, type, record_id) DO UPDATE
     SET id = EXCLUDED.id, xid = EXCLUDED.xid, deleted = EXCLUDED.deleted,
         changed_at = EXCLUDED.changed_at
   WHERE c.xid <> EXCLUDED.xid OR c.deleted <> EXCLUDED.deleted;
  -- webhooks (begin): persistence/sql/webhooks.sql; a link's change
  -- updates the record.
  IF EXISTS (SELECT 1 FROM webhooks w WHERE w.scope_id = scope AND w.active)
  THEN
    PERFORM purse_webhooks_note(scope, kind, record,
                                CASE WHEN gone THEN 'deleted'
                                     ELSE 'updated' END);
  END IF;
  -- webhooks (end)
END $$;

-- A row of a record's own table: the record itself changed. TG_ARGV[0] is
-- the feed's type.
-- The note is written out here rather than called: this trigger runs on
-- every write of the request path, and a nested call costs a create about
-- as much as the statement itself.
CREATE OR REPLACE FUNCTION purse_changes_record()
RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  scope text;
  record text;
  gone boolean := TG_OP = 'DELETE';
  verb text;
BEGIN
  IF gone THEN
    scope := OLD.scope_id;
    record := OLD.id;
  ELSE
    scope := NEW.scope_id;
    record := NEW.id;
  END IF;
  INSERT INTO changes AS c (scope_id, xid, type, record_id, deleted,
                            changed_at)
  VALUES (scope, pg_current_xact_id()::text::bigint, TG_ARGV[0], record,
          gone, floor(extract(epoch FROM now()))::bigint)
  ON CONFLICT (scope_id, type, record_id) DO UPDATE
     SET id = EXCLUDED.id, xid = EXCLUDED.xid, deleted = EXCLUDED.deleted,
         changed_at = EXCLUDED.changed_at
   WHERE c.xid <> EXCLUDED.xid OR c.deleted <> EXCLUDED.deleted;
  -- webhooks (begin): persistence/sql/webhooks.sql. One probe of the
  -- scope's active webhooks (a statement PL/pgSQL plans once per
  -- connection; a function call here cost creates about a fifth of their
  -- throughput). The transactions' branch reads voided_at only there
  -- (PL/pgSQL compiles a statement when it first runs, per table).
  IF EXISTS (SELECT 1 FROM webhooks w WHERE w.scope_id = scope AND w.active)
  THEN
    IF gone THEN
      verb := 'deleted';
    ELSIF TG_OP = 'INSERT' THEN
      verb := 'created';
    ELSIF TG_ARGV[0] = 'transaction' THEN
      IF OLD.voided_at = 0 AND NEW.voided_at <> 0 THEN
        verb := 'voided';
      ELSE
        verb := 'updated';
      END IF;
    ELSE
      verb := 'updated';
    END IF;
    PERFORM purse_webhooks_note(scope, TG_ARGV[0], record, verb);
  END IF;
  -- webhooks (end)
  RETURN NULL;
END $$;

-- A link between a transaction and a tag or a file: the transaction's
-- tag_ids or file_ids changed, and a file's transaction_ids. Only a record
-- that still exists is noted: a link removed after its record (or with
-- it) must not turn the record's tombstone back into a change.
CREATE OR REPLACE FUNCTION purse_changes_link()
RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tx text;
  file text;
  scope text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    tx := OLD.transaction_id;
    IF TG_TABLE_NAME = 'transaction_files' THEN
      file := OLD.file_id;
    END IF;
  ELSE
    tx := NEW.transaction_id;
    IF TG_TABLE_NAME = 'transaction_files' THEN
      file := NEW.file_id;
    END IF;
  END IF;
  SELECT scope_id INTO scope FROM transactions WHERE id = tx;
  IF FOUND THEN
    PERFORM purse_changes_note(scope, 'transaction', tx, false);
  END IF;
  IF file IS NOT NULL THEN
    SELECT scope_id INTO scope FROM files WHERE id = file;
    IF FOUND THEN
      PERFORM purse_changes_note(scope, 'file', file, false);
    END IF;
  END IF;
  RETURN NULL;
END $$;

-- The triggers: one for inserts and deletes, one for updates that change
-- something (an account whose balance moved by 0 is no change).
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES ('accounts', 'account'),
                                 ('categories', 'category'),
                                 ('tags', 'tag'),
                                 ('transactions', 'transaction'),
                                 ('files', 'file')) AS v(tbl, kind) LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I',
                   t.tbl || '_changes', t.tbl);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I',
                   t.tbl || '_changes_update', t.tbl);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR DELETE ON %I'
                   ' FOR EACH ROW EXECUTE FUNCTION purse_changes_record(%L)',
                   t.tbl || '_changes', t.tbl, t.kind);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I FOR EACH ROW'
                   ' WHEN (OLD.* IS DISTINCT FROM NEW.*)'
                   ' EXECUTE FUNCTION purse_changes_record(%L)',
                   t.tbl || '_changes_update', t.tbl, t.kind);
  END LOOP;
  FOR t IN SELECT * FROM (VALUES ('transaction_tags'),
                                 ('transaction_files')) AS v(tbl) LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I',
                   t.tbl || '_changes', t.tbl);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR DELETE ON %I'
                   ' FOR EACH ROW EXECUTE FUNCTION purse_changes_link()',
                   t.tbl || '_changes', t.tbl);
  END LOOP;
END $$;

-- Prunes the tombstones changed before `before` (seconds since 1970) and
-- raises each pruned scope's horizon to the newest xid it lost: a cursor
-- at or before it may have missed a deletion. Returns how many it pruned.
CREATE OR REPLACE FUNCTION purse_changes_prune(before bigint)
RETURNS bigint LANGUAGE sql AS $$
  WITH pruned AS (
    DELETE FROM changes WHERE deleted AND changed_at < before
    RETURNING scope_id, xid
  ), horizons AS (
    INSERT INTO change_horizons (scope_id, pruned_xid, pruned_at)
    SELECT scope_id, max(xid), floor(extract(epoch FROM now()))::bigint
      FROM pruned GROUP BY scope_id
    ON CONFLICT (scope_id) DO UPDATE
       SET pruned_xid = GREATEST(change_horizons.pruned_xid,
                                 EXCLUDED.pruned_xid),
           pruned_at = EXCLUDED.pruned_at
  )
  SELECT count(*) FROM pruned
$$;
