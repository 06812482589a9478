// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/database_room.hpp"

#include <algorithm>

namespace purse {

std::size_t pool_within(std::size_t wanted, const database_room& room) {
  constexpr std::int64_t least = 2;
  if (wanted <= static_cast<std::size_t>(least))
    return wanted;
  auto headroom = std::max<std::int64_t>(3, room.max_connections / 10);
  // The asking connection is counted in use already: the others beside
  // the pool are not open yet.
  auto free = room.max_connections - room.reserved - room.in_use
              - (connections_beside_pool - 1) - headroom;
  auto fits = std::clamp<std::int64_t>(free, least,
                                       static_cast<std::int64_t>(wanted));
  return std::min(wanted, static_cast<std::size_t>(fits));
}

} // namespace purse
