// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// A sharded, thread-safe map from an id (an API key's lookup id, a scope
// id) to the one actor serving it. Front ends and actors find or spawn the
// actor and queue their message while holding the shard's lock, so an
// eviction (which removes the entry and queues `stop` under the same lock)
// is ordered after every message sent to the evicted actor: nothing is
// ever queued behind its stop. No actor sees every request.

#include <array>
#include <cstddef>
#include <functional>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <caf/abstract_actor.hpp>
#include <caf/actor_cast.hpp>
#include <caf/actor_clock.hpp>
#include <caf/exit_reason.hpp>
#include <caf/send.hpp>

#include "purse/actors/atoms.hpp"

namespace purse {

/// Directory of actors of type `Handle`, each with some `Extra` data that
/// lives as long as its entry.
template <class Handle, class Extra>
class actor_directory {
public:
  using time_point = caf::actor_clock::time_point;

  /// One live actor.
  struct entry {
    Handle actor;
    time_point last_used;
    Extra extra;
  };

  /// Spawns the actor for an id (its entry's extra data is already there).
  using spawner = std::function<Handle(const std::string& id, Extra& extra)>;

  actor_directory(caf::actor_clock& clock, spawner make)
    : clock_(clock), make_(std::move(make)) {
    // nop
  }

  actor_directory(const actor_directory&) = delete;
  actor_directory& operator=(const actor_directory&) = delete;

  /// Runs `fn(entry&)` under the lock of the id's shard, spawning the actor
  /// first if there is none; marks the entry used now. `fn` must only
  /// queue messages (it runs under a lock).
  template <class F>
  void with(const std::string& id, F&& fn) {
    auto& s = shard_of(id);
    std::lock_guard<std::mutex> guard{s.mtx};
    auto [i, added] = s.entries.try_emplace(id);
    auto& e = i->second;
    if (added) {
      e.actor = make_(id, e.extra);
      auto who = caf::actor_cast<caf::actor_addr>(e.actor);
      // However the actor ends, its entry goes (unless replaced by then).
      caf::actor_cast<caf::abstract_actor*>(e.actor)->attach_functor(
        [this, id, who] {
          remove(id, who);
        });
    }
    e.last_used = clock_.now();
    fn(e);
  }

  /// Runs `fn(entry&)` under the lock if the id has a live entry.
  template <class F>
  bool if_present(const std::string& id, F&& fn) {
    auto& s = shard_of(id);
    std::lock_guard<std::mutex> guard{s.mtx};
    auto i = s.entries.find(id);
    if (i == s.entries.end())
      return false;
    fn(i->second);
    return true;
  }

  /// Forgets the entry of `id` if it still belongs to `who`.
  void remove(const std::string& id, const caf::actor_addr& who) {
    auto& s = shard_of(id);
    std::lock_guard<std::mutex> guard{s.mtx};
    auto i = s.entries.find(id);
    if (i != s.entries.end()
        && caf::actor_cast<caf::actor_addr>(i->second.actor) == who)
      s.entries.erase(i);
  }

  /// Removes the entry of `id` if it still belongs to `who` and queues
  /// `stop` for it under the same lock: it finishes what was queued before.
  void retire(const std::string& id, const caf::actor_addr& who) {
    auto& s = shard_of(id);
    std::lock_guard<std::mutex> guard{s.mtx};
    auto i = s.entries.find(id);
    if (i != s.entries.end()
        && caf::actor_cast<caf::actor_addr>(i->second.actor) == who) {
      caf::anon_send(i->second.actor, stop_atom_v);
      s.entries.erase(i);
    }
  }

  /// Retires (as retire()) every entry with `pred(id, entry)`; returns how
  /// many.
  template <class Pred>
  std::size_t retire_if(Pred&& pred) {
    std::size_t n = 0;
    for (auto& s : shards_) {
      std::lock_guard<std::mutex> guard{s.mtx};
      for (auto i = s.entries.begin(); i != s.entries.end();) {
        if (pred(i->first, i->second)) {
          caf::anon_send(i->second.actor, stop_atom_v);
          i = s.entries.erase(i);
          ++n;
        } else {
          ++i;
        }
      }
    }
    return n;
  }

  /// Runs `fn(entry&)` under its shard's lock for every entry with
  /// `pred(entry)`.
  template <class Pred, class F>
  void for_each_if(Pred&& pred, F&& fn) {
    for (auto& s : shards_) {
      std::lock_guard<std::mutex> guard{s.mtx};
      for (auto& kv : s.entries)
        if (pred(kv.second))
          fn(kv.second);
    }
  }

  /// Stops every actor unused since `cutoff` for which `may_stop(entry)`
  /// holds. Returns how many were stopped and how many are left.
  template <class Pred>
  std::pair<std::size_t, std::size_t> evict(time_point cutoff, Pred may_stop) {
    std::size_t stopped = 0;
    std::size_t left = 0;
    for (auto& s : shards_) {
      std::lock_guard<std::mutex> guard{s.mtx};
      for (auto i = s.entries.begin(); i != s.entries.end();) {
        if (i->second.last_used <= cutoff && may_stop(i->second)) {
          caf::anon_send(i->second.actor, stop_atom_v);
          i = s.entries.erase(i);
          ++stopped;
        } else {
          ++left;
          ++i;
        }
      }
    }
    return {stopped, left};
  }

  /// Sends an exit to every actor and forgets them all.
  void shutdown(caf::exit_reason reason) {
    std::vector<Handle> all;
    for (auto& s : shards_) {
      std::lock_guard<std::mutex> guard{s.mtx};
      for (auto& kv : s.entries)
        all.push_back(kv.second.actor);
      s.entries.clear();
    }
    for (auto& a : all)
      caf::anon_send_exit(a, reason);
  }

  /// Number of live entries.
  std::size_t size() {
    std::size_t n = 0;
    for (auto& s : shards_) {
      std::lock_guard<std::mutex> guard{s.mtx};
      n += s.entries.size();
    }
    return n;
  }

private:
  struct shard {
    std::mutex mtx;
    std::unordered_map<std::string, entry> entries;
  };

  shard& shard_of(const std::string& id) {
    return shards_[std::hash<std::string>{}(id) % shards_.size()];
  }

  caf::actor_clock& clock_;
  spawner make_;
  std::array<shard, 16> shards_;
};

} // namespace purse
