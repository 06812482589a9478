-- SPDX-License-Identifier: GPL-2.0-or-later
-- Cluster membership: leases, the membership view and its epoch, and the
-- fence a write proves it with (queries in persistence/src/cluster_sql.cpp).
-- Run by store::migrate with every migration, in its transaction: each
-- statement must be safe to run again on a database that has it.
--
-- Times are the database's clock (clock_timestamp(), ms since 1970): every
-- node compares leases against the same clock, whatever its own says.

-- The fence is an advisory lock: a write takes it shared (and proves the
-- epoch) for the rest of its transaction, a new epoch is recorded under it
-- exclusively, so a new epoch waits for the writes proved under the old
-- one, and a write after it sees the new epoch. Advisory locks live in the
-- lock manager: many concurrent writers share it without touching the
-- view's row.
CREATE OR REPLACE FUNCTION purse_now_ms()
RETURNS bigint LANGUAGE sql VOLATILE AS $$
  SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint
$$;
-- The cluster's CA, pinned by the first node that joins (SHA-256 of its
-- certificate): a node of another CA cannot join even when no member is
-- live to refuse its links.
CREATE TABLE IF NOT EXISTS cluster_trust (
  id integer PRIMARY KEY CHECK (id = 1),
  ca_sha256 text NOT NULL,
  pinned_at_ms bigint NOT NULL
);
CREATE OR REPLACE FUNCTION purse_cluster_pin_ca(fingerprint text)
RETURNS text LANGUAGE sql AS $$
  INSERT INTO cluster_trust (id, ca_sha256, pinned_at_ms)
  VALUES (1, fingerprint, purse_now_ms()) ON CONFLICT (id) DO NOTHING;
  SELECT ca_sha256 FROM cluster_trust WHERE id = 1
$$;
CREATE OR REPLACE FUNCTION purse_cluster_fence_key()
RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT hashtext('purse.cluster_fence')::bigint
$$;
CREATE OR REPLACE FUNCTION purse_cluster_renew(node text, reach text,
                                               lease_ms bigint)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  now_ms bigint := purse_now_ms();
BEGIN
  INSERT INTO cluster_members AS m (node_id, endpoint, lease_until_ms,
                                    joined_at_ms)
  VALUES (node, reach, now_ms + lease_ms, now_ms)
  ON CONFLICT (node_id) DO UPDATE
    SET endpoint = excluded.endpoint,
        lease_until_ms = excluded.lease_until_ms,
        -- A node whose lease had run out joins anew.
        joined_at_ms = CASE WHEN m.lease_until_ms > now_ms
                            THEN m.joined_at_ms ELSE now_ms END;
  RETURN now_ms + lease_ms;
END $$;
CREATE OR REPLACE FUNCTION purse_cluster_leave(node text)
RETURNS bigint LANGUAGE sql AS $$
  WITH gone AS (DELETE FROM cluster_members WHERE node_id = node RETURNING 1)
  SELECT count(*) FROM gone
$$;
CREATE OR REPLACE FUNCTION purse_cluster_view(OUT epoch bigint,
                                              OUT members text)
LANGUAGE plpgsql AS $$
DECLARE
  live text;
BEGIN
  SELECT COALESCE(string_agg(m.node_id, ',' ORDER BY m.node_id), '')
    INTO live FROM cluster_members m WHERE m.lease_until_ms > purse_now_ms();
  SELECT v.epoch, v.members INTO epoch, members FROM cluster_view v
   WHERE v.id = 1;
  IF FOUND AND members = live THEN
    RETURN;
  END IF;
  -- Wait for the writes fenced under the old epoch (new writes queue
  -- behind this lock meanwhile), but at most a second: a node cut off from
  -- the database in the middle of a write holds its fence until PostgreSQL
  -- ends its session (idle_in_transaction_session_timeout on the pooled
  -- connections); until then, answer the recorded view, and a later call
  -- records the change.
  PERFORM set_config('lock_timeout', '1000', true);
  BEGIN
    PERFORM pg_advisory_xact_lock(purse_cluster_fence_key());
  EXCEPTION WHEN lock_not_available THEN
    RETURN;
  END;
  PERFORM set_config('lock_timeout', '0', true);
  -- Another session may have recorded the change meanwhile: the upsert
  -- reads the newest row and changes it only if it still differs.
  INSERT INTO cluster_view AS v (id, epoch, members) VALUES (1, 1, live)
  ON CONFLICT (id) DO UPDATE SET epoch = v.epoch + 1,
                                 members = excluded.members
   WHERE v.members <> excluded.members
  RETURNING v.epoch, v.members INTO epoch, members;
  IF NOT FOUND THEN
    SELECT v.epoch, v.members INTO epoch, members FROM cluster_view v
     WHERE v.id = 1;
  END IF;
END $$;
CREATE OR REPLACE FUNCTION purse_cluster_fence(node_epoch bigint)
RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(purse_cluster_fence_key());
  IF NOT EXISTS (SELECT 1 FROM cluster_view v
                  WHERE v.id = 1 AND v.epoch = node_epoch) THEN
    RAISE EXCEPTION 'membership epoch % is no longer current', node_epoch
      USING ERRCODE = 'PU001';
  END IF;
  RETURN node_epoch;
END $$;
