// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// A cluster of real purse-server processes on loopback for the cluster
// suites: node-1..node-3 with certificates of one cluster CA, on the test
// database, and (when asked) Debian's haproxy in front of them with
// deploy/haproxy.cfg.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cluster/certificates.hpp"
#include "support/http_client.hpp"
#include "support/processes.hpp"

namespace purse::test {

/// The lookup id of a token ("purse_" + 12 characters + "_" + ...): its
/// first three characters place the key's actor.
std::string lookup_id_of(const std::string& token);

/// One node: its id, its cluster port and its process (null: stopped).
struct cluster_node {
  std::string id;
  std::string cert_name;
  int link_port = 0;
  /// Its --cluster-call-port.
  int call_port = 0;
  /// Its --metrics-listen port.
  int metrics_port = 0;
  std::vector<std::string> extra;
  /// Its database URL (empty: the test database).
  std::string database;
  std::unique_ptr<server_process> process;
};

/// Three nodes (started, linked and members when the constructor returns).
class three_nodes {
public:
  /// `extra` flags go to every node; `databases[i]`, if given and not
  /// empty, is node i's database URL (e.g. through a db_relay). Without
  /// `wait`, the constructor returns as soon as the three processes
  /// listen (what a load balancer sees: wait_readyz()).
  explicit three_nodes(std::vector<std::string> extra = {},
                       std::vector<std::string> databases = {},
                       bool wait = true);
  ~three_nodes();

  certificates certs;
  std::vector<cluster_node> nodes;

  /// Starts node `i` again (after stop or kill), with its old ports.
  void restart(std::size_t i);

  /// Waits until the live members are exactly the running nodes, each of
  /// them answers /readyz, and every pair of them is linked.
  void wait_ready();

  /// Waits until the running nodes answer /readyz 200 in one round of
  /// probes (as a load balancer's checks would see them all ready).
  void wait_readyz();

  /// A client of node `i`.
  http_client client(std::size_t i) const;

  /// The value of the sample `series` (name and labels exactly as exposed)
  /// in node `i`'s /metrics; -1 when it is absent.
  double metric(std::size_t i, const std::string& series) const;

  /// The running nodes' ids.
  std::vector<std::string> ids() const;

  /// Index of the node that serves placement tag `tag` under the running
  /// nodes.
  std::size_t owner_index(std::string_view tag) const;

  /// Index of the node that serves the key `token`.
  std::size_t key_owner(const std::string& token) const;

  /// Index of the node that serves the scope `scope_id` (a user's id: the
  /// user's own records; a team's id).
  std::size_t scope_owner(const std::string& scope_id) const;

  /// Starts haproxy (deploy/haproxy.cfg) in front of the three nodes;
  /// returns its client. With `tls_pem` (certificate and key in one PEM
  /// file) it also terminates TLS, on `tls_port`.
  http_client start_proxy(const std::string& tls_pem = {}, int tls_port = 0);

  /// What haproxy logged so far (one line per request).
  std::string proxy_log() const;

  /// Starts a node process with the given certificate and CA, for tests of
  /// strangers; throws if it exits at start.
  std::unique_ptr<server_process>
  start_node(const std::string& id, const std::string& cert_dir,
             const std::string& cert_name, int link_port,
             const std::vector<std::string>& extra,
             const std::string& database = {});

private:
  std::unique_ptr<child_process> proxy_;
};

} // namespace purse::test
