// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Plans and team roles: who may use the API and who may change what.

#include <optional>
#include <string>
#include <string_view>

namespace purse {

/// Team roles in ascending power. The owner of a personal scope is `owner`.
enum class role { viewer = 1, member = 2, admin = 3, owner = 4 };

/// Parses "owner", "admin", "member" or "viewer".
std::optional<role> parse_role(std::string_view text);

/// The role's name.
const char* to_string(role r);

/// True for "free", "solo" and "family".
bool is_plan(std::string_view plan);

/// True when the plan includes the public API (solo, family).
bool plan_has_api(std::string_view plan);

/// The `meta.message` of a 402, also shown by the developer settings page
/// to a user whose plan cannot have keys.
extern const char* const upgrade_message;

/// The `data` of a 402: which plans include the API and where to upgrade.
std::string upgrade_hint_json(std::string_view current_plan,
                              std::string_view upgrade_url);

} // namespace purse
