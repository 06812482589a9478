-- SPDX-License-Identifier: GPL-2.0-or-later
-- People: the notifications of authentication changes and the write of a
-- key's last use (queries in persistence/src/people_sql.cpp). Run by
-- store::migrate with every migration, in its transaction: each statement
-- must be safe to run again on a database that has it.

-- Every change of what session::authenticate reads sends, in the changing
-- transaction (so only when it commits, and once per user and transaction:
-- PostgreSQL folds equal notifications), the id of each user whose
-- authentication state it may change on channel purse_auth, for servers
-- that keep that state in memory. Touching a key's last_used_at (once a
-- minute per key in use) changes nothing a server keeps and sends nothing.
-- Row triggers, since each row names its own users.
CREATE OR REPLACE FUNCTION purse_auth_notify(user_id text)
RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('purse_auth', user_id) WHERE user_id IS NOT NULL
$$;
-- Every member of a team: its owner's plan and the team's existence are
-- part of each member's state.
CREATE OR REPLACE FUNCTION purse_auth_notify_team(team text)
RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('purse_auth', m.user_id) FROM team_members m
   WHERE m.team_id = team
$$;
-- A user and every member of the teams the user owns.
CREATE OR REPLACE FUNCTION purse_auth_notify_owner(owner text)
RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('purse_auth', owner);
  SELECT pg_notify('purse_auth', m.user_id)
    FROM teams t JOIN team_members m ON m.team_id = t.id
   WHERE t.owner_id = owner
$$;
-- Rows that name their user (api_keys, team_members): that user.
CREATE OR REPLACE FUNCTION purse_auth_row_user()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM purse_auth_notify(OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM purse_auth_notify(NEW.user_id);
  END IF;
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION purse_auth_users()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM purse_auth_notify_owner(OLD.id);
  IF TG_OP = 'UPDATE' THEN
    PERFORM purse_auth_notify_owner(NEW.id);
  END IF;
  RETURN NULL;
END $$;
-- Members removed with their team (by the caller or by a cascade) are
-- named by the team_members trigger; this one names those that stay.
CREATE OR REPLACE FUNCTION purse_auth_teams()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM purse_auth_notify_team(OLD.id);
  IF TG_OP = 'UPDATE' THEN
    PERFORM purse_auth_notify_team(NEW.id);
  END IF;
  RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS purse_auth_api_keys ON api_keys;
DROP TRIGGER IF EXISTS purse_auth_team_members ON team_members;
DROP FUNCTION IF EXISTS purse_auth_api_keys() CASCADE;
DROP FUNCTION IF EXISTS purse_auth_team_members() CASCADE;
CREATE TRIGGER purse_auth_api_keys
  AFTER INSERT OR DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION purse_auth_row_user();
-- Every column but the last use (time and address), including columns
-- added later.
DROP TRIGGER IF EXISTS purse_auth_api_keys_update ON api_keys;
CREATE TRIGGER purse_auth_api_keys_update
  AFTER UPDATE ON api_keys FOR EACH ROW
  WHEN (to_jsonb(OLD) - 'last_used_at' - 'last_used_from' IS DISTINCT FROM
        to_jsonb(NEW) - 'last_used_at' - 'last_used_from')
  EXECUTE FUNCTION purse_auth_row_user();
-- The columns authentication reads of a user: its id and plan (its own
-- and, for the members of its teams, the team owner's), and its time zone
-- (the reports' default zone travels with the key's state).
DROP TRIGGER IF EXISTS purse_auth_users ON users;
CREATE TRIGGER purse_auth_users
  AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.id, OLD.plan, OLD.timezone)
        IS DISTINCT FROM (NEW.id, NEW.plan, NEW.timezone))
  EXECUTE FUNCTION purse_auth_users();
DROP TRIGGER IF EXISTS purse_auth_users_delete ON users;
CREATE TRIGGER purse_auth_users_delete
  AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION purse_auth_users();
DROP TRIGGER IF EXISTS purse_auth_team_members ON team_members;
CREATE TRIGGER purse_auth_team_members
  AFTER INSERT OR UPDATE OR DELETE ON team_members
  FOR EACH ROW EXECUTE FUNCTION purse_auth_row_user();
DROP TRIGGER IF EXISTS purse_auth_teams ON teams;
CREATE TRIGGER purse_auth_teams
  AFTER UPDATE ON teams FOR EACH ROW
  WHEN ((OLD.id, OLD.owner_id) IS DISTINCT FROM (NEW.id, NEW.owner_id))
  EXECUTE FUNCTION purse_auth_teams();
DROP TRIGGER IF EXISTS purse_auth_teams_delete ON teams;
CREATE TRIGGER purse_auth_teams_delete
  AFTER DELETE ON teams FOR EACH ROW EXECUTE FUNCTION purse_auth_teams();

-- A key's last use (time and client address), written by one UPDATE of
-- those columns: a read of the whole row and a write of it back (as ODB's
-- update does) could put back the revoked_at, expiry or audience a
-- concurrent change just wrote. Schema v10 added the address.
DROP FUNCTION IF EXISTS purse_touch_key(text, bigint);
CREATE OR REPLACE FUNCTION purse_touch_key(key text, at bigint, address text)
RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  UPDATE api_keys SET last_used_at = at, last_used_from = address
   WHERE id = key AND last_used_at < at;
  RETURN CASE WHEN FOUND THEN 1 ELSE 0 END;
END $$;
