// SPDX-License-Identifier: GPL-2.0-or-later
// GET /teams/{team}: the team itself for its members: its name, owner and
// plan (the owner's), the caller's role, and every member with their role.
// The team scope's counterpart of GET /me.

#include "document.hpp"

namespace purse::resources {

namespace {

using persistence::session;
using persistence::team_member_row;
using persistence::team_row;
using persistence::user_row;

struct team_data {
  team_row team;
  std::string owner_plan;
  std::vector<std::pair<user_row, team_member_row>> members;
};

api_result encode(const std::optional<team_data>& found,
                  const std::string& caller_role) {
  if (!found)
    return missing("team");
  auto& t = found->team;
  json_writer w;
  w.begin_object();
  w.key("id").value(t.id).key("name").value(t.name);
  w.key("owner_id").value(t.owner_id);
  w.key("plan").value(found->owner_plan);
  w.key("your_role").value(caller_role);
  w.key("created_at").time_or_null(t.created_at);
  w.key("members").begin_array();
  for (auto& [user, membership] : found->members) {
    w.begin_object();
    w.key("user_id").value(user.id).key("name").value(user.name);
    w.key("role").value(membership.role);
    w.key("joined_at").time_or_null(membership.created_at);
    w.end_object();
  }
  w.end_array().end_object();
  return make_result(errc::ok, w.str());
}

/// The team of the scope; every role may read it.
prepared_call prepare(const api_call& call, const scope_view& scope) {
  if (auto bad = no_query(call))
    return answer(std::move(*bad));
  return read_document(
    [team_id = scope.scope_id](session& s) -> std::optional<team_data> {
      team_data out;
      if (!s.find(team_id, out.team))
        return std::nullopt;
      user_row owner;
      if (s.find(out.team.owner_id, owner))
        out.owner_plan = owner.plan;
      out.members = s.members_of(team_id);
      return out;
    },
    [role = call.role](const std::optional<team_data>& found) {
      return encode(found, role);
    });
}

} // namespace

const resource& team_resource() {
  // Members are added by the operator (purse-admin team add-member), which
  // checks this quota of the owner's plan.
  static const document_resource instance{
    "team",
    route_shape::read_only(route_shape::mount::team_root),
    prepare,
    false,
    {{"team_members", {1, 2, 6}, quota_spec::usage::team_members}}};
  return instance;
}

} // namespace purse::resources
