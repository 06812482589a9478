// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// What the actors of the request path share on one node: the persistence
// workers, the settings, the directories of key and scope actors, the
// failed-authentication windows and the freshness of cached
// authentication. Owned by the domain; key and scope actors hold it.

#include <atomic>
#include <memory>
#include <optional>
#include <string>

#include <caf/actor_system.hpp>

#include "db_pool.hpp"
#include "kept_windows.hpp"
#include "key_actor.hpp"
#include "purse/actors/actor_directory.hpp"
#include "purse/actors/auth_failures.hpp"
#include "purse/actors/auth_freshness.hpp"
#include "purse/actors/key_checker_actor.hpp"
#include "purse/actors/metrics.hpp"
#include "purse/actors/placement.hpp"
#include "purse/actors/quotas.hpp"
#include "purse/actors/scope_counts.hpp"
#include "purse/actors/server_lock_state.hpp"
#include "purse/actors/user_settings.hpp"
#include "scope_actor.hpp"

namespace purse {

/// The shared parts of the request path.
class request_path : public std::enable_shared_from_this<request_path> {
public:
  /// Key actors by lookup id; each entry knows its key's user once loaded
  /// (notifications name users).
  using key_directory = actor_directory<key_actor, std::string>;

  /// Scope actors by scope id, with the counts they publish.
  using scope_directory
    = actor_directory<scope_actor, std::shared_ptr<scope_counts>>;

  /// Use make() (the directories' spawners need a shared pointer).
  request_path(caf::actor_system& sys, std::shared_ptr<db_pool> pool,
               std::shared_ptr<const quota_table> quotas,
               user_settings settings,
               std::shared_ptr<placement> where = alone());

  static std::shared_ptr<request_path>
  make(caf::actor_system& sys, std::shared_ptr<db_pool> pool,
       std::shared_ptr<const quota_table> quotas, user_settings settings,
       std::shared_ptr<placement> where = alone());

  /// The actor system's clock (a test clock in scripted tests).
  caf::actor_clock& clock;
  std::shared_ptr<db_pool> pool;
  std::shared_ptr<const quota_table> quotas;
  user_settings settings;
  auth_freshness freshness;
  auth_failures failures;
  /// Failed authentications per presented lookup id (a key under attack
  /// from many addresses).
  auth_failures key_failures;
  /// Which node serves each key and scope (alone(): this one, always).
  std::shared_ptr<placement> where;
  key_directory keys;
  scope_directory scopes;
  /// Windows of keys handed to a node that just joined, until it asks.
  kept_windows handed;
  /// 429s given on this node (for /metrics).
  refusal_counters refusals;
  /// Looks up the keys of blocked clients that are not in memory.
  key_checker_actor checker;
  /// Whether this server holds its lock on the database (set by the lock
  /// keeper; front_door answers from it).
  std::atomic<server_lock_state> server_lock{server_lock_state::held};

  /// Whether a call waits for the key checker before its key is read: its
  /// client address or lookup id failed to authenticate too often, and no
  /// actor is running for that lookup id here. A key in use always reaches
  /// its actor, which checks the secret from memory; the key checker looks
  /// the others up together (at most one statement per
  /// `auth_failures::check_interval` for all blocked clients), so a right
  /// key is served and a blocked client's reads stay bounded.
  bool held_for_check(const std::string& lookup_id, const api_call& call);

  /// Counts a failed authentication of `call` (its client address and the
  /// lookup id) and returns its answer: `denied`, or a 429 with the wait
  /// when either was blocked already.
  api_result failed(const std::string& lookup_id, const api_call& call,
                    api_result denied);

  /// Seconds until the address or lookup id of a failed call may try
  /// again, if either is blocked now.
  std::optional<std::int64_t> blocked_for(const std::string& lookup_id,
                                          const api_call& call);

  /// Hands a call presented with a key that this node serves to the key's
  /// actor, or to the key checker first (held_for_check), through
  /// `send(destination, message...)`, which must deliver it so that the
  /// answer goes to the original asker.
  template <class Send>
  void to_key(std::string lookup_id, std::string secret_hash, api_call call,
              Send&& send) {
    if (held_for_check(lookup_id, call)) {
      // Answered by the key's actor once the key is found, else a 429.
      send(checker, hold_atom_v, std::move(lookup_id), std::move(secret_hash),
           std::move(call));
      return;
    }
    keys.with(lookup_id, [&](key_directory::entry& e) {
      send(e.actor, call_atom_v, std::move(secret_hash), std::move(call));
    });
  }

  /// Retires the key and scope actors of keys and scopes this node no
  /// longer serves (the placement moved them to other nodes).
  void retire_unowned();

  /// Retires every scope actor, so that each scope's counts and kept
  /// reports are read again (after this server did not hold its lock for
  /// a while: another may have written meanwhile).
  void reload_scopes();

  /// Stops the key checker and every key and scope actor (they hold this
  /// object: the cycle ends here).
  void shutdown(caf::exit_reason reason);

  /// Drops the cached authentication of every key of `user_id`.
  void forget_user(const std::string& user_id);
};

} // namespace purse
