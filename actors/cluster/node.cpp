// SPDX-License-Identifier: GPL-2.0-or-later
#include "node.hpp"

#include <atomic>
#include <chrono>
#include <utility>
#include <vector>

#include <caf/openssl/publish.hpp>
#include <caf/openssl/remote_actor.hpp>
#include <caf/scoped_actor.hpp>
#include <caf/send.hpp>

#include "purse/actors/domain.hpp"
#include "purse/persistence/store.hpp"
#include "trust.hpp"

namespace purse {

namespace {

/// How long start-up and leaving wait for the membership's first answer.
constexpr auto membership_wait = std::chrono::seconds(10);

/// Asks the membership actor and waits for its empty reply.
template <class... Ts>
bool ask_membership(caf::actor_system& sys, const membership_node_actor& who,
                    Ts... what) {
  caf::scoped_actor self{sys};
  bool ok = false;
  self->request(who, membership_wait, what...)
    .receive(
      [&] {
        ok = true;
      },
      [&](const caf::error&) {
        ok = false;
      });
  return ok;
}

/// Whether some live member (other than `self_id`) takes a link from this
/// node: true when none is live. A node whose certificate the cluster's
/// CA did not sign is refused by every member, and must not join (it would
/// own keys and scopes that nobody could reach). Throws when a member
/// answers with another interface: it runs a Purse that places keys and
/// scopes otherwise, and the two would each serve some of the same keys.
bool accepted_by_members(
  caf::actor_system& sys, const std::string& self_id,
  const std::vector<std::pair<std::string, std::string>>& endpoints,
  std::string& tried) {
  bool any = false;
  bool accepted = false;
  for (auto& [node, endpoint] : endpoints) {
    if (node == self_id)
      continue;
    any = true;
    std::string host;
    std::uint16_t port = 0;
    if (!split_endpoint(endpoint, host, port))
      continue;
    tried += (tried.empty() ? "" : ", ") + node + " at " + endpoint;
    auto member = caf::openssl::remote_actor<ingress_actor>(sys, host, port);
    if (!member
        && member.error() == caf::sec::unexpected_actor_messaging_interface)
      throw domain_error(
        "cannot join the cluster: member " + node + " at " + endpoint
        + " runs a version of Purse that places keys and scopes on nodes "
          "differently; stop every node, then start the new version on all "
          "of them (CHANGELOG)");
    accepted = accepted || static_cast<bool>(member);
  }
  return accepted || !any;
}

/// Checks that this node may join: its certificate is the CA's, the CA is
/// the cluster's, and a live member (if any) takes its link.
void check_credentials(caf::actor_system& sys, const cluster_options& opts,
                       persistence::store& store) {
  std::string fingerprint;
  std::string pinned;
  try {
    fingerprint = cluster_ca_fingerprint(opts);
  } catch (const std::exception& e) {
    throw domain_error(std::string{"cannot join the cluster: "} + e.what());
  }
  std::vector<std::pair<std::string, std::string>> endpoints;
  try {
    store.query([&](persistence::session& s) {
      pinned = s.pin_cluster_ca(fingerprint);
      endpoints = s.cluster_endpoints();
    });
  } catch (const std::exception& e) {
    throw domain_error(std::string{"cannot read the cluster's members: "}
                       + e.what());
  }
  if (pinned != fingerprint)
    throw domain_error(
      "cannot join the cluster: its CA (SHA-256 " + pinned
      + ") is not this node's --cluster-ca (SHA-256 " + fingerprint
      + "); to move the whole cluster to a new CA, stop every node and "
        "run DELETE FROM cluster_trust in its database");
  std::string tried;
  if (!accepted_by_members(sys, opts.node_id, endpoints, tried))
    throw domain_error("cannot join the cluster: no member accepted a "
                       "link from this node (tried "
                       + tried
                       + "); is its certificate signed by the cluster's "
                         "CA?");
}

} // namespace

cluster_node::cluster_node(cluster_options opts)
  : opts_(std::move(opts)),
    state_(std::make_shared<cluster_state>(opts_.node_id)) {
  // nop
}

std::shared_ptr<placement> cluster_node::where() const {
  return state_;
}

void cluster_node::join(caf::actor_system& sys, const std::string& database_url,
                        persistence::store& store,
                        std::shared_ptr<request_path> path,
                        std::shared_ptr<asio::io_context> io) {
  sys_ = &sys;
  check_credentials(sys, opts_, store);
  auto wire_port = std::make_shared<std::atomic<std::uint16_t>>(0);
  ingress_ = spawn_ingress(sys, state_, path, wire_port);
  auto port = caf::openssl::publish(ingress_, opts_.listen_port,
                                    opts_.listen_host.c_str(), true);
  if (!port) {
    stop();
    throw domain_error("cannot listen for cluster nodes on " + opts_.listen_host
                       + ":" + std::to_string(opts_.listen_port) + ": "
                       + sys.render(port.error()));
  }
  // The call listener after the link's port: without --cluster-call-port
  // it takes any free port, and the port --cluster-listen names is free to
  // the kernel until it is published (whoever chose it may have picked it
  // free). Members ask for the call port (wire_atom) once the membership
  // below has recorded this node, so it is set by then.
  if (io) {
    try {
      wires_ = std::make_shared<wire_context>(std::move(io), opts_);
      calls_ = std::make_shared<call_listener>(sys, wires_, opts_.listen_host,
                                               opts_.call_port);
    } catch (const std::runtime_error& e) {
      stop();
      throw domain_error(e.what());
    }
    wire_port->store(calls_->port(), std::memory_order_release);
    call_listener::servers serve;
    serve.keyed = [path, ingress = ingress_](caf::strong_actor_ptr reply_to,
                                             caf::message_id mid,
                                             std::string lookup_id,
                                             std::string hash, api_call call) {
      serve_wired_call(path, ingress, std::move(reply_to), mid,
                       std::move(lookup_id), std::move(hash), std::move(call));
    };
    serve.admitted = [path](caf::strong_actor_ptr reply_to, caf::message_id mid,
                            api_call call) {
      serve_wired_admitted(path, std::move(reply_to), mid, std::move(call));
    };
    calls_->start(std::move(serve));
  }
  membership_ = spawn_membership(sys, opts_, database_url, state_, ingress_,
                                 std::move(path), wires_);
  // Before the node serves; members' calls may come in already (a null
  // membership: nothing to read again).
  state_->set_membership(membership_);
  // Serve as a member from the first request on.
  if (!ask_membership(sys, membership_, refresh_atom_v, std::int64_t{-1}, true)
      || !state_->serving()) {
    stop();
    throw domain_error("cannot join the cluster: the membership could not "
                       "be recorded in the database");
  }
}

cluster_node::~cluster_node() = default;

void cluster_node::leave() {
  if (membership_)
    ask_membership(*sys_, membership_, leave_atom_v);
}

void cluster_node::stop() {
  if (membership_)
    caf::anon_send_exit(membership_, caf::exit_reason::user_shutdown);
  if (ingress_)
    caf::anon_send_exit(ingress_, caf::exit_reason::user_shutdown);
  if (calls_)
    calls_->stop();
}

} // namespace purse
