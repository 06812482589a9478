// SPDX-License-Identifier: GPL-2.0-or-later
#include "sweeper.hpp"

#include <algorithm>

#if defined(__GLIBC__)
#  include <malloc.h>
#endif

#include "purse/actors/log.hpp"

namespace purse {

namespace {

using self_ptr = sweeper_actor::stateful_pointer<sweeper_state>;

std::chrono::seconds sweep_interval(const user_settings& settings) {
  return std::max(std::chrono::seconds(1),
                  effective_idle_timeout(settings) / 4);
}

/// Stops key and scope actors that served nothing for the idle time. A key
/// actor's buckets are empty by then, as the idle time is at least the
/// rate window. Each finishes what was queued for it first: its stop is
/// queued under the directory's lock, behind every call sent to it.
void sweep(self_ptr self) {
  auto& path = *self->state.path;
  auto now = self->clock().now();
  auto cutoff = now - effective_idle_timeout(path.settings);
  auto any = [](const auto&) {
    return true;
  };
  auto [keys, keys_left] = path.keys.evict(cutoff, any);
  auto [scopes, scopes_left] = path.scopes.evict(cutoff, any);
  path.failures.prune(now);
  path.key_failures.prune(now);
#if defined(__GLIBC__)
  // The actors stopped by the previous sweep have ended since: hand their
  // freed state back to the system rather than keep it cached.
  if (self->state.trim_due)
    malloc_trim(0);
#endif
  self->state.trim_due = keys + scopes > 0;
  if (keys + scopes == 0)
    return;
  log_event(log_level::info, "idle_actors_stopped",
            {{"keys", std::to_string(keys), true},
             {"scopes", std::to_string(scopes), true},
             {"keys_left", std::to_string(keys_left), true},
             {"scopes_left", std::to_string(scopes_left), true}});
}

} // namespace

std::chrono::seconds effective_idle_timeout(const user_settings& settings) {
  return std::max(settings.idle_timeout, min_idle_timeout);
}

sweeper_actor::behavior_type
sweeper(sweeper_actor::stateful_pointer<sweeper_state> self,
        std::shared_ptr<request_path> path) {
  self->state.path = std::move(path);
  self->delayed_send(self, sweep_interval(self->state.path->settings),
                     sweep_atom_v);
  return {
    [self](sweep_atom) {
      sweep(self);
      self->delayed_send(self, sweep_interval(self->state.path->settings),
                         sweep_atom_v);
    },
  };
}

} // namespace purse
