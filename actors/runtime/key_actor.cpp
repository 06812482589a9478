// SPDX-License-Identifier: GPL-2.0-or-later
#include "key.hpp"

#include <caf/send.hpp>

#include "admitted_here.hpp"
#include "purse/actors/json.hpp"
#include "purse/actors/key_rules.hpp"
#include "purse/actors/timestamp.hpp"

namespace purse {

namespace {

/// last_used_at is advisory: write it at most once a minute per key so a
/// busy key does not turn every read into a write.
constexpr auto touch_interval = std::chrono::seconds(60);

/// How long a node that just joined waits for a key's windows from the
/// node that served the key before (its link may take up to 2 s to come
/// up).
constexpr auto handover_timeout = std::chrono::seconds(3);

/// Teams one key keeps authentication state for; past it the cache
/// restarts (a key is used on a few teams; this bounds what random team
/// ids can make it hold).
constexpr std::size_t max_cached_teams = 64;

using self_ptr = key_actor::stateful_pointer<key_actor_state>;
using promise = caf::typed_response_promise<api_result>;

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
std::string key_json(self_ptr self, const key_state& k,
                     caf::actor_clock::time_point now) {
  auto& st = self->state;
  json_writer w;
  w.begin_object();
  w.key("id").value(k.key_id);
  w.key("expires_at").time_or_null(k.expires_at);
  w.key("rate_limits").begin_object();
  for (auto [name, bucket] : {std::pair{"read", &st.read_bucket},
                              std::pair{"write", &st.write_bucket}}) {
    auto s = bucket->peek(now);
    w.key(name).begin_object();
    w.key("limit").value(s.limit).key("remaining").value(s.remaining);
    w.key("reset").value(s.reset_seconds);
    w.end_object();
  }
  w.end_object().end_object();
  return w.str();
}

db_task touch_task(std::string key_id, std::int64_t now, std::string address) {
  return db_task{[key_id, now, address](persistence::store& store) {
    // One statement: no transaction around it.
    store.query([&](persistence::session& s) {
      s.touch_key(key_id, now, address);
    });
    return db_outcome{};
  }};
}

/// Writes last_used_at (and the client's address) if this key's last
/// write is a minute old.
void touch(self_ptr self, const std::string& key_id, const std::string& address,
           caf::actor_clock::time_point now) {
  auto& st = self->state;
  if (st.touched && now < st.touched_at + touch_interval)
    return;
  st.touched = true;
  st.touched_at = now;
  // Fire and forget: the reply is not needed.
  caf::anon_send(st.path->pool->next(), run_atom_v,
                 touch_task(key_id, now_seconds(), address));
}

/// Sends an admitted call on: to the node that serves its scope, or here
/// (serve_admitted_here). The answer goes from there to the caller.
void route(self_ptr self, api_call call, promise rp) {
  auto& path = *self->state.path;
  // The node that serves a scope keeps its counts, order and reports.
  auto owner = path.where->route_of_scope(call.scope_id);
  if (!owner.here) {
    auto refused = hand_to_owner(
      *path.where, owner, call, owned_by::scope, [&](const owner_actor& to) {
        // Over the member's call wire while one is up (the answer goes
        // from there to the asker); over the middleman otherwise.
        caf::response_promise& asked = rp;
        if (owner.door && asked.stages().empty()
            && owner.door->send_admitted(asked.source(), asked.id(), call)
                 == owner_door::sent::wire) {
          path.where->forwarded.by_wire.fetch_add(1, std::memory_order_relaxed);
          return;
        }
        rp.delegate(to, call_atom_v, std::move(call));
      });
    if (refused) {
      refused->rate = call.rate;
      rp.deliver(std::move(*refused));
    }
    return;
  }
  promised_answer<promise> answer{rp};
  serve_admitted_here(path, std::move(call), answer);
}

/// Checks the key, its bucket and the team, then routes the call.
void serve(self_ptr self, const key_state& k, const std::string& hash,
           api_call call, promise rp) {
  auto& st = self->state;
  auto& path = *st.path;
  auto now = path.clock.now();
  if (auto denied = check_credentials(k, hash, now_seconds())) {
    rp.deliver(path.failed(st.lookup_id, call, std::move(*denied)));
    // A lookup id without a key gets no actor kept for it.
    if (!k.key_found)
      path.keys.retire(st.lookup_id, self->address());
    return;
  }
  if (auto denied = check_access(k, path.settings.upgrade_url,
                                 !call.team.empty())) {
    rp.deliver(std::move(*denied));
    return;
  }
  // Past the key checks every answer carries the bucket's state; a refusal
  // (429) does not use the bucket up. A further page of a streamed read
  // (set by the front end, never by a client) takes no token: the stream
  // took its one when it began.
  auto& bucket = call.is_read ? st.read_bucket : st.write_bucket;
  bool continues = call.is_read && !call.continuation.empty();
  auto state = continues ? bucket.peek(now) : bucket.admit(now);
  if (continues)
    state.admitted = true;
  auto rate = rate_of(path.settings, call.is_read, state);
  if (!state.admitted) {
    (call.is_read ? path.refusals.refused_reads : path.refusals.refused_writes)
      .fetch_add(1, std::memory_order_relaxed);
    auto r = make_result(errc::too_many_requests, "null",
                         std::string{"Rate limit exceeded for "}
                           + (call.is_read ? "reads" : "writes")
                           + " with this key; retry in "
                           + std::to_string(state.reset_seconds) + " s");
    r.retry_after = state.reset_seconds;
    r.rate = rate;
    rp.deliver(std::move(r));
    return;
  }
  if (!call.team.empty())
    if (auto denied = check_team(k, path.settings.upgrade_url)) {
      denied->rate = rate;
      rp.deliver(std::move(*denied));
      return;
    }
  touch(self, k.key_id, call.client_address, now);
  call.key_id = k.key_id;
  call.caller_id = k.user_id;
  call.caller_timezone = k.user_timezone;
  call.role = call.team.empty() ? "owner" : k.team_role;
  call.scope_id = call.team.empty() ? k.user_id : call.team;
  call.plan = call.team.empty() ? k.user_plan : k.team_owner_plan;
  call.rate = rate;
  if (call.resource == "usage")
    call.key_json = key_json(self, k, now);
  route(self, std::move(call), std::move(rp));
}

/// The cached state for a path kind, if it can be trusted.
const key_state* cached(self_ptr self, const std::string& team) {
  auto& st = self->state;
  auto i = st.cached.find(team);
  if (i == st.cached.end())
    return nullptr;
  if (!st.path->freshness.trusts(i->second.epoch)) {
    st.cached.clear();
    return nullptr;
  }
  return &i->second.state;
}

/// Keeps a freshly read state if no notification can have been missed
/// since the read began. The key's user is recorded in the directory first,
/// so a notification for that user processed from now on finds this actor.
void remember(self_ptr self, const std::string& team, const key_state& k,
              const auth_freshness::stamp& before) {
  auto& st = self->state;
  if (!k.key_found)
    return;
  auto who = self->address();
  st.path->keys.if_present(st.lookup_id, [&](auto& e) {
    if (caf::actor_cast<caf::actor_addr>(e.actor) == who)
      e.extra = k.user_id;
  });
  if (!st.path->freshness.may_cache(before))
    return;
  if (st.cached.size() >= max_cached_teams)
    st.cached.clear();
  st.cached[team] = cached_auth{k, before.epoch};
}

/// This key's windows as they move to another node.
key_windows windows_of(self_ptr self) {
  auto& st = self->state;
  auto now = st.path->clock.now();
  return key_windows{st.read_bucket.ages(now), st.write_bucket.ages(now)};
}

/// Counts the admissions another node made for this key.
void absorb(self_ptr self, const key_windows& w) {
  auto& st = self->state;
  auto now = st.path->clock.now();
  st.read_bucket.absorb(w.reads, now);
  st.write_bucket.absorb(w.writes, now);
}

/// Sends this key's windows to the node that serves the key now, if that
/// is another (this node left the cluster, or another took the key over).
void hand_windows_on(self_ptr self) {
  auto& st = self->state;
  auto route = st.path->where->route_of_key(st.lookup_id);
  if (route.here || !route.owner)
    return;
  auto w = windows_of(self);
  if (w.reads.empty() && w.writes.empty())
    return;
  // A node that just joined asks for them (maybe before this actor ends).
  if (route.joining)
    st.path->handed.put(st.lookup_id, std::move(w));
  else
    caf::anon_send(route.owner, windows_atom_v, st.lookup_id, std::move(w));
}

} // namespace

key_actor::behavior_type key(key_actor::stateful_pointer<key_actor_state> self,
                             std::string lookup_id,
                             std::shared_ptr<request_path> path) {
  auto& st = self->state;
  st.lookup_id = std::move(lookup_id);
  st.path = std::move(path);
  st.read_bucket = rate_window{st.path->settings.read_limit,
                               rate_window_length};
  st.write_bucket = rate_window{st.path->settings.write_limit,
                                rate_window_length};
  // A node that just joined asks the node that served the key before for
  // its windows, before serving any call of it (calls wait meanwhile).
  if (auto before = st.path->where->served_before(st.lookup_id))
    self
      ->request(before, handover_timeout, handover_atom_v, st.lookup_id,
                st.path->where->self_id())
      .await(
        [self](key_windows& w) {
          absorb(self, w);
        },
        [](caf::error&) {
          // Gone or slow: the windows start afresh (the bound of a death).
        });
  return {
    [self](call_atom, std::string& hash,
           api_call& call) -> caf::result<api_result> {
      auto rp = self->make_response_promise<api_result>();
      auto team = call.team;
      if (auto k = cached(self, team)) {
        serve(self, *k, hash, std::move(call), rp);
        return rp;
      }
      // Awaited: this key's next calls wait for the state (and then find
      // it cached) instead of each reading it again.
      auto before = self->state.path->freshness.now();
      self
        ->request(self->state.path->pool->next(), db_operation_timeout,
                  auth_atom_v, self->state.lookup_id, team)
        .await(
          [self, rp, team, before, hash = std::move(hash),
           call = std::move(call)](key_state& k) mutable {
            remember(self, team, k, before);
            serve(self, k, hash, std::move(call), rp);
          },
          [rp](caf::error& err) mutable {
            rp.deliver(result_from_error(err));
          });
      return rp;
    },
    [self](forget_atom) {
      self->state.cached.clear();
    },
    [self](handover_atom) -> key_windows {
      auto w = windows_of(self);
      self->quit();
      return w;
    },
    [self](windows_atom, key_windows& w) {
      absorb(self, w);
    },
    [self](stop_atom) {
      hand_windows_on(self);
      self->quit();
    },
  };
}

} // namespace purse
