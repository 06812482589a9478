// Node links: CAF's middleman over TLS (caf::openssl) with the certificates
// deploy/cluster-certs.sh makes. Two nodes of one cluster CA exchange actor
// messages; a process with a certificate of another CA, or with none,
// cannot reach a node's published actor. Real sockets on loopback, real
// certificates, two or three actor systems in this process.

#include <boost/test/unit_test.hpp>

#include <chrono>
#include <cstdlib>
#include <memory>
#include <string>

#include <caf/all.hpp>
#include <caf/io/all.hpp>
#include <caf/openssl/all.hpp>

#include "support/processes.hpp"

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

/// Certificates of two unrelated cluster CAs, made once for the suite.
struct certificates {
  std::string dir = "/tmp/purse-cluster-certs-"
                    + std::to_string(purse::test::free_port());
  std::string other = dir + "-other";

  certificates() {
    auto script = std::string{std::getenv("PURSE_SOURCE_DIR")}
                  + "/deploy/cluster-certs.sh";
    for (auto& d : {dir, other}) {
      auto r = purse::test::run_command(
        {"/bin/bash", script, d, "node-1", "node-2", "node-3"});
      BOOST_REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    }
  }

  ~certificates() {
    purse::test::run_command({"/bin/rm", "-rf", dir, other});
  }
};

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
  certificates certs;
  auto ca = certs.dir + "/ca.pem";
  node_config one_cfg{certs.dir, "node-1", ca};
  caf::actor_system one{one_cfg};
  auto served = one.spawn(echo);
  auto port = caf::openssl::publish(served, 0, "127.0.0.1");
  BOOST_REQUIRE_MESSAGE(port, why(one, port));

  // A node of the same cluster: a proxy, and messages both ways.
  {
    node_config two_cfg{certs.dir, "node-2", ca};
    caf::actor_system two{two_cfg};
    auto remote = caf::openssl::remote_actor<echo_actor>(two, "127.0.0.1",
                                                         *port);
    BOOST_REQUIRE_MESSAGE(remote, why(two, remote));
    BOOST_TEST(ask(two, *remote) == "echo: hi");
  }

  // A node certificate of another CA (it trusts its own CA): refused.
  {
    node_config stranger_cfg{certs.other, "node-2", certs.other + "/ca.pem"};
    caf::actor_system stranger{stranger_cfg};
    auto remote = caf::openssl::remote_actor<echo_actor>(stranger, "127.0.0.1",
                                                         *port);
    BOOST_TEST(!remote);
  }

  // A certificate of another CA that trusts the cluster's CA: still
  // refused, as node-1 does not trust it.
  {
    node_config stranger_cfg{certs.other, "node-3", ca};
    caf::actor_system stranger{stranger_cfg};
    auto remote = caf::openssl::remote_actor<echo_actor>(stranger, "127.0.0.1",
                                                         *port);
    BOOST_TEST(!remote);
  }

  // No certificate at all (CAF's unauthenticated TLS): refused.
  {
    node_config anonymous_cfg{"", "", ""};
    caf::actor_system anonymous{anonymous_cfg};
    auto remote = caf::openssl::remote_actor<echo_actor>(anonymous, "127.0.0.1",
                                                         *port);
    BOOST_TEST(!remote);
  }

  // The published node is unharmed and still serves its cluster.
  {
    node_config three_cfg{certs.dir, "node-3", ca};
    caf::actor_system three{three_cfg};
    auto remote = caf::openssl::remote_actor<echo_actor>(three, "127.0.0.1",
                                                         *port);
    BOOST_REQUIRE_MESSAGE(remote, why(three, remote));
    BOOST_TEST(ask(three, *remote) == "echo: hi");
  }
  caf::anon_send_exit(served, caf::exit_reason::user_shutdown);
}

BOOST_AUTO_TEST_SUITE_END()
