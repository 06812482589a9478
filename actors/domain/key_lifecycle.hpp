// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Creating and revoking API keys: the one implementation behind
// `purse-admin key create|revoke` and the developer settings page, so a
// key made or revoked in either place is the same (format, hash-only
// storage, plan rule, lifetime bounds). Callers that revoke confirm the
// servers' cache invalidation after the commit (await_auth_listeners).

#include <cstdint>
#include <string>

#include "purse/actors/outcome.hpp"
#include "purse/persistence/store.hpp"

namespace purse::keys {

/// Key lifetime bounds in days.
constexpr std::int64_t default_days = 30;
constexpr std::int64_t max_days = 365;

/// Longest key name in bytes.
constexpr std::size_t max_name_bytes = 100;

/// A new key: its row and its secret (shown once).
struct new_key {
  persistence::api_key_row row;
  std::string secret;
};

/// Creates a key for a user on a paid plan, valid for `days` days. Refused
/// inputs ("days", "audience", "name") are unprocessable; a missing user is
/// not_found, a plan without the API payment_required.
outcome<new_key> create(persistence::store& st, const std::string& user_id,
                        std::int64_t days, const std::string& name,
                        const std::string& audience);

/// Revokes a key; with `owner` set, only a key of that user is found. The
/// value is when the key was revoked (earlier, if it already was); an
/// unknown key is not_found ("no key with id ...").
outcome<std::int64_t> revoke(persistence::store& st, const std::string& key_id,
                             const std::string& owner = {});

} // namespace purse::keys
