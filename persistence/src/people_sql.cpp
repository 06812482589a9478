// SPDX-License-Identifier: GPL-2.0-or-later
// The SQL of people: users, teams, memberships and API keys, with the
// per-request authentication lookup. Compiled as C++14 (the persistence
// island).

#include "generic_sql.hpp"

namespace purse {
namespace persistence {

PURSE_SQL_ROW_OPERATIONS(user_row);
PURSE_SQL_ROW_OPERATIONS(team_row);
PURSE_SQL_ROW_OPERATIONS(api_key_row);

namespace {

// Every change of what session::authenticate reads sends, in the changing
// transaction (so only when it commits, and once per user and transaction:
// PostgreSQL folds equal notifications), the id of each user whose
// authentication state it may change on channel purse_auth, for servers
// that keep that state in memory. Touching a key's last_used_at (once a
// minute per key in use) changes nothing a server keeps and sends nothing.
// Row triggers, since each row names its own users.
constexpr const char* auth_notifications = R"SQL(
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
-- Every column but last_used_at, including columns added later.
DROP TRIGGER IF EXISTS purse_auth_api_keys_update ON api_keys;
CREATE TRIGGER purse_auth_api_keys_update
  AFTER UPDATE ON api_keys FOR EACH ROW
  WHEN (to_jsonb(OLD) - 'last_used_at' IS DISTINCT FROM
        to_jsonb(NEW) - 'last_used_at')
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
)SQL";

// A key's last use, written by one UPDATE of that one column: a read of
// the whole row and a write of it back (as ODB's update does) could put
// back the revoked_at, expiry or audience a concurrent change just wrote.
constexpr const char* key_functions = R"SQL(
CREATE OR REPLACE FUNCTION purse_touch_key(key text, at bigint)
RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  UPDATE api_keys SET last_used_at = at
   WHERE id = key AND last_used_at < at;
  RETURN CASE WHEN FOUND THEN 1 ELSE 0 END;
END $$;
)SQL";

} // namespace

void install_auth_notifications(odb::database& db) {
  db.execute(auth_notifications);
  db.execute(key_functions);
}

bool session::find_user_by_email(const std::string& email, user_row& out) {
  using q = odb::query<user_row>;
  return sql::first_row(
    impl_.db.query<user_row>(q("lower(email) = lower(") + q::_val(email) + ")"),
    out);
}

bool session::find_member(const std::string& team_id,
                          const std::string& user_id, team_member_row& out) {
  using q = odb::query<team_member_row>;
  return sql::first_row(impl_.db.query<team_member_row>(
                          q::team_id == team_id && q::user_id == user_id),
                        out);
}

void session::insert_member(const team_member_row& row) {
  team_member_row copy = row;
  impl_.db.persist(copy);
}

void session::update_member(const team_member_row& row) {
  impl_.db.update(row);
}

bool session::erase_member(const std::string& team_id,
                           const std::string& user_id) {
  using q = odb::query<team_member_row>;
  return impl_.db.erase_query<team_member_row>(q::team_id == team_id
                                               && q::user_id == user_id)
         > 0;
}

std::vector<std::pair<team_row, std::string>>
session::teams_of(const std::string& user_id) {
  using q = odb::query<detail::text_pair>;
  std::vector<std::pair<team_row, std::string>> out;
  auto r = impl_.db.query<detail::text_pair>(
    q("SELECT m.team_id, m.role FROM team_members m JOIN teams t"
      " ON t.id = m.team_id WHERE m.user_id = ")
    + q::_val(user_id) + "ORDER BY t.name, t.id");
  std::vector<std::pair<std::string, std::string>> ids;
  for (auto& row : r)
    ids.emplace_back(row.first, row.second);
  for (auto& id : ids) {
    team_row t;
    if (impl_.db.find<team_row>(id.first, t))
      out.emplace_back(t, id.second);
  }
  return out;
}

std::vector<std::pair<user_row, team_member_row>>
session::members_of(const std::string& team_id) {
  using q = odb::query<team_member_row>;
  auto r = impl_.db.query<team_member_row>(
    (q::team_id == team_id) + "ORDER BY CASE" + q::role
    + "WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 WHEN 'member' THEN 2"
      " ELSE 3 END,"
    + q::created_at + "," + q::user_id);
  std::vector<team_member_row> rows(r.begin(), r.end());
  std::vector<std::pair<user_row, team_member_row>> out;
  for (auto& m : rows) {
    user_row u;
    if (impl_.db.find<user_row>(m.user_id, u))
      out.emplace_back(std::move(u), std::move(m));
  }
  return out;
}

void session::lock_team(const std::string& team_id) {
  using sql::int_query;
  sql::scalar(impl_.db, int_query("SELECT 1::bigint FROM teams WHERE id = ")
                          + int_query::_val(team_id) + " FOR UPDATE");
}

std::int64_t session::count_members(const std::string& team_id) {
  using sql::int_query;
  return sql::scalar(impl_.db, int_query("SELECT COUNT(*) FROM team_members"
                                         " WHERE team_id = ")
                                 + int_query::_val(team_id));
}

std::vector<user_row> session::list_users(const std::string& email_part) {
  using q = odb::query<user_row>;
  q c{true};
  if (!email_part.empty())
    c = q("strpos(lower(") + q::email + "), lower(" + q::_val(email_part)
        + ")) > 0";
  std::vector<user_row> out;
  auto r
    = impl_.db.query<user_row>(c + "ORDER BY" + q::created_at + "," + q::id);
  for (auto& row : r)
    out.push_back(row);
  return out;
}

std::vector<api_key_row> session::keys_of(const std::string& user_id) {
  using q = odb::query<api_key_row>;
  std::vector<api_key_row> out;
  auto r = impl_.db.query<api_key_row>((q::user_id == user_id) + "ORDER BY"
                                       + q::created_at + "DESC," + q::id
                                       + "DESC");
  for (auto& row : r)
    out.push_back(row);
  return out;
}

namespace {

struct auth_params {
  std::string team_id;
  std::string lookup_id;
};

} // namespace

auth_row session::authenticate(const std::string& lookup_id,
                               const std::string& team_id) {
  using q = odb::query<auth_row>;
  auth_params* p = nullptr;
  auto pq = sql::prepared<auth_row>(
    impl_.db, "purse.authenticate", p, [](auth_params& p) {
      return q("SELECT TRUE, k.id, k.secret_hash, k.audience, k.expires_at,"
               " k.revoked_at, k.last_used_at, u.id, u.plan, u.timezone,"
               " t.id IS NOT NULL,"
               " COALESCE(m.role, ''), COALESCE(o.plan, '')"
               " FROM api_keys k JOIN users u ON u.id = k.user_id"
               " LEFT JOIN teams t ON t.id = ")
             + q::_ref(p.team_id)
             + " LEFT JOIN team_members m ON m.team_id = t.id"
               " AND m.user_id = u.id LEFT JOIN users o ON o.id = t.owner_id"
               " WHERE k.lookup_id = "
             + q::_ref(p.lookup_id);
    });
  p->team_id = team_id;
  p->lookup_id = lookup_id;
  auth_row out;
  sql::first_row(pq.execute(), out);
  return out;
}

namespace {

struct lookup_ids_params {
  std::string lookup_ids;
};

} // namespace

std::vector<std::string>
session::existing_lookup_ids(const std::vector<std::string>& lookup_ids) {
  using q = odb::query<detail::text_pair>;
  lookup_ids_params* p = nullptr;
  auto pq = sql::prepared<detail::text_pair>(
    impl_.db, "purse.existing_lookup_ids", p, [](lookup_ids_params& p) {
      return q("SELECT lookup_id, '' FROM api_keys"
               " WHERE lookup_id = ANY(string_to_array(")
             + q::_ref(p.lookup_ids) + ", ','))";
    });
  p->lookup_ids = sql::comma_joined(lookup_ids);
  std::vector<std::string> out;
  for (auto& row : pq.execute())
    out.push_back(row.first);
  return out;
}

void session::touch_key(const std::string& key_id, std::int64_t at) {
  // Once a minute per key in use: not worth a prepared statement.
  using sql::int_query;
  sql::scalar(impl_.db, int_query("SELECT purse_touch_key(")
                          + int_query::_val(key_id) + "," + int_query::_val(at)
                          + ")");
}

} // namespace persistence
} // namespace purse
