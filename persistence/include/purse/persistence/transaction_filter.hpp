// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// What a transaction list asks for. Compiled as C++14 and as C++17.

#include <cstdint>
#include <string>

namespace purse {
namespace persistence {

/// Filters of the transaction list; a `has_` flag says whether a bound is set.
struct transaction_filter {
  std::string scope_id;
  bool has_from = false;
  std::int64_t from = 0;
  bool has_to = false;
  std::int64_t to = 0;
  std::string account_id;
  std::string category_id;
  std::string tag_id;
  /// The user who created the transactions (schema v11).
  std::string created_by;
  /// The client's own id of the transactions (schema v12).
  std::string external_id;
  std::string flow_type;
  /// Exact decimal texts in major units ("12.50"); empty: no bound.
  std::string min_amount;
  std::string max_amount;
  std::string currency_code;
  std::string text; // substring of the description, case-insensitive
  bool include_voided = false;
  bool has_updated_since = false;
  std::int64_t updated_since = 0;
  /// transaction_at | -transaction_at | amount | -amount
  std::string sort = "-transaction_at";
  /// Keyset pagination: only rows after, in `sort` order, the row whose
  /// sort value is `after_value` (seconds since 1970 for the time sorts,
  /// an exact decimal in major units for the amount sorts) and whose id
  /// is `after_id`. Not a filter: counts ignore it.
  bool has_after = false;
  std::string after_value;
  std::string after_id;

  /// True when no filter narrows the scope (the cached count applies).
  bool unfiltered() const;
};

} // namespace persistence
} // namespace purse
