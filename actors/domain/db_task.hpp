// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include <caf/allowed_unsafe_message_type.hpp>

#include "purse/actors/db_outcome.hpp"
#include "purse/persistence/store.hpp"

namespace purse {

/// A unit of blocking database work prepared by a scope actor. It carries a
/// closure, so it never leaves its node: workers are always node-local.
struct db_task {
  std::function<db_outcome(persistence::store&)> run;
  /// For a write without an Idempotency-Key, the same write as one
  /// statement that stores all of it or nothing, under the fence of the
  /// given membership epoch (0: none): its own database transaction when
  /// the write runs alone, one of several in a transaction without
  /// savepoints when it runs in a batch (write_batch.hpp). Empty when the
  /// write has no such form. It returns nothing when it cannot do the write
  /// so (and wrote nothing), or throws (the transaction it ran in may be
  /// aborted): `run` does the write then.
  std::function<std::optional<db_outcome>(persistence::store&, std::int64_t)>
    alone = {};
};

} // namespace purse

CAF_ALLOW_UNSAFE_MESSAGE_TYPE(purse::db_task)
