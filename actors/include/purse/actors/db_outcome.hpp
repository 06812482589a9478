// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <caf/meta/type_name.hpp>

#include "purse/actors/api_result.hpp"

namespace purse {

/// What a database task produced: the reply, plus how the scope's cached
/// counts changed (e.g. {"transactions", +1}) so the scope actor can apply
/// them only once the write committed.
struct db_outcome {
  api_result result;
  std::vector<std::pair<std::string, std::int64_t>> count_deltas;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, db_outcome& x) {
  return f(caf::meta::type_name("purse::db_outcome"), x.result, x.count_deltas);
}

} // namespace purse
