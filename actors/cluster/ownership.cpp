// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/cluster/ownership.hpp"

#include <array>
#include <stdexcept>

#include <openssl/evp.h>

namespace purse {

std::uint64_t ownership_weight(std::string_view node, std::string_view key) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> md{};
  unsigned int len = 0;
  auto* ctx = EVP_MD_CTX_new();
  const unsigned char nul = 0;
  bool ok = ctx != nullptr && EVP_DigestInit_ex(ctx, EVP_sha256(), nullptr) == 1
            && EVP_DigestUpdate(ctx, node.data(), node.size()) == 1
            && EVP_DigestUpdate(ctx, &nul, 1) == 1
            && EVP_DigestUpdate(ctx, key.data(), key.size()) == 1
            && EVP_DigestFinal_ex(ctx, md.data(), &len) == 1;
  EVP_MD_CTX_free(ctx);
  if (!ok || len < 8)
    throw std::runtime_error("ownership: SHA-256 failed");
  std::uint64_t out = 0;
  for (int i = 0; i < 8; ++i)
    out = (out << 8) | md[static_cast<std::size_t>(i)];
  return out;
}

std::string owner_of(std::string_view key,
                     const std::vector<std::string>& members) {
  const std::string* best = nullptr;
  std::uint64_t best_weight = 0;
  for (auto& m : members) {
    auto w = ownership_weight(m, key);
    if (best == nullptr || w > best_weight || (w == best_weight && m < *best)) {
      best = &m;
      best_weight = w;
    }
  }
  return best == nullptr ? std::string{} : *best;
}

} // namespace purse
