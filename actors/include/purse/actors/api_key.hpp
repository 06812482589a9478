#pragma once

// API key secrets: "purse_" + 12-char lookup id + "_" + 43-char body
// (256 random bits, base62) + 6-char checksum. The database keeps only the
// lookup id and a SHA-256 hash of the whole token.

#include <optional>
#include <string>
#include <string_view>

namespace purse {

/// A freshly generated key: the secret is shown once and never stored.
struct new_api_key {
  std::string lookup_id;
  std::string secret;
  std::string secret_hash;
};

/// Generates a new key from the OS CSPRNG.
new_api_key generate_api_key();

/// What a presented bearer token yields after the offline checks.
struct presented_key {
  std::string lookup_id;
  std::string secret_hash;
};

/// Checks prefix, length, alphabet and checksum offline; nullopt for
/// anything malformed or mistyped.
std::optional<presented_key> parse_api_key(std::string_view token);

/// Lower-case hex SHA-256 of the whole token (what the database stores).
std::string hash_secret(std::string_view token);

/// Constant-time equality of two strings of equal length.
bool constant_time_equal(std::string_view a, std::string_view b);

} // namespace purse
