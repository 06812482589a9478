// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

#include <optional>
#include <vector>

#include "db_task.hpp"
#include "purse/actors/api_result.hpp"
#include "purse/actors/quota_claim.hpp"

namespace purse {

/// The result of preparing a call: an immediate answer (validation failed)
/// or a database task, flagged as a write when it changes the scope.
struct prepared_call {
  std::optional<api_result> immediate;
  db_task task;
  bool writes = false;
  /// What a write adds to quotas beyond the row its resource's quota()
  /// counts (e.g. a file's bytes); checked in order when the write runs.
  std::vector<quota_claim> claims;
};

} // namespace purse
