// SPDX-License-Identifier: GPL-2.0-or-later
#include "user_access.hpp"

#include <optional>

#include "purse/actors/api_key.hpp"
#include "purse/actors/password.hpp"
#include "purse/actors/timestamp.hpp"

namespace purse::access {

using namespace persistence;

std::string token_digest(const std::string& token) {
  return hash_secret(token);
}

namespace {

failure no_user(const std::string& user_id) {
  return refused(errc::not_found, "no user with id " + user_id);
}

failure unusable_link() {
  return refused(errc::not_found, "token",
                 "this link is unknown, used or expired; ask your operator "
                 "for a new one");
}

bool usable(session& s, const std::string& token, password_invite_row& row) {
  return !token.empty() && token.size() <= 128
         && s.find(token_digest(token), row) && row.used_at == 0
         && row.expires_at > now_seconds();
}

/// Checks and hashes `password`, then in one transaction sets it for the
/// user `whose` names (empty: `missing` is the answer) and ends every
/// session of the user but the one `keep` names (if any); the value is how
/// many ended.
template <class F>
outcome<std::int64_t> change_password(store& st, const std::string& password,
                                      F whose, failure missing,
                                      const std::string& keep = {}) {
  if (auto problem = password_problem(password))
    return refused(errc::unprocessable, "password", *problem);
  // Hash before the transaction: it takes a while and needs no row lock.
  auto hash = hash_password(password);
  std::optional<std::int64_t> ended;
  st.write([&](session& s) {
    auto now = now_seconds();
    auto user_id = whose(s, now);
    if (user_id.empty())
      return;
    // The session kept is put back as it was, in the same transaction:
    // no other request sees the user without it. One that ended meanwhile
    // stays ended.
    web_session_row kept;
    bool keeping = !keep.empty() && s.find(keep, kept)
                   && kept.user_id == user_id;
    ended = s.end_web_sessions(user_id) - (keeping ? 1 : 0);
    s.set_password(user_id, hash, now);
    if (keeping)
      s.insert(kept);
  });
  if (!ended)
    return missing;
  return *ended;
}

} // namespace

outcome<std::int64_t> set_password(store& st, const std::string& user_id,
                                   const std::string& password) {
  return change_password(
    st, password,
    [&](session& s, std::int64_t) {
      user_row u;
      return s.find(user_id, u) ? user_id : std::string{};
    },
    no_user(user_id));
}

outcome<std::int64_t> change_own_password(store& st, const std::string& user_id,
                                          const std::string& keep_session,
                                          const std::string& password) {
  return change_password(
    st, password,
    [&](session& s, std::int64_t) {
      user_row u;
      return s.find(user_id, u) ? user_id : std::string{};
    },
    no_user(user_id), keep_session);
}

outcome<invite_link> make_invite(store& st, const std::string& user_id,
                                 std::int64_t hours) {
  if (hours < 1 || hours > max_invite_hours)
    return refused(errc::unprocessable, "hours",
                   "must be from 1 to " + std::to_string(max_invite_hours));
  invite_link out;
  out.token = random_token();
  password_invite_row row;
  row.id = token_digest(out.token);
  row.user_id = user_id;
  row.created_at = now_seconds();
  row.expires_at = row.created_at + hours * 3600;
  bool found = false;
  st.write([&](session& s) {
    user_row u;
    found = s.find(user_id, u);
    if (found)
      s.insert(row);
  });
  if (!found)
    return no_user(user_id);
  out.expires_at = row.expires_at;
  return out;
}

bool invite_usable(store& st, const std::string& token) {
  bool ok = false;
  st.read([&](session& s) {
    password_invite_row row;
    ok = usable(s, token, row);
  });
  return ok;
}

outcome<std::int64_t> redeem_invite(store& st, const std::string& token,
                                    const std::string& password) {
  return change_password(
    st, password,
    [&](session& s, std::int64_t now) {
      password_invite_row row;
      if (!usable(s, token, row) || !s.claim_invite(row.id, now))
        return std::string{};
      return row.user_id;
    },
    unusable_link());
}

} // namespace purse::access
