// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/key_rules.hpp"

#include "purse/actors/api_key.hpp"
#include "purse/actors/roles.hpp"

namespace purse {

namespace {

constexpr const char* public_api_audience = "public-api";

/// The values of a 402's meta.plan_required_of (a contract: README, the
/// OpenAPI document).
constexpr const char* plan_required_of_caller = "caller";
constexpr const char* plan_required_of_team_owner = "team_owner";

} // namespace

std::optional<api_result> check_credentials(const key_state& k,
                                            const std::string& presented_hash,
                                            std::int64_t now) {
  if (!k.key_found || !constant_time_equal(k.secret_hash, presented_hash))
    return make_result(errc::unauthenticated, "null", "The API key is invalid");
  if (k.revoked_at != 0)
    return make_result(errc::unauthenticated, "null",
                       "The API key has been revoked");
  if (k.expires_at <= now)
    return make_result(errc::unauthenticated, "null",
                       "The API key has expired; create a new one");
  return std::nullopt;
}

std::optional<api_result> check_access(const key_state& k,
                                       const std::string& upgrade_url,
                                       bool team_path) {
  if (k.audience != public_api_audience)
    return make_result(errc::forbidden, "null",
                       "This API key is not valid for the public API");
  if (!plan_has_api(k.user_plan)) {
    auto r = make_result(
      errc::payment_required, upgrade_hint_json(k.user_plan, upgrade_url),
      team_path ? "Your own plan has no API access, also on a team's paths "
                  "(the team's plan does not lend it); the public API needs "
                  "a Solo or Family plan; upgrade to use it"
                : upgrade_message);
    r.plan_required_of = plan_required_of_caller;
    return r;
  }
  return std::nullopt;
}

std::optional<api_result> check_team(const key_state& k,
                                     const std::string& upgrade_url) {
  if (!k.team_found || k.team_role.empty())
    return make_result(errc::forbidden, "null",
                       "You have no access to this team");
  if (!plan_has_api(k.team_owner_plan)) {
    auto r = make_result(errc::payment_required,
                         upgrade_hint_json(k.team_owner_plan, upgrade_url),
                         "The team owner's plan has no API access (your own "
                         "plan is not the cause); the team's paths need the "
                         "owner on Solo or Family");
    r.plan_required_of = plan_required_of_team_owner;
    return r;
  }
  return std::nullopt;
}

} // namespace purse
