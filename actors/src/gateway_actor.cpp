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
      auto rp = self->make_response_promise<api_result>();
      self
        ->request(self->state.pool->next(), auth_timeout, auth_atom_v,
                  lookup_id, call.team)
        .then(
          [self, rp, presented_hash,
           call](persistence::auth_row& a) mutable {
            if (!a.key_found) {
              rp.deliver(make_result(errc::unauthenticated, "null",
                                     "The API key is invalid"));
              return;
            }
            scope_actor target;
            if (call.team.empty())
              target = scope_of(self, a.user_id);
            else if (a.team_found)
              target = scope_of(self, call.team);
            rp.delegate(user_of(self, a.user_id), call_atom_v, std::move(a),
                        presented_hash, std::move(call), target);
          },
          [rp](caf::error& err) mutable {
            rp.deliver(result_from_error(err));
          });
      return rp;
    },
  };
}

} // namespace purse
