#pragma once

// Exact money: decimal text <-> integer minor units, never a double.

#include <cstdint>
#include <string>
#include <string_view>

namespace purse {

/// Result of parsing a decimal amount exactly.
struct amount_parse_result {
  bool ok = false;
  std::int64_t minor = 0;
  std::string error;
};

/// Largest magnitude accepted, in major units (exclusive).
constexpr std::int64_t max_major_units = 1'000'000'000'000'000; // 1e15

/// Parses the source text of a JSON number ("19.99", "1e3", "-2.5") into
/// minor units of a currency with `minor_units` decimals, exactly.
amount_parse_result parse_amount(std::string_view text, int minor_units);

/// Formats minor units with exactly `minor_units` decimals ("19.99").
std::string format_amount(std::int64_t minor, int minor_units);

} // namespace purse
