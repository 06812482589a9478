#pragma once

// The service's currency list: active ISO 4217 currencies.

#include <string_view>
#include <vector>

namespace purse {

/// One ISO 4217 currency.
struct currency {
  std::string_view code;
  std::string_view name;
  std::string_view symbol;
  int minor_units;
};

/// Looks up an active code; exact and upper case only ("usd" -> nullptr).
const currency* find_currency(std::string_view code);

/// Every supported currency, sorted by code.
const std::vector<currency>& all_currencies();

} // namespace purse
