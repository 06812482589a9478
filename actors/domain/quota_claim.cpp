// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/quota_claim.hpp"

#include "purse/actors/field_errors.hpp"

namespace purse {

api_result quota_refusal(const std::string& plan, const quota_claim& c,
                         std::int64_t used) {
  auto text = "the " + plan + " plan allows " + std::to_string(c.limit) + " "
              + c.name + " in a scope; this scope ";
  if (c.detail.empty())
    text += "has " + std::to_string(used);
  else
    text += "uses " + std::to_string(used) + " and " + c.detail;
  field_errors errors;
  errors.add(c.name, text);
  return make_result(errc::quota_exceeded, errors.to_json(),
                     "Quota exceeded: " + text);
}

} // namespace purse
