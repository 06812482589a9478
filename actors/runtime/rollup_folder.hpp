// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The rollup folder: moves the report rollups' pending changes (appended by
// the database triggers on every write) into the rollups, in the
// background, once a second or at once while a backlog remains. Reports
// read rollups and pending changes together, so they are exact whether it
// has run or not; folding keeps the pending part small. Each server runs
// one; the database lets one fold at a time. Not on the request path.

#include <chrono>
#include <cstdint>
#include <memory>

#include <caf/replies_to.hpp>
#include <caf/typed_actor.hpp>
#include <caf/typed_event_based_actor.hpp>

#include "db_pool.hpp"
#include "purse/actors/atoms.hpp"

namespace purse {

/// Interface of the rollup folder.
using rollup_folder_actor = caf::typed_actor<
  /// Folds one share of the pending changes (its own timer).
  caf::reacts_to<fold_atom>>;

/// How often and how much the folder folds.
struct fold_settings {
  std::chrono::milliseconds interval{1000};
  /// Changes moved per statement; a fold that moved this many is followed
  /// by the next at once.
  std::int32_t max_rows = 50000;
};

/// State of the rollup folder.
struct rollup_folder_state {
  static inline const char* name = "purse.rollup_folder";
  std::shared_ptr<db_pool> pool;
  fold_settings settings;
};

/// Behavior of the rollup folder.
rollup_folder_actor::behavior_type
rollup_folder(rollup_folder_actor::stateful_pointer<rollup_folder_state> self,
              std::shared_ptr<db_pool> pool, fold_settings settings);

} // namespace purse
