// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/utf8.hpp"

namespace purse {

std::size_t utf8_sequence(std::string_view text, std::size_t at) {
  auto byte = [&](std::size_t k) {
    return static_cast<unsigned char>(text[k]);
  };
  auto c = byte(at);
  if (c < 0x80)
    return 1;
  std::size_t n = c >= 0xC2 && c <= 0xDF   ? 2
                  : c >= 0xE0 && c <= 0xEF ? 3
                  : c >= 0xF0 && c <= 0xF4 ? 4
                                           : 0;
  if (n == 0 || at + n > text.size())
    return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((byte(at + k) & 0xC0) != 0x80)
      return 0;
  // The second byte's range rules out overlong forms (E0, F0), surrogates
  // (ED) and code points past U+10FFFF (F4).
  auto c1 = byte(at + 1);
  if ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 > 0x9F)
      || (c == 0xF0 && c1 < 0x90) || (c == 0xF4 && c1 > 0x8F))
    return 0;
  return n;
}

bool valid_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    auto n = utf8_sequence(text, i);
    if (n == 0)
      return false;
    i += n;
  }
  return true;
}

} // namespace purse
