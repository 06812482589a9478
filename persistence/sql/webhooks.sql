-- SPDX-License-Identifier: GPL-2.0-or-later
-- Webhooks' outbox: the events the changes triggers note for a scope with
-- an active webhook (persistence/sql/changes.sql probes for one and calls
-- purse_webhooks_note in the change's own transaction, between its
-- "webhooks (begin)" and "webhooks (end)" comments), their fan-out into one
-- delivery per matching webhook when that transaction commits, and the
-- pruning of finished deliveries. The claims, sends and results are in
-- persistence/src/webhooks_sql.cpp. Run by store::migrate with every
-- migration, in its transaction: each statement must be safe to run again
-- on a database that has it.

-- A record of `scope` changed in this transaction: keeps one event per
-- record per transaction, its verb the merge of the record's changes in
-- it. A delete wins; a create stays a create (a create that also tags or
-- moves a balance is still one `created`); a void wins over an update.
CREATE OR REPLACE FUNCTION purse_webhooks_note(scope text, kind text,
    record text, verb text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_events AS e (event_id, scope_id, xid, record_type,
                                   record_id, verb, created_at)
  VALUES (gen_random_uuid()::text, scope, pg_current_xact_id()::text::bigint,
          kind, record, verb, floor(extract(epoch FROM now()))::bigint)
  ON CONFLICT (xid, record_type, record_id) DO UPDATE
     SET verb = CASE
                  WHEN EXCLUDED.verb = 'deleted' OR e.verb = 'deleted'
                    THEN 'deleted'
                  WHEN e.verb = 'created' THEN 'created'
                  WHEN EXCLUDED.verb = 'voided' OR e.verb = 'voided'
                    THEN 'voided'
                  ELSE 'updated'
                END
   WHERE e.verb <> EXCLUDED.verb AND e.verb <> 'deleted'
     AND NOT (e.verb = 'created' AND EXCLUDED.verb <> 'deleted')
     AND NOT (e.verb = 'voided' AND EXCLUDED.verb = 'updated');
END $$;

-- At the commit of the transaction that noted it (a deferred trigger),
-- turns an event, its verb now final, into one pending delivery per active
-- webhook of its scope whose events match ("*", "<type>.*" or
-- "<type>.<verb>"), due at once, and deletes it: the deliveries are the
-- webhooks' that exist when the change commits, and they commit with it.
CREATE OR REPLACE FUNCTION purse_webhooks_fan_out()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH taken AS (
    DELETE FROM webhook_events WHERE seq = NEW.seq
    RETURNING seq, event_id, scope_id, record_type, record_id, verb,
              created_at
  )
  INSERT INTO webhook_deliveries (event_id, webhook_id, scope_id, type,
                                  record_type, record_id, created_at,
                                  status, attempts, last_status_code,
                                  last_error, last_attempt_at,
                                  next_attempt_at, first_attempt_at,
                                  lease_until, body)
  SELECT t.event_id, w.id, t.scope_id, t.record_type || '.' || t.verb,
         t.record_type, t.record_id, t.created_at, 'pending', 0, 0, '', 0,
         t.created_at, 0, 0, ''
    FROM taken t
    JOIN webhooks w ON w.scope_id = t.scope_id AND w.active
   WHERE string_to_array(w.events, ',')
         && ARRAY['*', t.record_type || '.*', t.record_type || '.' || t.verb]
  ON CONFLICT (webhook_id, event_id) DO NOTHING;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS webhook_events_fan_out ON webhook_events;
CREATE CONSTRAINT TRIGGER webhook_events_fan_out
  AFTER INSERT ON webhook_events DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION purse_webhooks_fan_out();

-- Deletes the deliveries that ended (delivered or failed) before `before`
-- (seconds since 1970); returns how many.
CREATE OR REPLACE FUNCTION purse_webhooks_prune(before bigint)
RETURNS bigint LANGUAGE sql AS $$
  WITH pruned AS (
    DELETE FROM webhook_deliveries
     WHERE status <> 'pending' AND created_at < before
    RETURNING 1
  )
  SELECT count(*) FROM pruned
$$;
