// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Passwords of the developer settings page and the random tokens of its
// sessions and links. Passwords are hashed with Argon2id (libsodium's
// crypto_pwhash_str, interactive limits); a hash names its own parameters,
// so stronger limits later still verify old hashes. Nothing here logs.

#include <optional>
#include <string>
#include <string_view>

namespace purse {

/// Fewest characters (Unicode code points) a password may have.
constexpr std::size_t min_password_chars = 12;

/// Most bytes a password may have (hashing cost is bounded anyway; this
/// only refuses absurd input).
constexpr std::size_t max_password_bytes = 1024;

/// Why a password cannot be used ("must be at least 12 characters"), or
/// nothing when it can.
std::optional<std::string> password_problem(std::string_view password);

/// The Argon2id hash of a password in libsodium's string form. Throws
/// std::runtime_error when memory for the hash cannot be had.
std::string hash_password(std::string_view password);

/// True when `password` matches `hash`. A malformed hash matches nothing.
bool verify_password(const std::string& hash, std::string_view password);

/// Spends as long as verify_password on a password nobody has, so that a
/// sign-in with an unknown e-mail takes as long as one with a wrong
/// password.
void verify_nothing(std::string_view password);

/// 32 random bytes from the OS, base64url without padding (43 characters).
/// Throws std::runtime_error if the CSPRNG fails.
std::string random_token();

} // namespace purse
