// SPDX-License-Identifier: GPL-2.0-or-later
#include "rollup_folder.hpp"

#include <string>

#include "db_task.hpp"
#include "purse/actors/user_settings.hpp"

namespace purse {

namespace {

using self_ptr = rollup_folder_actor::stateful_pointer<rollup_folder_state>;

/// The name under which a fold reports how many changes it moved.
const std::string folded_name = "folded";

db_task fold_task(std::int32_t max_rows) {
  return db_task{[max_rows](persistence::store& store) {
    std::int64_t moved = 0;
    store.query([&](persistence::session& s) {
      moved = s.fold_rollups(max_rows);
    });
    return db_outcome{make_result(errc::ok), {{folded_name, moved}}};
  }};
}

/// Folds one share; the next follows after the interval, or at once when
/// this one was full (a backlog). A failed fold (the worker logged why)
/// waits for the interval like an empty one.
void fold(self_ptr self) {
  auto& st = self->state;
  auto later = [self] {
    self->delayed_send(self, self->state.settings.interval, fold_atom_v);
  };
  self
    ->request(st.pool->next(), db_operation_timeout, run_atom_v,
              fold_task(st.settings.max_rows))
    .then(
      [self, later](const db_outcome& out) {
        auto full = !out.count_deltas.empty()
                    && out.count_deltas.front().second
                         >= self->state.settings.max_rows;
        if (full)
          self->send(self, fold_atom_v);
        else
          later();
      },
      [later](const caf::error&) {
        later();
      });
}

} // namespace

rollup_folder_actor::behavior_type rollup_folder(self_ptr self,
                                                 std::shared_ptr<db_pool> pool,
                                                 fold_settings settings) {
  self->state.pool = std::move(pool);
  self->state.settings = settings;
  self->delayed_send(self, settings.interval, fold_atom_v);
  return {
    [self](fold_atom) {
      fold(self);
    },
  };
}

} // namespace purse
