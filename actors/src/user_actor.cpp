#include "purse/actors/user_actor.hpp"

#include <caf/send.hpp>

#include "purse/actors/api_key.hpp"
#include "purse/actors/json.hpp"
#include "purse/actors/roles.hpp"
#include "purse/actors/timestamp.hpp"

namespace purse {

namespace {

/// last_used_at is advisory: write it at most once a minute per key so a
/// busy key does not turn every read into a write.
constexpr auto touch_interval = std::chrono::seconds(60);

constexpr const char* public_api_audience = "public-api";

/// The key rules in order; nullopt means the key may act.
std::optional<api_result>
check_key(const persistence::auth_row& a, const std::string& presented_hash,
          std::int64_t now, const user_settings& settings) {
  if (!a.key_found || !constant_time_equal(a.secret_hash, presented_hash))
    return make_result(errc::unauthenticated, "null", "The API key is invalid");
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

constexpr auto rate_period = std::chrono::seconds(60);

/// The headers that tell a client where it stands in the bucket it used.
void add_rate_headers(api_result& r, const user_settings& settings, bool read,
                      const rate_window::state& s) {
  auto name = read ? "read" : "write";
  r.headers.emplace_back("RateLimit-Policy",
                         "\"read\";q=" + std::to_string(settings.read_limit)
                           + ";w=60, \"write\";q="
                           + std::to_string(settings.write_limit) + ";w=60");
  r.headers.emplace_back("RateLimit", std::string{"\""} + name + "\";r="
                                        + std::to_string(s.remaining) + ";t="
                                        + std::to_string(s.reset_seconds));
  r.headers.emplace_back("RateLimit-Limit", std::to_string(s.limit));
  r.headers.emplace_back("RateLimit-Remaining", std::to_string(s.remaining));
  r.headers.emplace_back("RateLimit-Reset", std::to_string(s.reset_seconds));
}

/// The calling key's state for usage reports.
std::string key_json(const persistence::auth_row& a, key_buckets& buckets,
                     caf::actor_clock::time_point now) {
  json_writer w;
  w.begin_object();
  w.key("id").value(a.key_id);
  w.key("expires_at").time_or_null(a.expires_at);
  w.key("rate_limits").begin_object();
  for (auto [name, bucket] :
       {std::pair{"read", &buckets.read}, std::pair{"write", &buckets.write}}) {
    auto s = bucket->peek(now);
    w.key(name).begin_object();
    w.key("limit").value(s.limit).key("remaining").value(s.remaining);
    w.key("reset").value(s.reset_seconds);
    w.end_object();
  }
  w.end_object().end_object();
  return w.str();
}

db_task touch_task(std::string key_id, std::int64_t now) {
  return db_task{[key_id, now](persistence::store& store) {
    store.write([&](persistence::session& s) {
      s.touch_key(key_id, now);
    });
    return db_outcome{};
  }};
}

} // namespace

user_actor::behavior_type
user(user_actor::stateful_pointer<user_state> self, std::string user_id,
     std::shared_ptr<db_pool> pool, user_settings settings) {
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
      // Past the key checks every answer carries the bucket's state; a
      // refusal (429) does not use the bucket up.
      auto clock_now = self->clock().now();
      auto it
        = st.buckets
            .try_emplace(a.key_id,
                         key_buckets{{st.settings.read_limit, rate_period},
                                     {st.settings.write_limit, rate_period}})
            .first;
      auto& bucket = call.is_read ? it->second.read : it->second.write;
      auto state = bucket.admit(clock_now);
      auto with_headers = [settings = st.settings, is_read = call.is_read,
                           state](api_result r) {
        add_rate_headers(r, settings, is_read, state);
        return r;
      };
      if (!state.admitted) {
        auto r = make_result(errc::too_many_requests, "null",
                             std::string{"Rate limit exceeded for "}
                               + (call.is_read ? "reads" : "writes")
                               + " with this key; retry in "
                               + std::to_string(state.reset_seconds) + " s");
        r.headers.emplace_back("Retry-After",
                               std::to_string(state.reset_seconds));
        return with_headers(std::move(r));
      }
      if (!call.team.empty())
        if (auto denied = check_team(a, st.settings))
          return with_headers(std::move(*denied));
      if (!target)
        return with_headers(make_result(errc::internal));
      auto last = st.touched.find(a.key_id);
      if (last == st.touched.end()
          || last->second + touch_interval <= clock_now) {
        st.touched[a.key_id] = clock_now;
        // Fire and forget: the reply is not needed.
        caf::anon_send(st.pool->next(), run_atom_v, touch_task(a.key_id, now));
      }
      call.key_id = a.key_id;
      call.caller_id = a.user_id;
      call.role = call.team.empty() ? "owner" : a.team_role;
      call.scope_id = call.team.empty() ? a.user_id : call.team;
      call.plan = call.team.empty() ? a.user_plan : a.team_owner_plan;
      if (call.resource == "usage")
        call.key_json = key_json(a, it->second, clock_now);
      auto rp = self->make_response_promise<api_result>();
      self->request(target, caf::infinite, call_atom_v, std::move(call))
        .then(
          [rp, with_headers](api_result& r) mutable {
            rp.deliver(with_headers(std::move(r)));
          },
          [rp](caf::error& err) mutable {
            rp.deliver(result_from_error(err));
          });
      return rp;
    },
  };
}

} // namespace purse
