// SPDX-License-Identifier: GPL-2.0-or-later
#include "request_path.hpp"

#include <caf/send.hpp>

#include "key.hpp"
#include "purse/actors/key_checker.hpp"
#include "scope.hpp"

#include <algorithm>

namespace purse {

api_result server_lock_taken() {
  auto r = make_result(errc::unavailable, "null",
                       "Another server serves this database now; this one "
                       "does not until it can take the database back");
  r.retry_after = 5;
  return r;
}

request_path::request_path(caf::actor_system& sys,
                           std::shared_ptr<db_pool> pool_ptr,
                           std::shared_ptr<const quota_table> quota_ptr,
                           user_settings s,
                           std::shared_ptr<placement> where_ptr)
  : clock(sys.clock()),
    pool(std::move(pool_ptr)),
    quotas(std::move(quota_ptr)),
    settings(std::move(s)),
    failures(settings.auth_failure_limit),
    key_failures(settings.auth_failure_limit),
    where(std::move(where_ptr)),
    keys(sys.clock(),
         [this, &sys](const std::string& lookup_id, std::string&) {
           return sys.spawn<caf::lazy_init>(key, lookup_id, shared_from_this());
         }),
    scopes(sys.clock(), [this, &sys](const std::string& scope_id,
                                     std::shared_ptr<scope_counts>& counts) {
      counts = std::make_shared<scope_counts>();
      return sys.spawn<caf::lazy_init>(scope, scope_id, pool, quotas, counts,
                                       where);
    }) {
  // nop
}

std::shared_ptr<request_path>
request_path::make(caf::actor_system& sys, std::shared_ptr<db_pool> pool,
                   std::shared_ptr<const quota_table> quotas,
                   user_settings settings, std::shared_ptr<placement> where) {
  auto path
    = std::make_shared<request_path>(sys, std::move(pool), std::move(quotas),
                                     std::move(settings), std::move(where));
  path->checker = sys.spawn(key_checker, path);
  return path;
}

std::optional<std::int64_t>
request_path::blocked_for(const std::string& lookup_id, const api_call& call) {
  auto now = clock.now();
  auto by_address = failures.blocked(call.client_address, now);
  auto by_key = key_failures.blocked(lookup_id, now);
  if (!by_address && !by_key)
    return std::nullopt;
  return std::max(by_address.value_or(0), by_key.value_or(0));
}

bool request_path::held_for_check(const std::string& lookup_id,
                                  const api_call& call) {
  return blocked_for(lookup_id, call)
         && !keys.if_present(lookup_id, [](auto&) {});
}

api_result request_path::failed(const std::string& lookup_id,
                                const api_call& call, api_result denied) {
  auto now = clock.now();
  // Past the limit the answer says so (and when to try again).
  auto wait = blocked_for(lookup_id, call);
  failures.record(call.client_address, now);
  key_failures.record(lookup_id, now);
  if (!wait)
    return denied;
  refusals.refused_addresses.fetch_add(1, std::memory_order_relaxed);
  return too_many_failures(*wait);
}

void request_path::retire_unowned() {
  keys.retire_if([&](const std::string& lookup_id, const auto&) {
    return !where->serves_key(lookup_id);
  });
  scopes.retire_if([&](const std::string& scope_id, const auto&) {
    return !where->serves_scope(scope_id);
  });
}

void request_path::reload_scopes() {
  scopes.retire_if([](const std::string&, const auto&) {
    return true;
  });
}

void request_path::shutdown(caf::exit_reason reason) {
  caf::anon_send_exit(checker, reason);
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
