// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// How purse-server configures CAF's scheduler: the policy and thread count
// from flags, and anything else CAF reads from its own configuration file.

#include <cstddef>
#include <string>

#include <caf/actor_system_config.hpp>

namespace purse::server {

/// The scheduler settings of purse-server.
struct scheduler_options {
  /// "sharing" (the default): one shared queue, idle threads sleep on a
  /// condition variable and never poll. "stealing": CAF's work-stealing
  /// scheduler, which polls for work with short sleeps (tune it with the
  /// `work-stealing` group of a config file).
  std::string policy = "sharing";
  /// Scheduler threads; 0: one per core this process may run on.
  std::size_t threads = 0;
  /// A CAF configuration file (INI syntax: `[scheduler]`, `[work-stealing]`
  /// groups) read first; the two settings above override its entries.
  std::string config_file;
};

/// Applies `opts` to `cfg`. Returns an error message, or an empty string.
std::string apply(const scheduler_options& opts, caf::actor_system_config& cfg);

} // namespace purse::server
