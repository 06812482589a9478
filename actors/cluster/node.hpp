// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// A node's part in its cluster, from joining to leaving: it checks the
// node's credentials against the cluster (the pinned CA, a live member
// that takes its link), publishes its ingress, runs its membership, and
// ends the membership when the node stops. The domain makes one when the
// server was given cluster options; nothing else of the domain knows it.

#include <memory>
#include <string>

#include <caf/actor_system.hpp>

#include "call_listener.hpp"
#include "cluster_state.hpp"
#include "ingress.hpp"
#include "membership.hpp"
#include "purse/cluster/options.hpp"

namespace purse {

namespace persistence {
class store;
} // namespace persistence

class request_path;

class cluster_node {
public:
  /// A node of the cluster `opts` describes, not joined yet.
  explicit cluster_node(cluster_options opts);

  ~cluster_node();

  cluster_node(const cluster_node&) = delete;
  cluster_node& operator=(const cluster_node&) = delete;

  /// Which node serves each key and scope, as this node's membership sees
  /// it (for the request path; it serves nothing before join()).
  std::shared_ptr<placement> where() const;

  /// Joins: checks the credentials, publishes the ingress, starts the
  /// membership and waits until it recorded this node (so the node serves
  /// as a member from its first request on). Throws domain_error saying
  /// what is wrong; nothing of the node is left running then.
  /// With `io`, the node listens for members' call wires and dials theirs
  /// (wire.hpp) on it.
  void join(caf::actor_system& sys, const std::string& database_url,
            persistence::store& store, std::shared_ptr<request_path> path,
            std::shared_ptr<asio::io_context> io);

  /// Ends the membership at once, so the others take over this node's keys
  /// and scopes, while it still hands on what reaches it.
  void leave();

  /// Stops the ingress and the membership (and with it the links).
  void stop();

private:
  cluster_options opts_;
  std::shared_ptr<cluster_state> state_;
  caf::actor_system* sys_ = nullptr;
  ingress_actor ingress_;
  std::shared_ptr<wire_context> wires_;
  std::shared_ptr<call_listener> calls_;
  membership_node_actor membership_;
};

} // namespace purse
