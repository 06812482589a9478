#include "purse/actors/money.hpp"

#include <limits>

namespace purse {

namespace {

// GCC's 128-bit integer; __extension__ keeps -Wpedantic quiet about it.
__extension__ using int128 = __int128;

amount_parse_result error(std::string message) {
  return amount_parse_result{false, 0, std::move(message)};
}

} // namespace

amount_parse_result parse_amount(std::string_view s, int minor_units) {
  // JSON number grammar: -? digits (. digits)? ([eE] [+-]? digits)?
  std::size_t pos = 0;
  bool negative = false;
  if (pos < s.size() && s[pos] == '-') {
    negative = true;
    ++pos;
  }
  std::string digits;
  std::int64_t scale = 0; // value = digits * 10^scale
  auto int_start = pos;
  while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9')
    digits += s[pos++];
  if (pos == int_start)
    return error("must be a number");
  if (pos < s.size() && s[pos] == '.') {
    ++pos;
    auto frac_start = pos;
    while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9') {
      digits += s[pos++];
      --scale;
    }
    if (pos == frac_start)
      return error("must be a number");
  }
  if (pos < s.size() && (s[pos] == 'e' || s[pos] == 'E')) {
    ++pos;
    bool exp_negative = false;
    if (pos < s.size() && (s[pos] == '+' || s[pos] == '-'))
      exp_negative = s[pos++] == '-';
    auto exp_start = pos;
    std::int64_t exp = 0;
    while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9') {
      // Clamp: beyond this any non-zero value is out of range anyway.
      if (exp < 100'000)
        exp = exp * 10 + (s[pos] - '0');
      ++pos;
    }
    if (pos == exp_start)
      return error("must be a number");
    scale += exp_negative ? -exp : exp;
  }
  if (pos != s.size())
    return error("must be a number");
  auto first = digits.find_first_not_of('0');
  if (first == std::string::npos)
    return amount_parse_result{true, 0, {}};
  digits.erase(0, first);
  // minor = digits * 10^(scale + minor_units)
  auto k = scale + minor_units;
  if (k < 0) {
    auto drop = static_cast<std::size_t>(-k);
    if (drop >= digits.size()
        || digits.find_first_not_of('0', digits.size() - drop)
             != std::string::npos)
      return error("must have at most " + std::to_string(minor_units)
                   + " decimal places");
    digits.resize(digits.size() - drop);
    k = 0;
  }
  if (static_cast<std::int64_t>(digits.size()) + k > 19)
    return error("is too large");
  // 128-bit arithmetic: max_major_units * 10^4 does not fit in 64 bits.
  int128 limit = max_major_units;
  for (int i = 0; i < minor_units; ++i)
    limit *= 10;
  int128 wide = 0;
  for (char c : digits)
    wide = wide * 10 + (c - '0');
  for (std::int64_t i = 0; i < k; ++i)
    wide *= 10;
  if (wide >= limit || wide > std::numeric_limits<std::int64_t>::max())
    return error("is too large");
  auto value = static_cast<std::int64_t>(wide);
  return amount_parse_result{true, negative ? -value : value, {}};
}

std::string format_amount(std::int64_t minor, int minor_units) {
  bool negative = minor < 0;
  // Work on the unsigned magnitude so INT64_MIN formats correctly.
  auto magnitude = negative ? 0 - static_cast<std::uint64_t>(minor)
                            : static_cast<std::uint64_t>(minor);
  auto digits = std::to_string(magnitude);
  if (minor_units > 0) {
    auto units = static_cast<std::size_t>(minor_units);
    if (digits.size() <= units)
      digits.insert(0, units + 1 - digits.size(), '0');
    digits.insert(digits.size() - units, 1, '.');
  }
  return negative ? "-" + digits : digits;
}

} // namespace purse
