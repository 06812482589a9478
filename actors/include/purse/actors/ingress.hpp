// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// What a node publishes to the other members of its cluster (over the
// node link): calls forwarded to it as their owner. A call for a key goes
// to the key's actor here, an admitted call for a scope to the scope's
// actor, each with the original sender and request id, so the answer goes
// straight back to the link that asked.

#include <memory>

#include <caf/actor.hpp>
#include <caf/actor_system.hpp>

namespace purse {

class request_path;

/// Spawns the ingress of `path` (a node in a cluster).
caf::actor spawn_ingress(caf::actor_system& sys,
                         std::shared_ptr<request_path> path);

} // namespace purse
