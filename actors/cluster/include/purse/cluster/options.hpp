// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// How a node takes part in a cluster: what the operator gives a server
// (its id, where its link listens, its certificates, the lease) and what
// the actor system needs loaded before it starts. Everything else of the
// cluster is private to actors/cluster/.

#include <chrono>
#include <cstdint>
#include <string>

#include <caf/actor_system_config.hpp>

namespace purse {

/// How a node takes part in a cluster.
struct cluster_options {
  /// This node's id (unique in the cluster; what ownership hashes).
  std::string node_id;
  /// Where the node link listens (HOST, PORT).
  std::string listen_host;
  std::uint16_t listen_port = 0;
  /// Where the call listener listens, on `listen_host` (the calls other
  /// nodes hand this one; 0: any free port, told to the members over the
  /// node link).
  std::uint16_t call_port = 0;
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

} // namespace purse
