#include "purse/actors/api_key.hpp"

#include <cstdint>
#include <stdexcept>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

namespace purse {

namespace {

constexpr std::string_view prefix = "purse_";
constexpr std::size_t lookup_length = 12;
constexpr std::size_t body_length = 43; // 43 * log2(62) > 256 bits
constexpr std::size_t checksum_length = 6;
constexpr std::size_t token_length = prefix.size() + lookup_length + 1
                                     + body_length + checksum_length;
constexpr std::string_view alphabet =
  "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// Uniform base62 characters: bytes >= 248 are rejected to avoid bias.
std::string random_base62(std::size_t n) {
  std::string out;
  unsigned char buf[64];
  while (out.size() < n) {
    if (RAND_bytes(buf, sizeof buf) != 1)
      throw std::runtime_error("the CSPRNG failed");
    for (auto b : buf)
      if (b < 248 && out.size() < n)
        out += alphabet[b % 62];
  }
  return out;
}

std::string sha256(std::string_view data, unsigned char (&md)[32]) {
  unsigned int len = 0;
  EVP_Digest(data.data(), data.size(), md, &len, EVP_sha256(), nullptr);
  static constexpr char hex[] = "0123456789abcdef";
  std::string out;
  for (unsigned i = 0; i < len; ++i) {
    out += hex[md[i] >> 4];
    out += hex[md[i] & 0x0f];
  }
  return out;
}

/// The first 32 bits of SHA-256 over the rest of the token, in base62.
std::string checksum(std::string_view head) {
  unsigned char md[32];
  sha256(head, md);
  std::uint32_t v = (std::uint32_t{md[0]} << 24) | (std::uint32_t{md[1]} << 16)
                    | (std::uint32_t{md[2]} << 8) | md[3];
  std::string out(checksum_length, '0');
  for (std::size_t i = checksum_length; i-- > 0;) {
    out[i] = alphabet[v % 62];
    v /= 62;
  }
  return out;
}

bool is_base62(std::string_view s) {
  for (char c : s)
    if (alphabet.find(c) == std::string_view::npos)
      return false;
  return true;
}

} // namespace

std::string hash_secret(std::string_view token) {
  unsigned char md[32];
  return sha256(token, md);
}

new_api_key generate_api_key() {
  new_api_key k;
  k.lookup_id = random_base62(lookup_length);
  auto head = std::string{prefix} + k.lookup_id + "_"
              + random_base62(body_length);
  k.secret = head + checksum(head);
  k.secret_hash = hash_secret(k.secret);
  return k;
}

std::optional<presented_key> parse_api_key(std::string_view token) {
  if (token.size() != token_length || token.substr(0, prefix.size()) != prefix)
    return std::nullopt;
  auto lookup = token.substr(prefix.size(), lookup_length);
  auto sep = prefix.size() + lookup_length;
  auto rest = token.substr(sep + 1);
  if (token[sep] != '_' || !is_base62(lookup) || !is_base62(rest))
    return std::nullopt;
  auto head = token.substr(0, token.size() - checksum_length);
  if (checksum(head) != token.substr(head.size()))
    return std::nullopt;
  return presented_key{std::string{lookup}, hash_secret(token)};
}

bool constant_time_equal(std::string_view a, std::string_view b) {
  if (a.size() != b.size())
    return false;
  return CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

} // namespace purse
