// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Creating and revoking API keys: the one implementation behind
// `purse-admin key create|revoke` and the developer settings page, so a
// key made or revoked in either place is the same (format, hash-only
// storage, plan rule, lifetime bounds). Callers that revoke confirm the
// servers' cache invalidation after the commit (await_auth_listeners).

#include <cstdint>
#include <string>

#include "purse/persistence/store.hpp"

namespace purse::keys {

/// Key lifetime bounds in days.
constexpr std::int64_t default_days = 30;
constexpr std::int64_t max_days = 365;

/// Longest key name in bytes.
constexpr std::size_t max_name_bytes = 100;

/// What a create did: on success the row and the secret (shown once);
/// otherwise a message and the refused input ("days", "audience", "name",
/// or empty for a missing user or a plan without the API).
struct created {
  bool ok = false;
  std::string error;
  std::string field;
  bool plan_refused = false;
  persistence::api_key_row row;
  std::string secret;
};

/// Creates a key for a user on a paid plan, valid for `days` days.
created create(persistence::store& st, const std::string& user_id,
               std::int64_t days, const std::string& name,
               const std::string& audience);

/// What a revocation did.
struct revoked {
  bool found = false;
  /// When the key was revoked (earlier, if it already was).
  std::int64_t at = 0;
};

/// Revokes a key; with `owner` set, only a key of that user is found.
revoked revoke(persistence::store& st, const std::string& key_id,
               const std::string& owner = {});

} // namespace purse::keys
