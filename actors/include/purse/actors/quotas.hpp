// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Per-plan quotas: each is declared by the resource it limits (its name,
// its default per plan, how its use is counted: resource::quotas()), and
// this table is built from those declarations; operators override the
// defaults ("solo.accounts=50"). The scope actors enforce them from their
// cached counts, so a check costs no query and cannot race the insert.

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace purse {

/// A quota's default limit on each plan.
struct plan_limits {
  std::int64_t free = 0;
  std::int64_t solo = 0;
  std::int64_t family = 0;
};

/// A plan quota as the resource it limits declares it.
struct quota_spec {
  /// How what is used of it is counted.
  enum class usage {
    /// Rows (or bytes) of the scope, from the resource's load_counts().
    scope_count,
    /// A limit per item (the largest file): nothing is used of it.
    per_item,
    /// Members of a team, owner included (1 in a personal scope).
    team_members,
  };

  std::string name;
  plan_limits defaults;
  usage counted = usage::scope_count;
};

/// Every quota the registered resources declare, in the registry's order
/// (resource_registry.cpp).
const std::vector<quota_spec>& all_quotas();

/// Limits by plan and quota name.
class quota_table {
public:
  /// The declared defaults (README, "Plans and quotas", shows them).
  static quota_table defaults();

  /// Every quota name, in display order.
  static const std::vector<std::string>& names();

  /// The declaration of a quota (nullptr if none has this name).
  static const quota_spec* find(std::string_view name);

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
