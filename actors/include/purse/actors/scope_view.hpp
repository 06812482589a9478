// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "purse/actors/quotas.hpp"

namespace purse {

/// What a resource sees of its scope when preparing work.
struct scope_view {
  const std::string& scope_id;
  /// The quota table (usage reports it).
  const quota_table& quotas;
  /// Cached counts of the scope ("transactions", "accounts", ...).
  const std::map<std::string, std::int64_t>& counts;
};

} // namespace purse
