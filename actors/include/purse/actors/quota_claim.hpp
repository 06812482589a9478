// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// What a write will add to a quota, checked by the scope's write batch in
// order, against the counts as they stand after every earlier write of the
// batch (write_batch.hpp).

#include <cstdint>
#include <string>

#include "purse/actors/api_result.hpp"

namespace purse {

/// A write's claim on one quota.
struct quota_claim {
  /// Quota name, e.g. "tags" or "file_storage_bytes".
  std::string name;
  /// How much the write adds (1 for a row, the size for a file).
  std::int64_t amount = 1;
  /// The plan's limit.
  std::int64_t limit = 0;
  /// Said after the scope's use when refused, e.g. "the file has 12 bytes"
  /// (empty: the use alone).
  std::string detail;
};

/// True when a scope that uses `used` cannot take the claim.
inline bool exceeds(const quota_claim& c, std::int64_t used) {
  return used + c.amount > c.limit;
}

/// The 422 of a refused claim: names the quota, the limit and the plan.
api_result quota_refusal(const std::string& plan, const quota_claim& c,
                         std::int64_t used);

} // namespace purse
