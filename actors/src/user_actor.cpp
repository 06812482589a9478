#include "purse/actors/user_actor.hpp"

#include <caf/send.hpp>

#include "purse/actors/api_key.hpp"
#include "purse/actors/roles.hpp"
#include "purse/actors/timestamp.hpp"

namespace purse {

namespace {

/// last_used_at is advisory: write it at most once a minute per key so a
/// busy key does not turn every read into a write.
constexpr auto touch_interval = std::chrono::seconds(60);

constexpr const char* public_api_audience = "public-api";

/// The key rules in order; nullopt means the key may act.
std::optional<api_result> check_key(const persistence::auth_row& a,
                                    const std::string& presented_hash,
                                    std::int64_t now,
                                    const user_settings& settings) {
  if (!a.key_found || !constant_time_equal(a.secret_hash, presented_hash))
    return make_result(errc::unauthenticated, "null",
                       "The API key is invalid");
  if (a.revoked_at != 0)
    return make_result(errc::unauthenticated, "null",
                       "The API key has been revoked");
  if (a.expires_at <= now)
    return make_result(errc::unauthenticated, "null",
                       "The API key has expired; create a new one");
  if (a.audience != public_api_audience)
    return make_result(errc::forbidden, "null",
                       "This API key is not valid for the public API");
  if (!plan_has_api(a.user_plan))
    return make_result(errc::payment_required,
                       upgrade_hint_json(a.user_plan, settings.upgrade_url),
                       "The public API needs a Solo or Family plan; "
                       "upgrade to use it");
  return std::nullopt;
}

/// Team rules: membership (an unknown team looks the same), owner's plan.
std::optional<api_result> check_team(const persistence::auth_row& a,
                                     const user_settings& settings) {
  if (!a.team_found || a.team_role.empty())
    return make_result(errc::forbidden, "null",
                       "You have no access to this team");
  if (!plan_has_api(a.team_owner_plan))
    return make_result(errc::payment_required,
                       upgrade_hint_json(a.team_owner_plan,
                                         settings.upgrade_url),
                       "The team owner's plan has no API access; "
                       "Solo or Family is needed");
  return std::nullopt;
}

db_task touch_task(std::string key_id, std::int64_t now) {
  return db_task{[key_id, now](persistence::store& store) {
    store.write(
      [&](persistence::session& s) { s.touch_key(key_id, now); });
    return db_outcome{};
  }};
}

} // namespace

user_actor::behavior_type user(user_actor::stateful_pointer<user_state> self,
                               std::string user_id,
                               std::shared_ptr<db_pool> pool,
                               user_settings settings) {
  self->state.user_id = std::move(user_id);
  self->state.pool = std::move(pool);
  self->state.settings = std::move(settings);
  return {
    [self](call_atom, const persistence::auth_row& a,
           const std::string& presented_hash, api_call& call,
           const scope_actor& target) -> caf::result<api_result> {
      auto& st = self->state;
      auto now = now_seconds();
      if (auto denied = check_key(a, presented_hash, now, st.settings))
        return std::move(*denied);
      if (!call.team.empty())
        if (auto denied = check_team(a, st.settings))
          return std::move(*denied);
      if (!target)
        return make_result(errc::internal);
      auto clock_now = self->clock().now();
      auto last = st.touched.find(a.key_id);
      if (last == st.touched.end() || last->second + touch_interval <= clock_now) {
        st.touched[a.key_id] = clock_now;
        // Fire and forget: the reply is not needed.
        caf::anon_send(st.pool->next(), run_atom_v, touch_task(a.key_id, now));
      }
      call.caller_id = a.user_id;
      call.role = call.team.empty() ? "owner" : a.team_role;
      call.scope_id = call.team.empty() ? a.user_id : call.team;
      return self->delegate(target, call_atom_v, std::move(call));
    },
  };
}

} // namespace purse
