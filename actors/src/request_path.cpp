#include "purse/actors/request_path.hpp"

#include <caf/send.hpp>

#include "purse/actors/key.hpp"
#include "purse/actors/scope.hpp"

namespace purse {

request_path::request_path(caf::actor_system& sys,
                           std::shared_ptr<db_pool> pool_ptr,
                           std::shared_ptr<const quota_table> quota_ptr,
                           user_settings s)
  : clock(sys.clock()),
    pool(std::move(pool_ptr)),
    quotas(std::move(quota_ptr)),
    settings(std::move(s)),
    failures(settings.auth_failure_limit),
    keys(sys.clock(),
         [this, &sys](const std::string& lookup_id, std::string&) {
           return sys.spawn<caf::lazy_init>(key, lookup_id, shared_from_this());
         }),
    scopes(sys.clock(), [this, &sys](const std::string& scope_id,
                                     std::shared_ptr<scope_counts>& counts) {
      counts = std::make_shared<scope_counts>();
      return sys.spawn<caf::lazy_init>(scope, scope_id, pool, quotas, counts);
    }) {
  // nop
}

std::shared_ptr<request_path>
request_path::make(caf::actor_system& sys, std::shared_ptr<db_pool> pool,
                   std::shared_ptr<const quota_table> quotas,
                   user_settings settings) {
  return std::make_shared<request_path>(sys, std::move(pool), std::move(quotas),
                                        std::move(settings));
}

void request_path::shutdown(caf::exit_reason reason) {
  keys.shutdown(reason);
  scopes.shutdown(reason);
}

void request_path::forget_user(const std::string& user_id) {
  keys.for_each_if(
    [&](const key_directory::entry& e) {
      return e.extra == user_id;
    },
    [](key_directory::entry& e) {
      caf::anon_send(e.actor, forget_atom_v);
    });
}

} // namespace purse
