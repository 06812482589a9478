// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

#include <functional>

#include <caf/allowed_unsafe_message_type.hpp>

#include "purse/actors/db_outcome.hpp"
#include "purse/persistence/store.hpp"

namespace purse {

/// A unit of blocking database work prepared by a scope actor. It carries a
/// closure, so it never leaves its node: workers are always node-local.
struct db_task {
  std::function<db_outcome(persistence::store&)> run;
};

} // namespace purse

CAF_ALLOW_UNSAFE_MESSAGE_TYPE(purse::db_task)
