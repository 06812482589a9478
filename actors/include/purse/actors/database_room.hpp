// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
// How many connections a server's pool takes by default: what its machine
// would use (server/machine_defaults.hpp), but no more than PostgreSQL has
// free when the server starts, so that servers started one after another
// on a many-core machine stay under max_connections without flags.
#include <cstddef>
#include <cstdint>

namespace purse {

/// What PostgreSQL has room for, read as a server starts.
struct database_room {
  /// Its max_connections.
  std::int64_t max_connections = 0;
  /// Its superuser_reserved_connections (not for Purse's role).
  std::int64_t reserved = 0;
  /// Connections open now, the one that asked included.
  std::int64_t in_use = 0;
};

/// Connections a server holds beside its pool, as pg_stat_activity counts
/// them beside a pool of 8: among them the server lock (a cluster node's
/// membership instead), the rollup folder's, the key revocations' LISTEN
/// and the settings page's. The one that asks for the room is one of them.
constexpr std::int64_t connections_beside_pool = 5;

/// `wanted` connections for the pool, or fewer where that would leave less
/// than a tenth of max_connections (at least 3) free for operators,
/// backups and other servers; never fewer than 2.
std::size_t pool_within(std::size_t wanted, const database_room& room);

} // namespace purse
