// SPDX-License-Identifier: GPL-2.0-or-later
#include "call_rules.hpp"

#include "purse/actors/field_errors.hpp"
#include "purse/actors/roles.hpp"

namespace purse {

std::optional<api_result> check_call(const resource& res,
                                     const api_call& call) {
  auto caller_role = parse_role(call.role).value_or(role::viewer);
  auto needed = res.min_role(call);
  if (caller_role < needed)
    return make_result(
      errc::forbidden, "null",
      std::string{"your role in this team ("} + to_string(caller_role)
        + ") does not allow this; it needs " + to_string(needed));
  if (!call.query.empty() && !res.takes_query(call)) {
    field_errors errors;
    for (auto& [name, value] : call.query)
      errors.add(name, "is not a known query parameter");
    return make_result(errc::unprocessable, errors.to_json());
  }
  return std::nullopt;
}

} // namespace purse
