// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

#include <cstdint>
#include <string>

#include <caf/meta/type_name.hpp>

namespace purse {

/// What the domain knows of a presented API key and of the scope it asks
/// for, as read fresh from the store: the key, its owner's plan and, on team
/// paths, the owner's membership in that team.
struct key_state {
  bool key_found = false;
  std::string key_id;
  /// SHA-256 of the whole secret token, hex.
  std::string secret_hash;
  std::string audience;
  /// Unix seconds; revoked_at 0: not revoked.
  std::int64_t expires_at = 0;
  std::int64_t revoked_at = 0;
  std::string user_id;
  std::string user_plan;
  /// The user's profile zone (IANA name): the reports' default zone.
  std::string user_timezone;
  /// Team paths: the team exists; the caller's role in it (empty: not a
  /// member); the plan of the team's owner.
  bool team_found = false;
  std::string team_role;
  std::string team_owner_plan;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, key_state& x) {
  return f(caf::meta::type_name("purse::key_state"), x.key_found, x.key_id,
           x.secret_hash, x.audience, x.expires_at, x.revoked_at, x.user_id,
           x.user_plan, x.user_timezone, x.team_found, x.team_role,
           x.team_owner_plan);
}

} // namespace purse
