// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// What one node knows of its cluster, shared by the actors of its request
// path: its own id, the membership view it last read (members, epoch, and
// a link actor to every other member), and until when it may serve. The
// membership actor (cluster_member.hpp) keeps it; the front door, key
// actors and scope actors read it to find a key's or a scope's owner.
// Without cluster options a node runs alone and has none of this.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <caf/actor.hpp>
#include <caf/actor_system_config.hpp>

#include "purse/actors/api_result.hpp"

namespace purse {

/// How a node takes part in a cluster.
struct cluster_options {
  /// This node's id (unique in the cluster; what ownership hashes).
  std::string node_id;
  /// Where the node link listens (HOST, PORT).
  std::string listen_host;
  std::uint16_t listen_port = 0;
  /// What other nodes dial (HOST:PORT).
  std::string advertise;
  /// PEM files: the cluster CA, this node's certificate and its key.
  std::string ca_file;
  std::string cert_file;
  std::string key_file;
  /// How long a renewed membership lasts without another renewal.
  std::chrono::milliseconds lease{5000};
  /// How often the membership is renewed.
  std::chrono::milliseconds renew_interval{1000};

  /// A node serves only while its last renewal is this far from running
  /// out: it stops before any other node can take over what it owns.
  std::chrono::milliseconds serve_margin() const {
    return lease / 4 + renew_interval / 2;
  }
};

/// Splits an advertised endpoint "HOST:PORT" ("[v6]:PORT" too); false if
/// it is not one.
bool split_endpoint(const std::string& endpoint, std::string& host,
                    std::uint16_t& port);

/// Loads CAF's middleman with TLS (caf::openssl) into `cfg`, with the
/// node's certificate, key and CA (both ends of every link must present a
/// certificate signed by it), and announces the messages nodes exchange.
/// Call before the actor system is made.
void configure_cluster(caf::actor_system_config& cfg,
                       const cluster_options& opts);

/// One membership view as this node holds it.
struct cluster_view {
  /// The view's epoch (writes prove it: persistence fence).
  std::int64_t epoch = 0;
  /// The live members' ids, sorted.
  std::vector<std::string> members;
  /// The link actor to each other member (node_link.hpp).
  std::map<std::string, caf::actor> links;
};

/// Where a key's or a scope's calls go.
struct cluster_route {
  /// This node owns it.
  bool local = true;
  /// Otherwise the link to its owner (invalid: the owner is not linked).
  caf::actor link;
};

/// The node's share of cluster knowledge (thread-safe).
class cluster_state {
public:
  using clock = std::chrono::steady_clock;

  explicit cluster_state(std::string self_id);

  /// This node's id.
  const std::string& self() const {
    return self_;
  }

  /// The current view.
  std::shared_ptr<const cluster_view> view() const;

  /// Replaces the view (the membership actor).
  void publish(std::shared_ptr<const cluster_view> v);

  /// Where calls for `key` (a lookup id, a scope id) go under the current
  /// view.
  cluster_route route_of(std::string_view key) const;

  /// Whether `key` is this node's under `v`.
  bool owns(const cluster_view& v, std::string_view key) const;

  /// Whether the node may serve now: it is a member whose membership
  /// cannot have run out.
  bool serving(clock::time_point now = clock::now()) const;

  /// A renewal succeeded: serve until `until`.
  void serve_until(clock::time_point until);

  /// Stop serving at once (a failed renewal past its margin, leaving).
  void stop_serving();

  /// The membership actor (asked to refresh the view after a fenced
  /// write) and the ingress other members call (set once, at start).
  caf::actor membership;
  caf::actor ingress;

private:
  std::string self_;
  std::shared_ptr<const cluster_view> view_;
  std::atomic<clock::rep> serve_until_{0};
};

/// A 503 with Retry-After: 1 saying why this node cannot serve a call now
/// (ownership is moving, the owner is not linked, the node is not a live
/// member). A retry soon finds the new owner.
api_result cluster_unavailable(std::string message);

/// Forwarded calls carry a hop count; past this many a call is answered
/// 503 instead of being forwarded again (views that disagree for a
/// moment cannot bounce a call for ever).
constexpr std::uint8_t max_forward_hops = 3;

} // namespace purse
