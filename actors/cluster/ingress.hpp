// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// What a node publishes to the other members of its cluster (over the
// node link): calls forwarded to it as their owner. A call for a key goes
// to the key's actor here, an admitted call for a scope to the scope's
// actor, each with the original sender and request id, so the answer goes
// straight back to the link that asked.

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include <caf/actor_system.hpp>
#include <caf/message_id.hpp>

#include "cluster_state.hpp"
#include "purse/actors/placement.hpp"

namespace purse {

class request_path;

/// A node's ingress: what it serves for others, and the introduction of a
/// member that dialled it (its id and its own ingress; false: this node has
/// no link for that member yet, ask again). The introduction says that the
/// member places by tag (tags_atom): a node of a Purse that placed keys
/// and scopes otherwise has another interface, and a node that joins
/// checks every member's (actors/cluster/node.cpp).
using ingress_actor = owner_actor::extend<
  caf::replies_to<hello_atom, tags_atom, std::string, owner_actor>::with<bool>,
  /// The epoch of the view this node serves under (a joining member is
  /// ready once every other member serves under its view or a newer one).
  caf::replies_to<epoch_atom>::with<std::int64_t>,
  /// The port of this node's call listener, on the host members dial for
  /// the middleman (0: it has none; calls come over the middleman).
  caf::replies_to<wire_atom>::with<std::uint16_t>>;

/// The port of a node's call listener, set once it listens (0: none yet,
/// or none at all).
using wire_port_cell = std::shared_ptr<const std::atomic<std::uint16_t>>;

/// Spawns the ingress of `path` (a node in a cluster) whose call listener
/// is at `wire_port`.
ingress_actor
spawn_ingress(caf::actor_system& sys, std::shared_ptr<cluster_state> cluster,
              std::shared_ptr<request_path> path, wire_port_cell wire_port);

/// Serves a call presented with a key that came over a member's wire
/// (call_listener.hpp) as `ingress` serves one that came over the
/// middleman, answering `reply_to` as the response to `mid`: straight to
/// the key's actor when this node serves the key, through `ingress`
/// otherwise.
void serve_wired_call(const std::shared_ptr<request_path>& path,
                      const ingress_actor& ingress,
                      caf::strong_actor_ptr reply_to, caf::message_id mid,
                      std::string lookup_id, std::string hash, api_call call);

/// Serves a call its key's actor admitted on a member, which came over the
/// member's wire, as the ingress serves one that came over the middleman:
/// here as the key's actor would serve it when this node serves the
/// scope (a read whose counts are loaded straight from a persistence
/// worker), else by the scope's actor here, which hands it on; answering
/// `reply_to` as the response to `mid`.
void serve_wired_admitted(const std::shared_ptr<request_path>& path,
                          caf::strong_actor_ptr reply_to, caf::message_id mid,
                          api_call call);

} // namespace purse
