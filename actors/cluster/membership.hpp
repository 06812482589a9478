// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// A node's membership of its cluster, kept in PostgreSQL: the membership
// actor renews the node's lease every renew interval (on its own thread
// and connection, so requests never hold it up), reads the view, keeps a
// link to every other live member, and publishes what it read to the
// node's cluster_state. After each successful renewal the node may serve
// until the lease could run out, less a margin: a node that cannot renew
// stops serving before any other can take over. When the view changes,
// the key and scope actors this node no longer owns are retired.

#include <memory>
#include <string>

#include <caf/actor_system.hpp>

#include "cluster_state.hpp"
#include "ingress.hpp"
#include "purse/cluster/options.hpp"
#include "wire.hpp"

namespace purse {

class request_path;

/// The membership: it answers (refresh_atom, known epoch, force) (renew
/// now unless left, read the view, publish it — unless a view newer than
/// the known one is already published) and leave_atom (end the membership
/// at once, publish the view without this node, renew no more), each with
/// an empty reply when done; renew_atom is its own timer.
using membership_node_actor
  = membership_actor::extend<caf::reacts_to<renew_atom>,
                             caf::reacts_to<leave_atom>>;

/// Spawns the membership actor of `cluster`, whose ingress is `ingress`.
membership_node_actor
spawn_membership(caf::actor_system& sys, cluster_options opts,
                 std::string database_url,
                 std::shared_ptr<cluster_state> cluster, ingress_actor ingress,
                 std::shared_ptr<request_path> path,
                 std::shared_ptr<wire_context> wires);

} // namespace purse
