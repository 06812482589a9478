// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// How a user gets into the developer settings page: setting a password
// (by the operator, or through a one-time link the operator made) and the
// links themselves. Shared by `purse-admin` and the page, so both follow
// the same rules: the password policy, Argon2id, every session of the user
// ended when the password changes, links stored as their hash and usable
// once.

#include <cstdint>
#include <string>

#include "purse/persistence/store.hpp"

namespace purse::access {

/// Bounds of a link's lifetime in hours.
constexpr std::int64_t default_invite_hours = 24;
constexpr std::int64_t max_invite_hours = 24 * 7;

/// What a password change did.
struct password_set {
  bool ok = false;
  /// "password" for a refused password, empty for anything else.
  std::string field;
  std::string error;
  std::int64_t sessions_ended = 0;
};

/// Sets the password of an existing user and ends all their sessions.
password_set set_password(persistence::store& st, const std::string& user_id,
                          const std::string& password);

/// A new one-time link's token (shown once) and its end.
struct invite {
  bool ok = false;
  std::string field;
  std::string error;
  std::string token;
  std::int64_t expires_at = 0;
};

/// Makes a link for an existing user, valid for `hours` hours.
invite make_invite(persistence::store& st, const std::string& user_id,
                   std::int64_t hours);

/// True when `token` names a link that is unused and has not expired.
bool invite_usable(persistence::store& st, const std::string& token);

/// Sets the password through a link and uses the link up. A link that is
/// unknown, used or expired is refused with field "token".
password_set redeem_invite(persistence::store& st, const std::string& token,
                           const std::string& password);

/// SHA-256 (hex) of a session or link token: what the database keeps.
std::string token_digest(const std::string& token);

} // namespace purse::access
