// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/placement_tag.hpp"

#include <array>
#include <cstdint>
#include <stdexcept>

#include <openssl/evp.h>

namespace purse {

std::string scope_tag(std::string_view scope_id) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> md{};
  unsigned int len = 0;
  if (EVP_Digest(scope_id.data(), scope_id.size(), md.data(), &len,
                 EVP_sha256(), nullptr)
        != 1
      || len < 8)
    throw std::runtime_error("placement tag: SHA-256 failed");
  std::uint64_t v = 0;
  for (std::size_t i = 0; i < 8; ++i)
    v = (v << 8) | md[i];
  std::string out(placement_tag_length, '0');
  for (std::size_t i = placement_tag_length; i-- > 0;) {
    out[i] = base62_alphabet[v % 62];
    v /= 62;
  }
  return out;
}

} // namespace purse
