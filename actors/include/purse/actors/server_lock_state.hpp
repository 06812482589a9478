// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Whether this server holds its lock on the database
// (persistence/server_lock.hpp: a server alone exclusively, a cluster node
// shared), as the lock keeper (actors/runtime/server_lock_keeper.hpp) last
// found it.

#include <cstdint>

#include "purse/actors/api_result.hpp"

namespace purse {

/// The server lock as this server holds it.
enum class server_lock_state : std::uint8_t {
  /// Held (or not used: --allow-shared-database): the server serves.
  held,
  /// Its connection ended (the database restarted or is down) and it is
  /// being taken again: not ready; calls are served as far as the database
  /// answers them.
  lost,
  /// Another server took it meanwhile: not ready, and every API call is
  /// 503, until this server takes it again.
  taken,
};

/// The 503 for an API call while another server holds the lock.
api_result server_lock_taken();

} // namespace purse
