// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Keyset cursors of the transaction list: where the next page starts
// (the last row's sort value and id), in which order, and how many rows a
// page has. Opaque to clients; stable under inserts and deletes, unlike
// page numbers.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "purse/persistence/rows.hpp"

namespace purse::resources {

struct transaction_cursor {
  /// transaction_at | -transaction_at | amount | -amount
  std::string sort;
  /// Seconds since 1970, or an exact decimal in major units (amounts).
  std::string value;
  std::string id;
  std::int64_t per_page = 0;
};

/// The cursor of the page after `last` (the last row of a page).
std::string encode_cursor(const persistence::transaction_row& last,
                          const std::string& sort, std::int64_t per_page);

/// The cursor in `text`, or nothing if it is not one this service made.
std::optional<transaction_cursor> decode_cursor(std::string_view text);

} // namespace purse::resources
