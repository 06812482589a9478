// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/roles.hpp"

#include "purse/actors/json.hpp"

namespace purse {

std::optional<role> parse_role(std::string_view text) {
  if (text == "owner")
    return role::owner;
  if (text == "admin")
    return role::admin;
  if (text == "member")
    return role::member;
  if (text == "viewer")
    return role::viewer;
  return std::nullopt;
}

const char* to_string(role r) {
  switch (r) {
    case role::owner:
      return "owner";
    case role::admin:
      return "admin";
    case role::member:
      return "member";
    default:
      return "viewer";
  }
}

bool is_plan(std::string_view plan) {
  return plan == "free" || plan == "solo" || plan == "family";
}

const char* const upgrade_message
  = "The public API needs a Solo or Family plan; upgrade to use it";

bool plan_has_api(std::string_view plan) {
  return plan == "solo" || plan == "family";
}

std::string upgrade_hint_json(std::string_view current_plan,
                              std::string_view upgrade_url) {
  json_writer w;
  w.begin_object();
  w.key("current_plan").value(current_plan);
  w.key("plans_with_api_access").begin_array().value("solo").value("family");
  w.end_array();
  w.key("upgrade_url").value(upgrade_url);
  w.end_object();
  return w.str();
}

} // namespace purse
