// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/money.hpp"

#include <cstdint>
#include <limits>

namespace purse {

namespace {

outcome<std::int64_t> invalid(std::string message) {
  return refused(errc::unprocessable, std::move(message));
}

outcome<std::int64_t> not_a_number() {
  return invalid("must be a number");
}

outcome<std::int64_t> too_many_decimals(int minor_units) {
  if (minor_units == 0)
    return invalid("must be a whole number");
  if (minor_units == 1)
    return invalid("must have at most 1 decimal place");
  return invalid("must have at most " + std::to_string(minor_units)
                 + " decimal places");
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

} // namespace

outcome<std::int64_t> parse_amount(std::string_view s, int minor_units) {
  // Beyond 18 decimals even 1 minor unit has more digits than an int64.
  if (minor_units < 0 || minor_units > 18)
    return invalid("cannot be stored in this currency");
  // JSON grammar: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
  // The value is then `digits` * 10^`scale`.
  std::size_t pos = 0;
  bool negative = false;
  if (pos < s.size() && s[pos] == '-') {
    negative = true;
    ++pos;
  }
  if (pos == s.size() || !is_digit(s[pos]))
    return not_a_number();
  if (s[pos] == '0' && pos + 1 < s.size() && is_digit(s[pos + 1]))
    return not_a_number();
  std::string digits;
  while (pos < s.size() && is_digit(s[pos]))
    digits += s[pos++];
  std::int64_t scale = 0;
  if (pos < s.size() && s[pos] == '.') {
    ++pos;
    if (pos == s.size() || !is_digit(s[pos]))
      return not_a_number();
    while (pos < s.size() && is_digit(s[pos])) {
      digits += s[pos++];
      --scale;
    }
  }
  if (pos < s.size() && (s[pos] == 'e' || s[pos] == 'E')) {
    ++pos;
    bool exp_negative = false;
    if (pos < s.size() && (s[pos] == '+' || s[pos] == '-'))
      exp_negative = s[pos++] == '-';
    if (pos == s.size() || !is_digit(s[pos]))
      return not_a_number();
    std::int64_t exp = 0;
    while (pos < s.size() && is_digit(s[pos])) {
      // Saturate: past a billion every non-zero value is out of range
      // either way, and the clamp keeps `scale` far from overflowing.
      if (exp < 1'000'000'000)
        exp = exp * 10 + (s[pos] - '0');
      ++pos;
    }
    scale += exp_negative ? -exp : exp;
  }
  if (pos != s.size())
    return not_a_number();
  // Reduce to significant digits so that the checks below are about the
  // value, not the spelling: "5.000" and "0.5e1" are both plain 5.
  auto first = digits.find_first_not_of('0');
  if (first == std::string::npos)
    return std::int64_t{0}; // also "-0"
  auto last = digits.find_last_not_of('0');
  scale += static_cast<std::int64_t>(digits.size() - 1 - last);
  digits = digits.substr(first, last + 1 - first);
  // In minor units the value is digits * 10^shift.
  auto shift = scale + minor_units;
  if (shift < 0)
    return too_many_decimals(minor_units);
  // Without leading zeros the count of integer digits bounds the value:
  // n digits means below 10^n. That decides the limit without arithmetic.
  auto length = static_cast<std::int64_t>(digits.size()) + shift;
  if (length > 15 + minor_units || length > 19)
    return invalid("is too large");
  // At most 19 decimal digits: fits in 64 unsigned bits.
  std::uint64_t magnitude = 0;
  for (char c : digits)
    magnitude = magnitude * 10 + static_cast<std::uint64_t>(c - '0');
  for (std::int64_t i = 0; i < shift; ++i)
    magnitude *= 10;
  constexpr auto int64_max = std::numeric_limits<std::int64_t>::max();
  if (magnitude > static_cast<std::uint64_t>(int64_max))
    return invalid("is too large");
  auto value = static_cast<std::int64_t>(magnitude);
  return negative ? -value : value;
}

std::string format_amount(std::int64_t minor, int minor_units) {
  return format_wide_amount(minor, minor_units);
}

std::string wide_to_string(wide_minor value) {
  bool negative = value < 0;
  // The unsigned magnitude: negating the lowest value as signed is UB.
  __extension__ typedef unsigned __int128 wide_unsigned;
  auto magnitude = negative ? 0 - static_cast<wide_unsigned>(value)
                            : static_cast<wide_unsigned>(value);
  // Digits from the end of a buffer (40 hold any 128-bit value and a sign);
  // 64-bit divisions once the rest fits, as every stored amount does.
  char buf[41];
  char* end = buf + sizeof buf;
  char* p = end;
  while (magnitude > std::numeric_limits<std::uint64_t>::max()) {
    *--p = static_cast<char>('0' + static_cast<unsigned>(magnitude % 10));
    magnitude /= 10;
  }
  auto narrow = static_cast<std::uint64_t>(magnitude);
  do {
    *--p = static_cast<char>('0' + narrow % 10);
    narrow /= 10;
  } while (narrow != 0);
  if (negative)
    *--p = '-';
  return std::string(p, end);
}

std::string format_wide_amount(wide_minor minor, int minor_units) {
  auto digits = wide_to_string(minor);
  bool negative = digits.front() == '-';
  if (negative)
    digits.erase(0, 1);
  if (minor_units > 0) {
    auto units = static_cast<std::size_t>(minor_units);
    if (digits.size() <= units)
      digits.insert(0, units + 1 - digits.size(), '0');
    digits.insert(digits.size() - units, 1, '.');
  }
  return negative ? "-" + digits : digits;
}

std::optional<wide_minor> parse_wide_integer(std::string_view text) {
  bool negative = !text.empty() && text.front() == '-';
  if (negative)
    text.remove_prefix(1);
  if (text.empty() || text.size() > 38)
    return std::nullopt;
  wide_minor value = 0;
  for (char c : text) {
    if (c < '0' || c > '9')
      return std::nullopt;
    value = value * 10 + (c - '0');
  }
  return negative ? -value : value;
}

} // namespace purse
