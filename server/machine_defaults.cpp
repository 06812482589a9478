// SPDX-License-Identifier: GPL-2.0-or-later
#include "machine_defaults.hpp"

#include <algorithm>
#include <thread>

#include <sched.h>

namespace purse::server {

machine_defaults defaults_for(std::size_t cores) {
  machine_defaults d;
  d.io_threads = std::clamp<std::size_t>(cores / 2, 2, 64);
  d.db_pool = std::clamp<std::size_t>(cores + cores / 2, 8, 64);
  return d;
}

std::size_t usable_cores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) == 0) {
    auto n = CPU_COUNT(&set);
    if (n > 0)
      return static_cast<std::size_t>(n);
  }
  return std::max(1u, std::thread::hardware_concurrency());
}

} // namespace purse::server
