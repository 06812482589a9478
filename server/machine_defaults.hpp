// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Defaults that follow the machine: purse-server's HTTP io threads and its
// persistence workers (one database connection each) grow with the cores
// the process may run on, so an operator on a many-core machine gets its
// speed without flags. The flags still override them.

#include <cstddef>

namespace purse::server {

struct machine_defaults {
  /// --io-threads: half the cores, 2 to 64.
  std::size_t io_threads = 2;
  /// --db-pool: one and a half per core, at least 8, at most 64 (each is a
  /// PostgreSQL connection: keep the sum over servers under its
  /// max_connections).
  std::size_t db_pool = 8;
};

/// The defaults for `cores` cores.
machine_defaults defaults_for(std::size_t cores);

/// The cores this process may run on (its CPU affinity: a server pinned
/// with taskset or a cgroup's cpuset counts only its own), at least 1.
std::size_t usable_cores();

} // namespace purse::server
