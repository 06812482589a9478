// SPDX-License-Identifier: GPL-2.0-or-later
#include "scheduler_options.hpp"

#include "machine_defaults.hpp"

#include <fstream>

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
  if (threads == 0) // one per core this process may run on (taskset, cgroups)
    threads = usable_cores();
  cfg.set("scheduler.max-threads", threads);
  return {};
}

} // namespace purse::server
