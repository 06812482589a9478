// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// A node's link to another member of its cluster: it hands calls to the
// member's ingress (CAF's middleman over TLS) and relays the answers. Of
// two members, the one with the smaller id dials the other and introduces
// its own ingress (hello); the other waits for that hello. (Two nodes
// dialling each other at once make CAF close both connections as
// redundant, and the links would flap.) When the member goes away, every
// call in flight to it gets a 503 with Retry-After at once (not the
// request timeout), and the dialling side dials again until the member is
// back or the membership drops the link. The link's door (link_door.hpp)
// is the straight way to the member for the calls the HTTP front hands on:
// the link opens it while the member is linked and fails its calls when
// the member goes away.

#include <string>

#include <caf/actor_system.hpp>

#include "ingress.hpp"
#include "link_door.hpp"

namespace purse {

/// A link serves the calls of an owner (it hands them to the member), asks
/// the member which view it serves under (an error while the link is
/// down), takes the member's ingress when the member dialled (hello), the
/// retry of its own introduction, and its timers. `stop`: the member left
/// the view; the link takes no more calls and ends once the member has
/// answered those it has (or its connection went, or a grace ran out).
using node_link_actor
  = owner_actor::extend<caf::replies_to<epoch_atom>::with<std::int64_t>,
                        caf::reacts_to<hello_atom, owner_actor>,
                        caf::reacts_to<hello_atom, ingress_actor, bool>,
                        caf::reacts_to<dial_atom>, caf::reacts_to<timeout_atom>,
                        caf::reacts_to<stop_atom>>;

/// What a link needs to know.
struct node_link_options {
  /// This node's id and its published ingress.
  std::string self_id;
  ingress_actor self_ingress;
  /// The member's id and the endpoint it advertises.
  std::string node_id;
  std::string host;
  std::uint16_t port = 0;
  /// Where to dial the member's call wire (null: the node has none).
  std::shared_ptr<wire_context> wires;
};

/// The link to a member: its actor, and the straight way to the member,
/// which the actor opens while the member is linked.
struct node_link {
  node_link_actor actor;
  std::shared_ptr<link_door> door;
};

/// Spawns the link to a member.
node_link spawn_node_link(caf::actor_system& sys, node_link_options opts);

} // namespace purse
