// SPDX-License-Identifier: GPL-2.0-or-later
// GET /me: who the caller is, their plan, and the teams they belong to.

#include "document.hpp"

namespace purse::resources {

namespace {

using persistence::session;
using persistence::team_row;
using persistence::user_row;

/// The caller and their teams with the role in each.
struct profile_data {
  user_row user;
  std::vector<std::pair<team_row, std::string>> teams;
};

api_result encode(const std::optional<profile_data>& found) {
  if (!found)
    return missing("user");
  auto& u = found->user;
  json_writer w;
  w.begin_object();
  w.key("id").value(u.id).key("email").value(u.email);
  w.key("name").value(u.name).key("plan").value(u.plan);
  w.key("default_currency").value(u.currency_code);
  w.key("timezone").value(u.timezone);
  w.key("created_at").time_or_null(u.created_at);
  w.key("teams").begin_array();
  for (auto& [team, role_name] : found->teams) {
    w.begin_object();
    w.key("id").value(team.id).key("name").value(team.name);
    w.key("role").value(role_name);
    w.end_object();
  }
  w.end_array().end_object();
  return make_result(errc::ok, w.str());
}

/// The caller's profile, read in one transaction.
prepared_call prepare(const api_call& call, const scope_view&) {
  if (auto bad = no_query(call))
    return answer(std::move(*bad));
  return read_document(
    [user_id = call.caller_id](session& s) -> std::optional<profile_data> {
      profile_data out;
      if (!s.find(user_id, out.user))
        return std::nullopt;
      out.teams = s.teams_of(user_id);
      return out;
    },
    encode);
}

} // namespace

const resource& profile_resource() {
  static const document_resource instance{
    "profile", route_shape::read_only(route_shape::mount::personal_root),
    prepare};
  return instance;
}

} // namespace purse::resources
