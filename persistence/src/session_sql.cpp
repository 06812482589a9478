// SPDX-License-Identifier: GPL-2.0-or-later
// The SQL of the developer settings page: passwords, browser sessions and
// one-time password links (schema v9). Tokens are stored as their SHA-256
// only. Compiled as C++14 (the persistence island).

#include "generic_sql.hpp"

namespace purse {
namespace persistence {

PURSE_SQL_ROW_OPERATIONS(web_session_row);
PURSE_SQL_ROW_OPERATIONS(password_invite_row);

bool session::find_password(const std::string& user_id, std::string& hash) {
  user_password_row row;
  if (!impl_.db.find<user_password_row>(user_id, row))
    return false;
  hash = row.password_hash;
  return true;
}

void session::set_password(const std::string& user_id, const std::string& hash,
                           std::int64_t at) {
  user_password_row row;
  bool exists = impl_.db.find<user_password_row>(user_id, row);
  row.user_id = user_id;
  row.password_hash = hash;
  row.updated_at = at;
  if (exists)
    impl_.db.update(row);
  else
    impl_.db.persist(row);
  end_web_sessions(user_id);
}

std::int64_t session::end_web_sessions(const std::string& user_id) {
  using q = odb::query<web_session_row>;
  return static_cast<std::int64_t>(
    impl_.db.erase_query<web_session_row>(q::user_id == user_id));
}

bool session::claim_invite(const std::string& id, std::int64_t now) {
  // `id` is a SHA-256 digest in hex: nothing else may reach the statement
  // text (execute() takes no parameters, and reports the rows changed).
  if (id.empty() || id.size() > 128
      || id.find_first_not_of("0123456789abcdef") != std::string::npos)
    return false;
  // The UPDATE's row lock orders concurrent claims: the second sees
  // used_at set and changes nothing.
  auto t = std::to_string(now);
  return impl_.db.execute("UPDATE password_invites SET used_at = " + t
                          + " WHERE id = '" + id
                          + "' AND used_at = 0 AND expires_at > " + t)
         == 1;
}

void session::prune_web_sessions(const std::string& user_id, std::int64_t now,
                                 std::int64_t idle_seconds) {
  using q = odb::query<web_session_row>;
  impl_.db.erase_query<web_session_row>(
    q::user_id == user_id
    && (q::expires_at <= now || q::last_seen_at <= now - idle_seconds));
}

} // namespace persistence
} // namespace purse
