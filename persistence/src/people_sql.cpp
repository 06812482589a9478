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

void session::touch_key(const std::string& key_id, std::int64_t at,
                        const std::string& address) {
  // Once a minute per key in use: not worth a prepared statement.
  using sql::int_query;
  sql::scalar(impl_.db, int_query("SELECT purse_touch_key(")
                          + int_query::_val(key_id) + "," + int_query::_val(at)
                          + "," + int_query::_val(address) + ")");
}

} // namespace persistence
} // namespace purse
