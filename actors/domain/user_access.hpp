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

#include "purse/actors/outcome.hpp"
#include "purse/persistence/store.hpp"

namespace purse::access {

/// Bounds of a link's lifetime in hours.
constexpr std::int64_t default_invite_hours = 24;
constexpr std::int64_t max_invite_hours = 24 * 7;

/// Sets the password of an existing user and ends all their sessions; the
/// value is how many ended. A refused password is unprocessable (field
/// "password"), a missing user not_found.
outcome<std::int64_t> set_password(persistence::store& st,
                                   const std::string& user_id,
                                   const std::string& password);

/// As set_password, for the user's own change on the settings page: every
/// session of the user ends but `keep_session` (the id of the session that
/// asked, i.e. its token's digest), which stays signed in; the value is
/// how many ended. The caller has checked the current password.
outcome<std::int64_t> change_own_password(persistence::store& st,
                                          const std::string& user_id,
                                          const std::string& keep_session,
                                          const std::string& password);

/// A new one-time link's token (shown once) and its end.
struct invite_link {
  std::string token;
  std::int64_t expires_at = 0;
};

/// Makes a link for an existing user, valid for `hours` hours. Refused
/// hours are unprocessable (field "hours"), a missing user not_found.
outcome<invite_link> make_invite(persistence::store& st,
                                 const std::string& user_id,
                                 std::int64_t hours);

/// True when `token` names a link that is unused and has not expired.
bool invite_usable(persistence::store& st, const std::string& token);

/// Sets the password through a link and uses the link up; the value is how
/// many sessions ended. A link that is unknown, used or expired is
/// not_found with field "token"; a refused password as for set_password.
outcome<std::int64_t> redeem_invite(persistence::store& st,
                                    const std::string& token,
                                    const std::string& password);

/// SHA-256 (hex) of a session or link token: what the database keeps.
std::string token_digest(const std::string& token);

} // namespace purse::access
