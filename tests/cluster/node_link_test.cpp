// SPDX-License-Identifier: GPL-2.0-or-later
// Node links: CAF's middleman over TLS (caf::openssl) with the certificates
// deploy/cluster-certs.sh makes. Two nodes of one cluster CA exchange actor
// messages; a process with a certificate of another CA, or with none,
// cannot reach a node's published actor. Real sockets on loopback, real
// certificates, two or three actor systems in this process.

#include <boost/test/unit_test.hpp>

#include <chrono>
#include <string>

#include <caf/all.hpp>
#include <caf/io/all.hpp>
#include <caf/openssl/all.hpp>

#include "cluster/certificates.hpp"

namespace {

using echo_actor
  = caf::typed_actor<caf::replies_to<std::string>::with<std::string>>;

echo_actor::behavior_type echo() {
  return {
    [](const std::string& text) {
      return "echo: " + text;
    },
  };
}

/// An actor system with the middleman and TLS; `ca_dir` empty: no
/// certificate at all.
struct node_config : caf::actor_system_config {
  node_config(const std::string& ca_dir, const std::string& name,
              const std::string& trusted_ca) {
    load<caf::io::middleman>();
    load<caf::openssl::manager>();
    add_actor_type("echo", echo);
    if (!ca_dir.empty()) {
      openssl_certificate = ca_dir + "/" + name + ".pem";
      openssl_key = ca_dir + "/" + name + ".key";
    }
    openssl_cafile = trusted_ca;
    set("scheduler.max-threads", 2);
  }
};

/// The error of `x` as text, or "" when it holds a value (the message of a
/// Boost check is built whether or not the check fails).
template <class T>
std::string why(caf::actor_system& sys, const caf::expected<T>& x) {
  return x ? std::string{} : sys.render(x.error());
}

/// Asks `who` to echo "hi"; the answer, or the error's text.
std::string ask(caf::actor_system& sys, const echo_actor& who) {
  caf::scoped_actor self{sys};
  std::string out;
  self->request(who, std::chrono::seconds(5), std::string{"hi"})
    .receive(
      [&](const std::string& text) {
        out = text;
      },
      [&](const caf::error& e) {
        out = "error: " + sys.render(e);
      });
  return out;
}

} // namespace

BOOST_AUTO_TEST_SUITE(node_link)

BOOST_AUTO_TEST_CASE(nodes_of_one_ca_talk_and_strangers_cannot) {
  purse::test::certificates certs;
  auto ca = certs.dir + "/ca.pem";
  node_config one_cfg{certs.dir, "node-1", ca};
  caf::actor_system one{one_cfg};
  auto served = one.spawn(echo);
  auto port = caf::openssl::publish(served, 0, "127.0.0.1");
  BOOST_REQUIRE_MESSAGE(port, why(one, port));

  // Dials the published actor from a new actor system with the given
  // certificate (`cert_dir` empty: none) and trusted CA, and asks it to
  // echo: its answer, or "refused: <why>" when no link came up.
  auto dial = [&](const std::string& cert_dir, const std::string& name,
                  const std::string& trusted_ca) {
    node_config cfg{cert_dir, name, trusted_ca};
    caf::actor_system sys{cfg};
    auto remote = caf::openssl::remote_actor<echo_actor>(sys, "127.0.0.1",
                                                         *port);
    return remote ? ask(sys, *remote) : "refused: " + why(sys, remote);
  };
  auto refused = [](const std::string& answer) {
    return answer.rfind("refused: ", 0) == 0;
  };
  // A node of the same cluster: a proxy, and messages both ways.
  BOOST_TEST(dial(certs.dir, "node-2", ca) == "echo: hi");
  // A node certificate of another CA (it trusts its own CA): refused.
  BOOST_TEST(refused(dial(certs.other, "node-2", certs.other + "/ca.pem")));
  // A certificate of another CA that trusts the cluster's CA: still
  // refused, as node-1 does not trust it.
  BOOST_TEST(refused(dial(certs.other, "node-3", ca)));
  // No certificate at all (CAF's unauthenticated TLS): refused.
  BOOST_TEST(refused(dial("", "", "")));
  // The published node is unharmed and still serves its cluster.
  BOOST_TEST(dial(certs.dir, "node-3", ca) == "echo: hi");
  caf::anon_send_exit(served, caf::exit_reason::user_shutdown);
}

BOOST_AUTO_TEST_SUITE_END()
