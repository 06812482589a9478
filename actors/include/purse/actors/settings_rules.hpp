// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The pure rules of the developer settings page: when a session is still
// valid, a key's state and days left, the lifetime a form asks for.
// Unit-tested without a database (tests/unit/settings_rules_test.cpp).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace purse::settings {

/// True while a session may be used at `now`: not past its absolute end
/// and used within the last `idle_seconds`.
bool session_alive(std::int64_t now, std::int64_t last_seen_at,
                   std::int64_t expires_at, std::int64_t idle_seconds);

/// "revoked", "expired" or "active" at `now`.
const char* key_state(std::int64_t now, std::int64_t expires_at,
                      std::int64_t revoked_at);

/// Whole days until `expires_at`, rounded up; 0 once it is reached.
std::int64_t days_left(std::int64_t now, std::int64_t expires_at);

/// The lifetime a form field asks for: empty is `fallback`; otherwise a
/// whole number from 1 to `max` (surrounding spaces allowed).
std::optional<std::int64_t> parse_days(std::string_view text,
                                       std::int64_t fallback, std::int64_t max);

/// The e-mail as sign-in compares and limits it: trimmed, ASCII lower case.
std::string normal_email(std::string_view email);

} // namespace purse::settings
