// SPDX-License-Identifier: GPL-2.0-or-later
#include "scheduler_options.hpp"

#include <algorithm>
#include <fstream>
#include <thread>

#include <caf/atom.hpp>
#include <caf/error.hpp>

namespace purse::server {

std::string apply(const scheduler_options& opts,
                  caf::actor_system_config& cfg) {
  if (!opts.config_file.empty()) {
    std::ifstream in{opts.config_file};
    if (!in)
      return "cannot read the actor configuration file " + opts.config_file;
    if (auto err = cfg.parse(caf::actor_system_config::string_list{}, in))
      return "the actor configuration file " + opts.config_file
             + " is invalid: " + caf::to_string(err);
  }
  if (opts.policy != "sharing" && opts.policy != "stealing")
    return "--scheduler must be 'sharing' or 'stealing'";
  cfg.set("scheduler.policy", caf::atom_from_string(opts.policy));
  auto threads = opts.threads;
  if (threads == 0)
    threads = std::max(1u, std::thread::hardware_concurrency());
  cfg.set("scheduler.max-threads", threads);
  return {};
}

} // namespace purse::server
