// GET .../usage: each plan quota of the scope with what is used, and the
// calling key's rate-limit buckets and expiry.

#include "common.hpp"

namespace purse::resources {

namespace {

using persistence::session;
using persistence::store;

class usage final : public resource {
public:
  std::string_view name() const override {
    return "usage";
  }

  route_shape shape() const override {
    return route_shape::read_only(route_shape::mount::document);
  }

  role min_role(const api_call&) const override {
    return role::viewer;
  }

  bool takes_query(const api_call&) const override {
    return true; // rejects unknown parameters itself
  }

  void load_counts(session&, const std::string&,
                   std::map<std::string, std::int64_t>&) const override {
    // nop: usage reports the other resources' counts
  }

  prepared_call prepare(const api_call& call,
                        const scope_view& scope) const override {
    query_reader q{call.query};
    q.reject_unknown();
    if (!q.errors().empty())
      return answer(invalid(q.errors()));
    // Counts come from the scope's cache; members are counted here because
    // memberships change through the operator CLI, not through this scope.
    std::map<std::string, std::int64_t> used;
    for (auto& name : quota_table::names()) {
      auto it = scope.counts.find(name);
      used[name] = it == scope.counts.end() ? 0 : it->second;
    }
    std::map<std::string, std::int64_t> limits;
    for (auto& name : quota_table::names())
      limits[name] = scope.quotas.limit(call.plan, name);
    return read_task([used, limits, team = call.team, plan = call.plan,
                      scope_id = scope.scope_id,
                      key = call.key_json](store& st) mutable {
      if (!team.empty())
        st.read([&](session& s) {
          used["team_members"] = s.count_members(team);
        });
      else
        used["team_members"] = 1;
      json_writer w;
      w.begin_object();
      w.key("plan").value(plan);
      w.key("scope").begin_object();
      w.key("type").value(team.empty() ? "user" : "team");
      w.key("id").value(scope_id).end_object();
      w.key("quotas").begin_object();
      for (auto& name : quota_table::names()) {
        w.key(name).begin_object();
        // The file size limit is per file: nothing is "used" of it.
        if (name != "max_file_bytes")
          w.key("used").value(used[name]);
        w.key("limit").value(limits[name]);
        w.end_object();
      }
      w.end_object();
      w.key("key").raw_json(key.empty() ? "null" : key);
      w.end_object();
      return db_outcome{make_result(errc::ok, w.str()), {}};
    });
  }
};

} // namespace

const resource& usage_resource() {
  static const usage instance;
  return instance;
}

} // namespace purse::resources
