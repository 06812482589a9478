// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/password.hpp"

#include <mutex>
#include <stdexcept>

#include <sodium.h>

#include "purse/actors/utf8.hpp"

namespace purse {

namespace {

void init_sodium() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (sodium_init() < 0)
      throw std::runtime_error("libsodium cannot be initialised");
  });
}

std::size_t code_points(std::string_view text) {
  std::size_t n = 0;
  for (unsigned char c : text)
    if ((c & 0xC0) != 0x80)
      ++n;
  return n;
}

} // namespace

std::optional<std::string> password_problem(std::string_view password) {
  if (password.size() > max_password_bytes)
    return "must be at most " + std::to_string(max_password_bytes) + " bytes";
  if (!valid_utf8(password))
    return std::string{"must be valid UTF-8 text"};
  if (code_points(password) < min_password_chars)
    return "must be at least " + std::to_string(min_password_chars)
           + " characters";
  return std::nullopt;
}

std::string hash_password(std::string_view password) {
  init_sodium();
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str(out, password.data(), password.size(),
                        crypto_pwhash_OPSLIMIT_INTERACTIVE,
                        crypto_pwhash_MEMLIMIT_INTERACTIVE)
      != 0)
    throw std::runtime_error("out of memory while hashing a password");
  return out;
}

bool verify_password(const std::string& hash, std::string_view password) {
  init_sodium();
  if (hash.empty() || hash.size() >= crypto_pwhash_STRBYTES)
    return false;
  return crypto_pwhash_str_verify(hash.c_str(), password.data(),
                                  password.size())
         == 0;
}

void verify_nothing(std::string_view password) {
  // A hash of a random password, made once: verifying against it costs
  // what a real verification costs and never succeeds.
  static const std::string decoy = hash_password(random_token());
  verify_password(decoy, password);
}

std::string random_token() {
  init_sodium();
  unsigned char bytes[32];
  randombytes_buf(bytes, sizeof bytes);
  char out[sodium_base64_ENCODED_LEN(sizeof bytes,
                                     sodium_base64_VARIANT_URLSAFE_NO_PADDING)];
  sodium_bin2base64(out, sizeof out, bytes, sizeof bytes,
                    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  sodium_memzero(bytes, sizeof bytes);
  return out;
}

} // namespace purse
