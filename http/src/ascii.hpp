// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// ASCII helpers of the HTTP front: header names, schemes, media types and
// charsets compare case-insensitively.

#include <cctype>
#include <string>
#include <string_view>

namespace purse::http {

/// `text` with ASCII letters in lower case.
inline std::string lower_ascii(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text)
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

} // namespace purse::http
