// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Per-plan quotas: one table, with documented defaults that operators can
// override ("solo.accounts=50"). The scope actors enforce them from their
// cached counts, so a check costs no query and cannot race the insert.

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace purse {

/// Limits by plan and quota name.
class quota_table {
public:
  /// The documented defaults (README, "Plans and quotas").
  static quota_table defaults();

  /// Every quota name, in display order.
  static const std::vector<std::string>& names();

  /// The limit of a quota on a plan (0 for an unknown plan or quota).
  std::int64_t limit(std::string_view plan, std::string_view quota) const;

  /// Applies "plan.quota=N[,plan.quota=N...]"; false (and a message) for
  /// anything malformed, an unknown plan or quota, or a negative number.
  bool apply(std::string_view spec, std::string& error);

private:
  std::map<std::string, std::map<std::string, std::int64_t, std::less<>>,
           std::less<>>
    limits_;
};

} // namespace purse
