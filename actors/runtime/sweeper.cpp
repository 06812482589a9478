// SPDX-License-Identifier: GPL-2.0-or-later
#include "sweeper.hpp"

#include <algorithm>

#if defined(__GLIBC__)
#  include <malloc.h>
#endif

#include "db_task.hpp"
#include "purse/actors/log.hpp"
#include "purse/actors/timestamp.hpp"

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

/// A quarter of the retention, from a second to an hour: a tombstone is
/// pruned at most that long after it expired.
std::chrono::seconds prune_interval(const user_settings& settings) {
  return std::clamp(settings.change_retention / 4, std::chrono::seconds(1),
                    std::chrono::seconds(3600));
}

/// Deletes the tombstones older than the retention, on a worker; the next
/// prune follows after the interval whether this one worked or not (the
/// worker logged why not).
void prune(self_ptr self) {
  auto& path = *self->state.path;
  auto before = now_seconds() - path.settings.change_retention.count();
  auto later = [self] {
    self->delayed_send(self, prune_interval(self->state.path->settings),
                       prune_atom_v);
  };
  auto task = db_task{[before](persistence::store& store) {
    std::int64_t pruned = 0;
    store.query([&](persistence::session& s) {
      pruned = s.prune_changes(before);
    });
    // Webhook deliveries that ended are kept as long as tombstones.
    store.query([&](persistence::session& s) {
      s.prune_webhook_deliveries(before);
    });
    return db_outcome{make_result(errc::ok), {{"pruned", pruned}}};
  }};
  self->request(path.pool->next(), db_operation_timeout, run_atom_v, task)
    .then(
      [later](const db_outcome& out) {
        auto pruned
          = out.count_deltas.empty() ? 0 : out.count_deltas.front().second;
        if (pruned > 0)
          log_event(log_level::info, "tombstones_pruned",
                    {{"count", std::to_string(pruned), true}});
        later();
      },
      [later](const caf::error&) {
        later();
      });
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
  self->send(self, prune_atom_v);
  return {
    [self](sweep_atom) {
      sweep(self);
      self->delayed_send(self, sweep_interval(self->state.path->settings),
                         sweep_atom_v);
    },
    [self](prune_atom) {
      prune(self);
    },
  };
}

} // namespace purse
