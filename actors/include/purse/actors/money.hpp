// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Exact money: decimal text <-> integer minor units. Nothing here ever goes
// through a double: 0.1 + 0.2 must be 0.30, not 0.30000000000000004.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "purse/actors/outcome.hpp"

namespace purse {

/// Amounts must stay below this many major units in magnitude: far above
/// any personal balance, and with room left below the int64 limit for sums
/// of amounts in 2-decimal currencies.
constexpr std::int64_t max_major_units = 1'000'000'000'000'000; // 1e15

/// Parses the exact source text of a JSON number ("19.99", "5", "1e3",
/// "1.50E+1", "-2.5", "0.10") into integer minor units of a currency with
/// `minor_units` decimals (0 to 18), without any floating point: the amount
/// in minor units (cents for USD).
/// Failures (unprocessable, the message a short user-facing sentence about
/// the value, for the caller to put under its field): more significant
/// decimals than `minor_units` ("must have at most 2 decimal places", or
/// "must be a whole number"; trailing zeros are fine, "5.000" for USD is
/// 500), a magnitude of `max_major_units` or more or beyond an int64 of
/// minor units, which 4-decimal currencies reach first ("is too large"), and
/// anything outside the JSON number grammar, including leading zeros and a
/// leading '+' ("must be a number"). Exponents may be negative: "1234e-2"
/// is 1234 for USD.
outcome<std::int64_t> parse_amount(std::string_view text, int minor_units);

/// Formats minor units as a JSON number text with exactly `minor_units`
/// decimals: (1999, 2) -> "19.99", (500, 2) -> "5.00", (1200, 0) -> "1200",
/// (-5, 2) -> "-0.05", (7, 3) -> "0.007". A negative `minor_units` counts
/// as 0.
std::string format_amount(std::int64_t minor, int minor_units);

/// Sums of many amounts (reports) can pass the int64 range: they are
/// computed in 128 bits.
__extension__ typedef __int128 wide_minor;

/// format_amount for a sum.
std::string format_wide_amount(wide_minor minor, int minor_units);

/// Parses an optionally signed decimal integer ("-1234"); nullopt for
/// anything else or a magnitude beyond 38 digits.
std::optional<wide_minor> parse_wide_integer(std::string_view text);

/// Decimal text of a sum ("-1234").
std::string wide_to_string(wide_minor value);

} // namespace purse
