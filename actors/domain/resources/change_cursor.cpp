// SPDX-License-Identifier: GPL-2.0-or-later
#include "change_cursor.hpp"

#include <charconv>

namespace purse::resources {

namespace {

/// "c1~XID~ID": characters that need no escaping in a URL.
constexpr std::string_view version = "c1";
constexpr char separator = '~';

/// A whole non-negative decimal number, without a sign or leading zeros
/// (what encode_change_cursor writes).
bool whole(std::string_view text, std::int64_t& out) {
  if (text.empty() || text.size() > 19 || (text.size() > 1 && text[0] == '0'))
    return false;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc{} && ptr == text.data() + text.size() && out >= 0;
}

} // namespace

std::string encode_change_cursor(const change_cursor& c) {
  std::string out{version};
  out += separator + std::to_string(c.xid) + separator + std::to_string(c.id);
  return out;
}

std::optional<change_cursor> decode_change_cursor(std::string_view text) {
  if (text.size() > 64 || text.substr(0, version.size()) != version
      || text.size() <= version.size() || text[version.size()] != separator)
    return std::nullopt;
  text.remove_prefix(version.size() + 1);
  auto at = text.find(separator);
  if (at == std::string_view::npos)
    return std::nullopt;
  change_cursor c;
  if (!whole(text.substr(0, at), c.xid) || !whole(text.substr(at + 1), c.id))
    return std::nullopt;
  return c;
}

} // namespace purse::resources
