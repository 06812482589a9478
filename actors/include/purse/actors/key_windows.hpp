// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// A key's rolling windows on their way to the key's new node, when its
// node no longer serves it (it left the cluster, or another node took the
// key over): the ages of the admissions still in them. The new node counts
// them as its own, so a key's limits hold across the move.

#include <cstdint>
#include <vector>

#include <caf/meta/type_name.hpp>

namespace purse {

struct key_windows {
  /// Ages in milliseconds of the reads and of the writes still counted.
  std::vector<std::int64_t> reads;
  std::vector<std::int64_t> writes;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, key_windows& x) {
  return f(caf::meta::type_name("purse::key_windows"), x.reads, x.writes);
}

} // namespace purse
