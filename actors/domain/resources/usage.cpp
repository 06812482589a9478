// SPDX-License-Identifier: GPL-2.0-or-later
// GET .../usage: each plan quota of the scope with what is used, and the
// calling key's rate-limit buckets and expiry.

#include "document.hpp"

namespace purse::resources {

namespace {

using persistence::session;
using persistence::store;

/// What the usage document shows.
struct usage_data {
  std::string plan;
  std::string team; ///< empty: the personal scope
  std::string scope_id;
  std::string key_json;
  std::map<std::string, std::int64_t> used;
  std::map<std::string, std::int64_t> limits;
};

std::string encode(const usage_data& u) {
  json_writer w;
  w.begin_object();
  w.key("plan").value(u.plan);
  w.key("scope").begin_object();
  w.key("type").value(u.team.empty() ? "user" : "team");
  w.key("id").value(u.scope_id).end_object();
  w.key("quotas").begin_object();
  for (auto& q : all_quotas()) {
    w.key(q.name).begin_object();
    // A limit per item (the largest file): nothing is "used" of it.
    if (q.counted != quota_spec::usage::per_item)
      w.key("used").value(u.used.at(q.name));
    w.key("limit").value(u.limits.at(q.name));
    w.end_object();
  }
  w.end_object();
  w.key("key").raw_json(u.key_json.empty() ? "null" : u.key_json);
  w.end_object();
  return w.str();
}

/// The scope's quotas and the calling key.
prepared_call prepare(const api_call& call, const scope_view& scope) {
  if (auto bad = no_query(call))
    return answer(std::move(*bad));
  usage_data data{call.plan, call.team, scope.scope_id, call.key_json, {}, {}};
  // Counts come from the scope's cache; members are counted here because
  // memberships change through the operator CLI, not through this scope.
  std::vector<std::string> members;
  for (auto& q : all_quotas()) {
    data.used[q.name] = q.counted == quota_spec::usage::team_members
                          ? 1
                          : cached_count(scope, q.name);
    data.limits[q.name] = scope.quotas.limit(call.plan, q.name);
    if (q.counted == quota_spec::usage::team_members)
      members.push_back(q.name);
  }
  return read_task([data, members](store& st) mutable {
    if (!data.team.empty() && !members.empty())
      st.read([&](session& s) {
        auto n = s.count_members(data.team);
        for (auto& name : members)
          data.used[name] = n;
      });
    return db_outcome{make_result(errc::ok, encode(data)), {}};
  });
}

} // namespace

const resource& usage_resource() {
  static const document_resource instance{
    "usage", route_shape::read_only(route_shape::mount::document), prepare};
  return instance;
}

} // namespace purse::resources
