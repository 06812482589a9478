// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The pure rules of the developer settings page: when a session is still
// valid, a key's state and days left, the lifetime a form asks for, how
// long a sign-in for an account under attack waits.
// Unit-tested without a database (tests/unit/settings_rules_test.cpp).

#include <chrono>
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

/// The first wait of a sign-in slowed down by its account's failures.
constexpr std::chrono::milliseconds first_sign_in_delay{250};

/// How long a sign-in attempt for an account waits before it is checked,
/// given the account's failed sign-ins in the window (from any address):
/// nothing below `free_failures`, then `first_sign_in_delay`, doubling
/// with each further failure, at most `cap`. The account is slowed down,
/// never refused: its right password still signs in, only later.
std::chrono::milliseconds sign_in_delay(std::int64_t failures,
                                        std::int64_t free_failures,
                                        std::chrono::milliseconds cap);

/// The e-mail as sign-in compares and limits it: trimmed, ASCII lower case.
std::string normal_email(std::string_view email);

/// A count with thousands separated by commas: "1,000", "-2,500".
std::string grouped(std::int64_t n);

/// A size in binary units as people read it: "1 GiB", "10 MiB", "1.5 KiB",
/// "512 bytes", "1 byte". Whole multiples show no decimals; others one,
/// rounded down, so a size never reads as more than it is.
std::string human_bytes(std::int64_t bytes);

/// How much of `limit` `used` is, in whole percent from 0 to 100 (a
/// limit of 0 or less: 100 when anything is used, else 0).
std::int64_t percent_used(std::int64_t used, std::int64_t limit);

} // namespace purse::settings
