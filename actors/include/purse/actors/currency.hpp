// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The service's currency list: the active ISO 4217 currencies that people
// hold money in (see currency.cpp for what is left out and why).

#include <string_view>
#include <vector>

namespace purse {

/// One ISO 4217 currency.
struct currency {
  /// The three-letter upper-case code, e.g. "EUR".
  std::string_view code;
  /// The ISO 4217 English name, e.g. "Euro".
  std::string_view name;
  /// The common local symbol (UTF-8), e.g. "€"; not unique across codes.
  std::string_view symbol;
  /// Decimal places of the minor unit: 2 for USD, 0 for JPY, 3 for BHD.
  int minor_units;
};

/// Looks up an active ISO 4217 code; exact, upper case only ("usd" ->
/// nullptr). The pointer stays valid for the life of the program.
const currency* find_currency(std::string_view code);

/// Every active ISO 4217 currency, sorted by code.
const std::vector<currency>& all_currencies();

} // namespace purse
