// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/api_key.hpp"

#include "purse/actors/placement_tag.hpp"

#include <array>
#include <cstdint>
#include <stdexcept>

#include <boost/crc.hpp>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

namespace purse {

namespace {

constexpr std::string_view prefix = "purse_";
constexpr std::size_t lookup_length = 12;
constexpr std::size_t body_bytes = 32;
constexpr std::size_t body_length = 43;    // 62^43 > 2^256 > 62^42
constexpr std::size_t checksum_length = 6; // 62^6 > 2^32
constexpr std::size_t token_length = prefix.size() + lookup_length + 1
                                     + body_length + checksum_length;
constexpr std::string_view alphabet = base62_alphabet;

void random_bytes(unsigned char* buf, std::size_t n) {
  if (RAND_bytes(buf, static_cast<int>(n)) != 1)
    throw std::runtime_error("the CSPRNG failed");
}

/// `n` independent, uniform base62 characters.
std::string random_base62(std::size_t n) {
  std::string out;
  std::array<unsigned char, 32> buf;
  while (out.size() < n) {
    random_bytes(buf.data(), buf.size());
    // 248 = 4 * 62: b % 62 is uniform only over bytes below 248, so the
    // rest are skipped rather than bias the first characters.
    for (auto b : buf)
      if (b < 248 && out.size() < n)
        out += alphabet[b % 62];
  }
  return out;
}

/// `bytes` as one big-endian number in `width` base62 digits, zero-padded.
/// The division leaves the copy all zero, so no secret stays behind.
std::string to_base62(std::array<unsigned char, body_bytes> bytes,
                      std::size_t width) {
  std::string out(width, '0');
  // Schoolbook long division by 62, once per output digit.
  for (std::size_t i = width; i-- > 0;) {
    unsigned remainder = 0;
    for (auto& b : bytes) {
      auto acc = (remainder << 8) | b;
      b = static_cast<unsigned char>(acc / 62);
      remainder = acc % 62;
    }
    out[i] = alphabet[remainder];
  }
  return out;
}

/// CRC32 (the zlib/PNG polynomial) of `head`, as 6 zero-padded base62
/// digits.
std::string checksum(std::string_view head) {
  boost::crc_32_type crc;
  crc.process_bytes(head.data(), head.size());
  std::uint32_t v = crc.checksum();
  std::string out(checksum_length, '0');
  for (std::size_t i = checksum_length; i-- > 0;) {
    out[i] = alphabet[v % 62];
    v /= 62;
  }
  return out;
}

bool is_base62(std::string_view s) {
  return s.find_first_not_of(alphabet) == std::string_view::npos;
}

} // namespace

std::string hash_secret(std::string_view token) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> md;
  unsigned int len = 0;
  if (EVP_Digest(token.data(), token.size(), md.data(), &len, EVP_sha256(),
                 nullptr)
      != 1)
    throw std::runtime_error("SHA-256 failed");
  static constexpr char hex[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * len);
  for (unsigned i = 0; i < len; ++i) {
    out += hex[md[i] >> 4];
    out += hex[md[i] & 0x0f];
  }
  return out;
}

new_api_key generate_api_key(std::string_view home_scope) {
  new_api_key k;
  // The lookup id begins with the placement tag of its user's own scope
  // (placement_tag.hpp); the rest is random.
  k.lookup_id = home_scope.empty() ? random_base62(placement_tag_length)
                                   : scope_tag(home_scope);
  k.lookup_id += random_base62(lookup_length - placement_tag_length);
  std::array<unsigned char, body_bytes> body;
  random_bytes(body.data(), body.size());
  auto head = std::string{prefix} + k.lookup_id + "_"
              + to_base62(body, body_length);
  // The body's bytes are the secret: leave no copy on the stack.
  OPENSSL_cleanse(body.data(), body.size());
  k.secret = head + checksum(head);
  k.secret_hash = hash_secret(k.secret);
  return k;
}

std::optional<presented_key> parse_api_key(std::string_view token) {
  if (token.size() != token_length || token.substr(0, prefix.size()) != prefix)
    return std::nullopt;
  auto lookup = token.substr(prefix.size(), lookup_length);
  auto separator = prefix.size() + lookup_length;
  auto rest = token.substr(separator + 1); // body and checksum
  if (token[separator] != '_' || !is_base62(lookup) || !is_base62(rest))
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
