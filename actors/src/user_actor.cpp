#include "purse/actors/user.hpp"

#include <caf/send.hpp>

#include "purse/actors/json.hpp"
#include "purse/actors/key_rules.hpp"
#include "purse/actors/timestamp.hpp"

namespace purse {

namespace {

/// last_used_at is advisory: write it at most once a minute per key so a
/// busy key does not turn every read into a write.
constexpr auto touch_interval = std::chrono::seconds(60);

using self_ptr = user_actor::stateful_pointer<user_state>;

/// The bucket state as reported with every answer past the key checks.
rate_limit_state rate_of(const user_settings& settings, bool read,
                         const rate_window::state& s) {
  rate_limit_state out;
  out.present = true;
  out.read = read;
  out.limit = s.limit;
  out.remaining = s.remaining;
  out.reset_seconds = s.reset_seconds;
  out.read_quota = settings.read_limit;
  out.write_quota = settings.write_limit;
  out.window_seconds = rate_window_length.count();
  return out;
}

/// The calling key's state for usage reports.
std::string key_json(const key_state& k, key_buckets& buckets,
                     caf::actor_clock::time_point now) {
  json_writer w;
  w.begin_object();
  w.key("id").value(k.key_id);
  w.key("expires_at").time_or_null(k.expires_at);
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

admission refuse(api_result r) {
  admission out;
  out.refusal = std::move(r);
  return out;
}

/// Writes last_used_at if this key's last write is a minute old.
void touch(self_ptr self, const std::string& key_id,
           caf::actor_clock::time_point now) {
  auto& st = self->state;
  auto last = st.touched.find(key_id);
  if (last != st.touched.end() && now < last->second + touch_interval)
    return;
  st.touched[key_id] = now;
  // Fire and forget: the reply is not needed.
  caf::anon_send(st.pool->next(), run_atom_v,
                 touch_task(key_id, now_seconds()));
}

} // namespace

user_actor::behavior_type
user(user_actor::stateful_pointer<user_state> self, std::string user_id,
     std::shared_ptr<db_pool> pool, user_settings settings) {
  self->state.user_id = std::move(user_id);
  self->state.pool = std::move(pool);
  self->state.settings = std::move(settings);
  return {
    [self](call_atom, const key_state& k, api_call& call) -> admission {
      auto& st = self->state;
      if (auto denied = check_access(k, st.settings.upgrade_url))
        return refuse(std::move(*denied));
      // Past the key checks every answer carries the bucket's state; a
      // refusal (429) does not use the bucket up.
      auto now = self->clock().now();
      auto it = st.buckets
                  .try_emplace(
                    k.key_id,
                    key_buckets{{st.settings.read_limit, rate_window_length},
                                {st.settings.write_limit, rate_window_length}})
                  .first;
      auto& bucket = call.is_read ? it->second.read : it->second.write;
      auto state = bucket.admit(now);
      auto rate = rate_of(st.settings, call.is_read, state);
      if (!state.admitted) {
        auto r = make_result(errc::too_many_requests, "null",
                             std::string{"Rate limit exceeded for "}
                               + (call.is_read ? "reads" : "writes")
                               + " with this key; retry in "
                               + std::to_string(state.reset_seconds) + " s");
        r.retry_after = state.reset_seconds;
        r.rate = rate;
        return refuse(std::move(r));
      }
      if (!call.team.empty())
        if (auto denied = check_team(k, st.settings.upgrade_url)) {
          denied->rate = rate;
          return refuse(std::move(*denied));
        }
      touch(self, k.key_id, now);
      call.key_id = k.key_id;
      call.caller_id = k.user_id;
      call.role = call.team.empty() ? "owner" : k.team_role;
      call.scope_id = call.team.empty() ? k.user_id : call.team;
      call.plan = call.team.empty() ? k.user_plan : k.team_owner_plan;
      call.rate = rate;
      if (call.resource == "usage")
        call.key_json = key_json(k, it->second, now);
      admission out;
      out.admitted = true;
      out.call = std::move(call);
      return out;
    },
    [self](stop_atom) {
      self->quit();
    },
  };
}

} // namespace purse
