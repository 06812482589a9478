// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Well-formed UTF-8 (RFC 3629): what text must be to be stored, logged or
// taken as a file name.

#include <cstddef>
#include <string_view>

namespace purse {

/// Length of the well-formed UTF-8 sequence that starts at `text[at]` (no
/// overlong forms, no surrogate code points, nothing past U+10FFFF), or 0.
std::size_t utf8_sequence(std::string_view text, std::size_t at);

/// Whether all of `text` is well-formed UTF-8.
bool valid_utf8(std::string_view text);

} // namespace purse
