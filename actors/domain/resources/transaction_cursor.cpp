// SPDX-License-Identifier: GPL-2.0-or-later
#include "transaction_cursor.hpp"

#include <charconv>
#include <vector>

#include "common.hpp"
#include "purse/actors/money.hpp"

namespace purse::resources {

namespace {

/// "v1~SORT~VALUE~ID~PER_PAGE": characters that need no escaping in a URL.
constexpr std::string_view version = "v1";
constexpr char separator = '~';

bool amount_sort(std::string_view sort) {
  return sort == "amount" || sort == "-amount";
}

bool known_sort(std::string_view sort) {
  return sort == "transaction_at" || sort == "-transaction_at"
         || amount_sort(sort);
}

std::vector<std::string_view> split(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t from = 0;
  for (;;) {
    auto at = text.find(separator, from);
    out.push_back(text.substr(from, at - from));
    if (at == std::string_view::npos)
      return out;
    from = at + 1;
  }
}

template <class T>
bool whole(std::string_view text, T& out) {
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return !text.empty() && ec == std::errc{} && ptr == text.data() + text.size();
}

} // namespace

std::string encode_cursor(const persistence::transaction_row& last,
                          const std::string& sort, std::int64_t per_page) {
  auto value = amount_sort(sort)
                 ? format_amount(last.amount_minor, last.minor_units)
                 : std::to_string(last.transaction_at);
  std::string out{version};
  out += separator + sort + separator + value + separator + last.id + separator
         + std::to_string(per_page);
  return out;
}

std::optional<transaction_cursor> decode_cursor(std::string_view text) {
  if (text.size() > 200)
    return std::nullopt;
  auto parts = split(text);
  if (parts.size() != 5 || parts[0] != version || !known_sort(parts[1]))
    return std::nullopt;
  transaction_cursor c;
  c.sort = std::string{parts[1]};
  c.value = std::string{parts[2]};
  c.id = std::string{parts[3]};
  if (!valid_id(c.id) || !whole(parts[4], c.per_page) || c.per_page < 1
      || c.per_page > 100)
    return std::nullopt;
  if (amount_sort(c.sort)) {
    // Exact decimals only (what encode_cursor writes).
    auto parsed = parse_amount(c.value, 4);
    if (!parsed || *parsed < 0)
      return std::nullopt;
  } else {
    std::int64_t seconds = 0;
    if (!whole(c.value, seconds))
      return std::nullopt;
  }
  return c;
}

} // namespace purse::resources
