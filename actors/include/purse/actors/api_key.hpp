// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// API key secrets. A token is
//   "purse_" + lookup id (12 base62) + "_" + body (43 base62) + checksum (6)
// 68 characters in all. The body encodes 32 CSPRNG bytes (256 bits); the
// checksum is the CRC32 of everything before it, so a mistyped or truncated
// key is refused offline, before any database work. The database keeps the
// lookup id and a SHA-256 hash of the whole token, never the token.

#include <optional>
#include <string>
#include <string_view>

namespace purse {

/// A freshly generated key: the secret is shown once and never stored.
struct new_api_key {
  /// The 12-character public part that finds the key's row; its first 3
  /// characters are the key's placement tag.
  std::string lookup_id;
  /// The whole token, for the user's eyes only.
  std::string secret;
  /// hash_secret(secret), what the database keeps.
  std::string secret_hash;
};

/// Generates a new key from the OS CSPRNG for the user whose personal
/// scope is `home_scope` (the user's id): its lookup id begins with that
/// scope's placement tag (placement_tag.hpp), so that a cluster serves
/// the key where it serves the user's records; 9 random base62 characters
/// follow. Without a home scope the tag is random too. Throws
/// std::runtime_error if the CSPRNG or SHA-256 fails: no key is better
/// than a guessable one.
new_api_key generate_api_key(std::string_view home_scope = {});

/// What a presented bearer token yields after the offline checks.
struct presented_key {
  /// The lookup id to fetch the stored hash with.
  std::string lookup_id;
  /// hash_secret(token), to compare with the stored hash.
  std::string secret_hash;
};

/// Checks prefix, length, alphabet and checksum offline; nullopt for
/// anything malformed or mistyped.
std::optional<presented_key> parse_api_key(std::string_view token);

/// Lower-case hex SHA-256 of the whole token (what the database stores).
/// A plain fast hash is enough: the token carries 256 random bits, so
/// there is nothing to brute-force that a slow hash would protect.
std::string hash_secret(std::string_view token);

/// Constant-time equality (length difference returns false without early
/// exit on content). Only the length may leak, which is public anyway for
/// the fixed-size hashes compared here.
bool constant_time_equal(std::string_view a, std::string_view b);

} // namespace purse
