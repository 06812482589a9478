// GET /me: who the caller is, their plan, and the teams they belong to.

#include "common.hpp"

namespace purse::resources {

namespace {

using persistence::session;
using persistence::store;
using persistence::user_row;

class profile final : public resource {
public:
  std::string_view name() const override {
    return "profile";
  }

  route_shape shape() const override {
    return route_shape::read_only(route_shape::mount::personal_root);
  }

  role min_role(const api_call&) const override {
    return role::viewer;
  }

  bool takes_query(const api_call&) const override {
    return true; // rejects unknown parameters itself
  }

  void load_counts(session&, const std::string&,
                   std::map<std::string, std::int64_t>&) const override {
    // nop: nothing to count
  }

  prepared_call prepare(const api_call& call,
                        const scope_view&) const override {
    query_reader q{call.query};
    q.reject_unknown();
    if (!q.errors().empty())
      return answer(invalid(q.errors()));
    return read_task([user_id = call.caller_id](store& st) {
      user_row u;
      std::vector<std::pair<persistence::team_row, std::string>> teams;
      bool found = false;
      st.read([&](session& s) {
        found = s.find(user_id, u);
        if (found)
          teams = s.teams_of(user_id);
      });
      if (!found)
        return db_outcome{missing("user"), {}};
      json_writer w;
      w.begin_object();
      w.key("id").value(u.id).key("email").value(u.email);
      w.key("name").value(u.name).key("plan").value(u.plan);
      w.key("default_currency").value(u.currency_code);
      w.key("timezone").value(u.timezone);
      w.key("created_at").time_or_null(u.created_at);
      w.key("teams").begin_array();
      for (auto& [team, role_name] : teams) {
        w.begin_object();
        w.key("id").value(team.id).key("name").value(team.name);
        w.key("role").value(role_name);
        w.end_object();
      }
      w.end_array().end_object();
      return db_outcome{make_result(errc::ok, w.str()), {}};
    });
  }
};

} // namespace

const resource& profile_resource() {
  static const profile instance;
  return instance;
}

} // namespace purse::resources
