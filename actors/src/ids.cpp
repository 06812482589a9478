#include "purse/actors/ids.hpp"

#include <chrono>
#include <cstdint>
#include <stdexcept>

#include <openssl/rand.h>

namespace purse {

std::string new_id() {
  unsigned char b[16];
  if (RAND_bytes(b + 6, 10) != 1)
    throw std::runtime_error("the CSPRNG failed");
  auto ms = static_cast<std::uint64_t>(
    std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::system_clock::now().time_since_epoch())
      .count());
  for (int i = 0; i < 6; ++i)
    b[i] = static_cast<unsigned char>(ms >> (40 - 8 * i));
  b[6] = static_cast<unsigned char>(0x70 | (b[6] & 0x0f)); // version 7
  b[8] = static_cast<unsigned char>(0x80 | (b[8] & 0x3f)); // RFC 9562 variant
  static constexpr char hex[] = "0123456789abcdef";
  std::string out;
  out.reserve(36);
  for (int i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10)
      out += '-';
    out += hex[b[i] >> 4];
    out += hex[b[i] & 0x0f];
  }
  return out;
}

bool is_uuid(std::string_view s) {
  if (s.size() != 36)
    return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    bool dash = i == 8 || i == 13 || i == 18 || i == 23;
    if (dash != (s[i] == '-'))
      return false;
    if (!dash && !std::isxdigit(static_cast<unsigned char>(s[i])))
      return false;
  }
  return true;
}

} // namespace purse
