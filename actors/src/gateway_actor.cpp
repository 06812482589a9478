#include "purse/actors/gateway.hpp"

#include <algorithm>
#include <chrono>

#if defined(__GLIBC__)
#  include <malloc.h>
#endif

#include "purse/actors/key_rules.hpp"
#include "purse/actors/log.hpp"
#include "purse/actors/scope.hpp"
#include "purse/actors/timestamp.hpp"
#include "purse/actors/user.hpp"

namespace purse {

namespace {

/// The key lookup and the admission are quick; a user actor that fails
/// while admitting leaves no promise behind, so its caller must not wait
/// forever.
constexpr auto auth_timeout = std::chrono::seconds(10);

/// Past this many tracked addresses, idle ones are forgotten.
constexpr std::size_t max_tracked_addresses = 10'000;

using self_ptr = gateway_actor::stateful_pointer<gateway_state>;

/// The live entry of `id` in `entries`, spawned (and monitored) by `make`
/// if there is none; marked as used now.
template <class Entry, class Make>
Entry& entry_of(self_ptr self, std::map<std::string, Entry>& entries,
                const std::string& id, Make make) {
  auto& entry = entries[id];
  if (!entry.actor) {
    entry.actor = make();
    self->monitor(entry.actor);
  }
  entry.last_used = self->clock().now();
  return entry;
}

scope_actor scope_of(self_ptr self, const std::string& scope_id) {
  auto& st = self->state;
  return entry_of(self, st.scopes, scope_id,
                  [&] {
                    return self->spawn(scope, scope_id, st.pool, st.quotas);
                  })
    .actor;
}

user_entry& user_of(self_ptr self, const std::string& user_id) {
  auto& st = self->state;
  return entry_of(self, st.users, user_id, [&] {
    return self->spawn(user, user_id, st.pool, st.settings);
  });
}

/// The failure window of an address (created on first use).
rate_window& failures_of(self_ptr self, const std::string& address) {
  auto& st = self->state;
  if (st.failures.size() > max_tracked_addresses) {
    auto now = self->clock().now();
    for (auto i = st.failures.begin(); i != st.failures.end();)
      i = i->second.idle(now) ? st.failures.erase(i) : std::next(i);
  }
  return st.failures
    .try_emplace(address, st.settings.auth_failure_limit, rate_window_length)
    .first->second;
}

/// Forgets a stopped or failed actor, unless its slot holds a newer one.
template <class Map>
void forget(Map& entries, const caf::actor_addr& who) {
  for (auto i = entries.begin(); i != entries.end(); ++i)
    if (i->second.actor.address() == who) {
      entries.erase(i);
      return;
    }
}

/// Stops user and scope actors that served nothing for the idle time. A
/// user actor is stopped only with no admission in flight: its buckets are
/// then empty, as the idle time is at least the rate window. A scope actor
/// finishes its calls in flight first (its stop message queues behind
/// every call this gateway delegated to it). The idle time is at least
/// twice a database operation's deadline, so a successor's count load can
/// meet an unfinished write of its predecessor only if that one still had
/// several writes queued, each running into its deadline, a whole idle time
/// after its last call.
void sweep(self_ptr self) {
  auto& st = self->state;
  auto now = self->clock().now();
  auto idle = effective_idle_timeout(st.settings);
  std::size_t users = 0;
  std::size_t scopes = 0;
  for (auto i = st.users.begin(); i != st.users.end();) {
    if (i->second.in_flight == 0 && i->second.last_used + idle <= now) {
      self->send(i->second.actor, stop_atom_v);
      i = st.users.erase(i);
      ++users;
    } else {
      ++i;
    }
  }
  for (auto i = st.scopes.begin(); i != st.scopes.end();) {
    if (i->second.last_used + idle <= now) {
      self->send(i->second.actor, stop_atom_v);
      i = st.scopes.erase(i);
      ++scopes;
    } else {
      ++i;
    }
  }
  for (auto i = st.failures.begin(); i != st.failures.end();)
    i = i->second.idle(now) ? st.failures.erase(i) : std::next(i);
#if defined(__GLIBC__)
  // The actors stopped by the previous sweep have ended since: hand their
  // freed state back to the system rather than keep it cached.
  if (st.trim_due)
    malloc_trim(0);
#endif
  st.trim_due = users + scopes > 0;
  if (users + scopes == 0)
    return;
  log_event(log_level::info, "idle_actors_stopped",
            {{"users", std::to_string(users), true},
             {"scopes", std::to_string(scopes), true},
             {"users_left", std::to_string(st.users.size()), true},
             {"scopes_left", std::to_string(st.scopes.size()), true}});
}

std::chrono::seconds sweep_interval(const user_settings& settings) {
  return std::max(std::chrono::seconds(1),
                  effective_idle_timeout(settings) / 4);
}

/// Runs an authenticated call: admission by the user actor, then the
/// scope's actor answers the caller directly.
void admit_and_run(self_ptr self, key_state k, api_call call,
                   caf::typed_response_promise<api_result> rp) {
  auto user_id = k.user_id;
  auto& entry = user_of(self, user_id);
  ++entry.in_flight;
  auto done = [self, user_id, who = entry.actor.address()] {
    auto i = self->state.users.find(user_id);
    if (i != self->state.users.end() && i->second.actor.address() == who)
      --i->second.in_flight;
  };
  self
    ->request(entry.actor, auth_timeout, call_atom_v, std::move(k),
              std::move(call))
    .then(
      [self, rp, done](admission& a) mutable {
        done();
        if (!a.admitted) {
          rp.deliver(std::move(a.refusal));
          return;
        }
        auto target = scope_of(self, a.call.scope_id);
        rp.delegate(target, call_atom_v, std::move(a.call));
      },
      [rp, done](caf::error& err) mutable {
        done();
        rp.deliver(result_from_error(err));
      });
}

} // namespace

std::chrono::seconds effective_idle_timeout(const user_settings& settings) {
  return std::max(settings.idle_timeout, min_idle_timeout);
}

gateway_actor::behavior_type
gateway(gateway_actor::stateful_pointer<gateway_state> self,
        std::shared_ptr<db_pool> pool,
        std::shared_ptr<const quota_table> quotas, user_settings settings) {
  self->state.pool = std::move(pool);
  self->state.quotas = std::move(quotas);
  self->state.settings = std::move(settings);
  self->set_down_handler([self](caf::down_msg& msg) {
    forget(self->state.users, msg.source);
    forget(self->state.scopes, msg.source);
  });
  self->set_exit_handler([self](caf::exit_msg& msg) {
    for (auto& [id, entry] : self->state.users)
      self->send_exit(entry.actor, msg.reason);
    for (auto& [id, entry] : self->state.scopes)
      self->send_exit(entry.actor, msg.reason);
    self->quit(msg.reason);
  });
  self->delayed_send(self, sweep_interval(self->state.settings), sweep_atom_v);
  return {
    [self](call_atom, const std::string& lookup_id,
           const std::string& presented_hash,
           api_call& call) -> caf::result<api_result> {
      auto address = call.client_address;
      auto blocked = failures_of(self, address).peek(self->clock().now());
      if (blocked.remaining <= 0) {
        auto r = make_result(errc::too_many_requests, "null",
                             "Too many failed authentications from this "
                             "address; retry in "
                               + std::to_string(blocked.reset_seconds) + " s");
        r.retry_after = blocked.reset_seconds;
        return r;
      }
      auto rp = self->make_response_promise<api_result>();
      self
        ->request(self->state.pool->next(), auth_timeout, auth_atom_v,
                  lookup_id, call.team)
        .then(
          [self, rp, presented_hash, address,
           call = std::move(call)](key_state& k) mutable {
            if (auto denied = check_credentials(k, presented_hash,
                                                now_seconds())) {
              failures_of(self, address).admit(self->clock().now());
              rp.deliver(std::move(*denied));
              return;
            }
            admit_and_run(self, std::move(k), std::move(call), rp);
          },
          [rp](caf::error& err) mutable {
            rp.deliver(result_from_error(err));
          });
      return rp;
    },
    [self](sweep_atom) {
      sweep(self);
      self->delayed_send(self, sweep_interval(self->state.settings),
                         sweep_atom_v);
    },
  };
}

} // namespace purse
