// SPDX-License-Identifier: GPL-2.0-or-later
#include "user_access.hpp"

#include "purse/actors/api_key.hpp"
#include "purse/actors/password.hpp"
#include "purse/actors/timestamp.hpp"

namespace purse::access {

using namespace persistence;

std::string token_digest(const std::string& token) {
  return hash_secret(token);
}

password_set set_password(store& st, const std::string& user_id,
                          const std::string& password) {
  password_set out;
  if (auto problem = password_problem(password)) {
    out.field = "password";
    out.error = *problem;
    return out;
  }
  // Hash before the transaction: it takes a while and needs no row lock.
  auto hash = hash_password(password);
  st.write([&](session& s) {
    user_row u;
    if (!s.find(user_id, u)) {
      out.error = "no user with id " + user_id;
      return;
    }
    out.sessions_ended = s.end_web_sessions(user_id);
    s.set_password(user_id, hash, now_seconds());
  });
  out.ok = out.error.empty();
  return out;
}

invite make_invite(store& st, const std::string& user_id, std::int64_t hours) {
  invite out;
  if (hours < 1 || hours > max_invite_hours) {
    out.field = "hours";
    out.error = "must be from 1 to " + std::to_string(max_invite_hours);
    return out;
  }
  out.token = random_token();
  password_invite_row row;
  row.id = token_digest(out.token);
  row.user_id = user_id;
  row.created_at = now_seconds();
  row.expires_at = row.created_at + hours * 3600;
  st.write([&](session& s) {
    user_row u;
    if (!s.find(user_id, u)) {
      out.error = "no user with id " + user_id;
      return;
    }
    s.insert(row);
  });
  out.ok = out.error.empty();
  if (!out.ok)
    out.token.clear();
  out.expires_at = row.expires_at;
  return out;
}

namespace {

bool usable(session& s, const std::string& token, password_invite_row& row) {
  return !token.empty() && token.size() <= 128
         && s.find(token_digest(token), row) && row.used_at == 0
         && row.expires_at > now_seconds();
}

} // namespace

bool invite_usable(store& st, const std::string& token) {
  bool ok = false;
  st.read([&](session& s) {
    password_invite_row row;
    ok = usable(s, token, row);
  });
  return ok;
}

password_set redeem_invite(store& st, const std::string& token,
                           const std::string& password) {
  password_set out;
  if (auto problem = password_problem(password)) {
    out.field = "password";
    out.error = *problem;
    return out;
  }
  auto hash = hash_password(password);
  st.write([&](session& s) {
    password_invite_row row;
    if (!usable(s, token, row)) {
      out.field = "token";
      out.error = "this link is unknown, used or expired; ask your operator "
                  "for a new one";
      return;
    }
    row.used_at = now_seconds();
    if (!s.claim_invite(row.id, row.used_at)) {
      out.field = "token";
      out.error = "this link is unknown, used or expired; ask your operator "
                  "for a new one";
      return;
    }
    out.sessions_ended = s.end_web_sessions(row.user_id);
    s.set_password(row.user_id, hash, row.used_at);
  });
  out.ok = out.error.empty();
  return out;
}

} // namespace purse::access
