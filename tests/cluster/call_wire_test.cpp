// SPDX-License-Identifier: GPL-2.0-or-later
// Call wires (actors/cluster/wire.hpp): the calls a node hands to another
// member go over the cluster's own TLS connection to the member's call
// listener, which serves members and nobody else, and which no stranger can
// stop. Real purse-server processes on loopback, real certificates.

#include <boost/test/unit_test.hpp>

#include <chrono>
#include <string>
#include <thread>

#include <asio/connect.hpp>
#include <asio/io_context.hpp>
#include <asio/ip/tcp.hpp>
#include <asio/read.hpp>
#include <asio/ssl.hpp>
#include <asio/write.hpp>

#include "cluster/three_nodes.hpp"
#include "purse/actors/placement_tag.hpp"
#include "purse/cluster/ownership.hpp"
#include "support/e2e.hpp"

using namespace purse::test;

namespace {

/// How a call listener treated a client.
enum class treated { closed, kept_open };

std::ostream& operator<<(std::ostream& out, treated t) {
  return out << (t == treated::closed ? "closed" : "kept open");
}

/// Connects to 127.0.0.1:`port`; with `tls`, shakes hands presenting
/// `cert_dir`/`name` (none when `cert_dir` is empty), else writes
/// `garbage`. Then waits up to `wait` for the listener to close the
/// connection (a member's wire it keeps open, silent).
treated visit(int port, bool tls, const std::string& cert_dir,
              const std::string& name, const std::string& garbage,
              std::chrono::seconds wait) {
  asio::io_context io;
  asio::ssl::context ctx{asio::ssl::context::tls_client};
  if (!cert_dir.empty()) {
    ctx.use_certificate_chain_file(cert_dir + "/" + name + ".pem");
    ctx.use_private_key_file(cert_dir + "/" + name + ".key",
                             asio::ssl::context::pem);
  }
  ctx.set_verify_mode(asio::ssl::verify_none);
  asio::ssl::stream<asio::ip::tcp::socket> stream{io, ctx};
  asio::ip::tcp::endpoint at{asio::ip::make_address("127.0.0.1"),
                             static_cast<unsigned short>(port)};
  stream.lowest_layer().connect(at);
  bool closed = false;
  char byte = 0;
  auto read_one = [&] {
    if (tls)
      asio::async_read(stream, asio::buffer(&byte, 1),
                       [&](const asio::error_code& ec, std::size_t) {
                         closed = closed || static_cast<bool>(ec);
                       });
    else
      asio::async_read(stream.next_layer(), asio::buffer(&byte, 1),
                       [&](const asio::error_code& ec, std::size_t) {
                         closed = closed || static_cast<bool>(ec);
                       });
  };
  if (tls) {
    stream.async_handshake(asio::ssl::stream_base::client,
                           [&](const asio::error_code& ec) {
                             if (ec)
                               closed = true;
                             else
                               read_one();
                           });
  } else {
    if (!garbage.empty())
      asio::write(stream.next_layer(), asio::buffer(garbage));
    read_one();
  }
  io.run_for(wait);
  return closed ? treated::closed : treated::kept_open;
}

/// Reads `key`'s profile through node `via` until one read went over a
/// call wire (within 10 s); whether one did.
bool read_over_a_wire(const three_nodes& c, std::size_t via,
                      const std::string& key) {
  auto wired = [&] {
    return c.metric(via, "purse_forwarded_calls_by_wire_total");
  };
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < until) {
    auto before = wired();
    auto status = c.client(via).get(v1("/me"), key).status;
    BOOST_TEST(status == 200);
    if (wired() == before + 1)
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return false;
}

} // namespace

BOOST_AUTO_TEST_SUITE(call_wires)

BOOST_AUTO_TEST_CASE(calls_go_over_wires_that_strangers_cannot_use_or_stop) {
  three_nodes c;
  auto call_port = c.nodes[2].call_port;
  // A key node 3 serves, read through node 1: over node 1's wire to it.
  auto user = make_user("solo");
  while (c.key_owner(user.key) != 2)
    user = make_user("solo");
  BOOST_TEST(read_over_a_wire(c, 0, user.key));
  BOOST_TEST(
    c.metric(0, R"(purse_forwarded_calls_total{owner="key",op="read"})") >= 1);

  // Strangers: each is closed, none served.
  auto seconds = [](int n) {
    return std::chrono::seconds(n);
  };
  BOOST_TEST(
    visit(call_port, false, "", "", "GET / HTTP/1.1\r\n\r\n", seconds(10))
    == treated::closed);
  // Silent: closed at the handshake's deadline (5 s).
  BOOST_TEST(visit(call_port, false, "", "", "", seconds(10))
             == treated::closed);
  BOOST_TEST(visit(call_port, true, "", "", "", seconds(10))
             == treated::closed);
  BOOST_TEST(visit(call_port, true, c.certs.other, "node-1", "", seconds(10))
             == treated::closed);
  // A member's certificate: kept open (the check can fail).
  BOOST_TEST(visit(call_port, true, c.certs.dir, "node-1", "", seconds(2))
             == treated::kept_open);

  // The listener still takes members' new wires: node 2, restarted, dials
  // node 3 anew and hands it the key's calls over its wire.
  c.restart(1);
  c.wait_ready();
  BOOST_TEST(read_over_a_wire(c, 1, user.key));
  // And the wire that was up before all this still carries calls.
  BOOST_TEST(read_over_a_wire(c, 0, user.key));
}

BOOST_AUTO_TEST_CASE(a_teams_calls_go_over_the_wire_to_the_teams_node) {
  three_nodes c;
  // A team that another node serves than its owner's key: each team call
  // is admitted where the key is served and handed to the team's node.
  auto owner = make_user("family");
  auto via = c.key_owner(owner.key);
  std::string team;
  for (int tries = 0; tries < 64 && team.empty(); ++tries) {
    auto id = admin_field(
      {"team", "create", "--name", "Wired", "--owner", owner.id}, "id");
    if (c.scope_owner(id) != via)
      team = id;
  }
  BOOST_REQUIRE(!team.empty());
  auto node = c.client(via);
  auto base = v1("/teams/" + team);
  auto wired = [&] {
    return c.metric(via, "purse_forwarded_calls_by_wire_total");
  };
  auto scope_calls = [&](const std::string& op) {
    return c.metric(via, R"(purse_forwarded_calls_total{owner="scope",op=")"
                           + op + R"("})");
  };
  // Once the wire to the team's node is up, every team call takes it.
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  for (double before = wired();
       wired() == before && std::chrono::steady_clock::now() < until;
       std::this_thread::sleep_for(std::chrono::milliseconds(100)))
    BOOST_REQUIRE(node.get(base + "/accounts", owner.key).status == 200);
  auto wired_before = wired();
  auto reads_before = scope_calls("read");
  auto writes_before = scope_calls("write");

  auto made = node.post(base + "/accounts", owner.key,
                        R"({"name":"Wired","currency_code":"USD"})");
  BOOST_REQUIRE(made.status == 201);
  auto account = made.at("/data/id");
  for (int i = 0; i < 3; ++i)
    BOOST_TEST(node
                 .post(base + "/transactions", owner.key,
                       R"({"account_id":")" + account
                         + R"(","flow_type":"expense","amount":125,)"
                           R"("currency_code":"USD",)"
                           R"("transaction_at":"2026-03-01T10:00:00Z"})")
                 .status
               == 201);
  // A refusal of the team's node comes back whole.
  auto refused = node.post(base + "/transactions", owner.key,
                           R"({"account_id":")" + account + R"("})");
  BOOST_TEST(refused.status == 422);
  BOOST_TEST(refused.at("/meta/error") == "validation_failed");
  auto listed = node.get(base + "/transactions", owner.key);
  BOOST_TEST(listed.status == 200);
  BOOST_TEST(listed.at("/data/pagination/total") == "3");

  BOOST_TEST(wired() - wired_before == 6);
  BOOST_TEST(scope_calls("write") - writes_before == 5);
  BOOST_TEST(scope_calls("read") - reads_before == 1);
  // The records are the team's, whichever node is asked.
  BOOST_TEST(c.client(c.scope_owner(team))
               .get(base + "/transactions", owner.key)
               .at("/data/pagination/total")
             == "3");
}

BOOST_AUTO_TEST_SUITE_END()
