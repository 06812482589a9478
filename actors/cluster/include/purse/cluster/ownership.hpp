// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Which cluster node owns a user or a scope: rendezvous (highest random
// weight) hashing over the live members. Every node that sees the same
// members computes the same owner for every key, with no table to share;
// when a member leaves, only the keys it owned move (each to the member
// that ranked second for it), and a member that joins takes about 1/n of
// the keys, from every other member alike.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace purse {

/// The weight of `node` for `key`: the first 8 bytes of
/// SHA-256(node, NUL, key), big-endian. Stable across builds and machines.
std::uint64_t ownership_weight(std::string_view node, std::string_view key);

/// The member of highest weight for `key` (ties: the smaller node id).
/// Empty when there are no members. The order of `members` does not
/// matter.
std::string owner_of(std::string_view key,
                     const std::vector<std::string>& members);

} // namespace purse
