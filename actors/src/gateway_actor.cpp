#include "purse/actors/gateway_actor.hpp"

#include <chrono>

namespace purse {

namespace {

constexpr auto auth_timeout = std::chrono::seconds(10);

using self_ptr = gateway_actor::stateful_pointer<gateway_state>;

scope_actor scope_of(self_ptr self, const std::string& scope_id) {
  auto& slot = self->state.scopes[scope_id];
  if (!slot)
    slot = self->spawn<caf::linked>(scope, scope_id, self->state.pool,
                                    self->state.quotas);
  return slot;
}

user_actor user_of(self_ptr self, const std::string& user_id) {
  auto& slot = self->state.users[user_id];
  if (!slot)
    slot = self->spawn<caf::linked>(user, user_id, self->state.pool,
                                    self->state.settings);
  return slot;
}

/// Past this many tracked addresses, idle ones are forgotten.
constexpr std::size_t max_tracked_addresses = 10'000;

/// The failure window of an address (created on first use).
rate_window& failures_of(self_ptr self, const std::string& address) {
  auto& st = self->state;
  if (st.failures.size() > max_tracked_addresses) {
    auto now = self->clock().now();
    for (auto i = st.failures.begin(); i != st.failures.end();)
      i = i->second.idle(now) ? st.failures.erase(i) : std::next(i);
  }
  return st.failures
    .try_emplace(address, st.settings.auth_failure_limit,
                 std::chrono::seconds(60))
    .first->second;
}

/// Counts a failed authentication against the client's address.
api_result note(self_ptr self, const std::string& address, api_result r) {
  if (r.code == errc::unauthenticated)
    failures_of(self, address).admit(self->clock().now());
  return r;
}

} // namespace

gateway_actor::behavior_type
gateway(gateway_actor::stateful_pointer<gateway_state> self,
        std::shared_ptr<db_pool> pool,
        std::shared_ptr<const quota_table> quotas, user_settings settings) {
  self->state.pool = std::move(pool);
  self->state.quotas = std::move(quotas);
  self->state.settings = std::move(settings);
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
        r.headers.emplace_back("Retry-After",
                               std::to_string(blocked.reset_seconds));
        return r;
      }
      auto rp = self->make_response_promise<api_result>();
      self
        ->request(self->state.pool->next(), auth_timeout, auth_atom_v,
                  lookup_id, call.team)
        .then(
          [self, rp, presented_hash, address,
           call](persistence::auth_row& a) mutable {
            if (!a.key_found) {
              rp.deliver(note(self, address,
                              make_result(errc::unauthenticated, "null",
                                          "The API key is invalid")));
              return;
            }
            scope_actor target;
            if (call.team.empty())
              target = scope_of(self, a.user_id);
            else if (a.team_found)
              target = scope_of(self, call.team);
            self
              ->request(user_of(self, a.user_id), caf::infinite, call_atom_v,
                        std::move(a), presented_hash, std::move(call), target)
              .then(
                [self, rp, address](api_result& r) mutable {
                  rp.deliver(note(self, address, std::move(r)));
                },
                [rp](caf::error& err) mutable {
                  rp.deliver(result_from_error(err));
                });
          },
          [rp](caf::error& err) mutable {
            rp.deliver(result_from_error(err));
          });
      return rp;
    },
  };
}

} // namespace purse
