// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Blanks around a value: spaces and horizontal tabs (HTTP's optional
// whitespace; what a form field or a header list item may carry around
// its value).

#include <string_view>

namespace purse {

/// `s` without the spaces and tabs at either end.
inline std::string_view trim_blanks(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
    s.remove_suffix(1);
  return s;
}

} // namespace purse
