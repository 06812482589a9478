// SPDX-License-Identifier: GPL-2.0-or-later
#include "cluster/three_nodes.hpp"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <stdexcept>
#include <thread>

#include "purse/actors/placement_tag.hpp"
#include "purse/cluster/ownership.hpp"
#include "support/e2e.hpp"

namespace purse::test {

std::string lookup_id_of(const std::string& token) {
  return token.substr(6, 12);
}

namespace {

std::string joined(std::vector<std::string> ids) {
  std::sort(ids.begin(), ids.end());
  std::string out;
  for (auto& id : ids)
    out += (out.empty() ? "" : ",") + id;
  return out;
}

} // namespace

three_nodes::three_nodes(std::vector<std::string> extra,
                         std::vector<std::string> databases, bool wait) {
  // Members of earlier tests (killed nodes keep their lease for a while)
  // are not this cluster's.
  sql("DELETE FROM cluster_members");
  // Each test makes a CA of its own: the cluster pins this one.
  sql("DELETE FROM cluster_trust");
  auto tag = std::to_string(free_port());
  for (int i = 1; i <= 3; ++i) {
    cluster_node n;
    n.id = "node-" + std::to_string(i) + "-" + tag;
    n.cert_name = "node-" + std::to_string(i);
    n.link_port = free_port();
    n.call_port = free_port();
    n.metrics_port = free_port();
    n.extra = extra;
    if (static_cast<std::size_t>(i) <= databases.size())
      n.database = databases[static_cast<std::size_t>(i - 1)];
    nodes.push_back(std::move(n));
  }
  for (std::size_t i = 0; i < nodes.size(); ++i)
    restart(i);
  if (wait)
    wait_ready();
}

three_nodes::~three_nodes() {
  proxy_.reset();
  // Leave on purpose, so the next test's members are alone at once.
  for (auto& n : nodes)
    if (n.process && n.process->running())
      n.process->stop(SIGTERM, 30);
}

std::unique_ptr<server_process>
three_nodes::start_node(const std::string& id, const std::string& cert_dir,
                        const std::string& cert_name, int link_port,
                        const std::vector<std::string>& extra,
                        const std::string& database) {
  std::vector<std::string> flags{
    "--node-id",        id,
    "--cluster-listen", "127.0.0.1:" + std::to_string(link_port),
    "--cluster-ca",     cert_dir + "/ca.pem",
    "--cluster-cert",   cert_dir + "/" + cert_name + ".pem",
    "--cluster-key",    cert_dir + "/" + cert_name + ".key"};
  flags.insert(flags.end(), extra.begin(), extra.end());
  return std::make_unique<server_process>(flags, true, database);
}

void three_nodes::restart(std::size_t i) {
  auto& n = nodes[i];
  // The HTTP port stays the node's own: haproxy and the test know it.
  std::vector<std::string> extra = n.extra;
  // A port of its own for the members' call wires, kept across restarts
  // (an ephemeral one could take a port the suite picked for a node that
  // is down).
  extra.push_back("--cluster-call-port");
  extra.push_back(std::to_string(n.call_port));
  extra.push_back("--metrics-listen");
  extra.push_back("127.0.0.1:" + std::to_string(n.metrics_port));
  if (n.process) {
    extra.push_back("--listen");
    extra.push_back("127.0.0.1:" + std::to_string(n.process->port()));
  }
  n.process.reset();
  n.process = start_node(n.id, certs.dir, n.cert_name, n.link_port, extra,
                         n.database);
}

double three_nodes::metric(std::size_t i, const std::string& series) const {
  http_client scraper{"http://127.0.0.1:"
                      + std::to_string(nodes[i].metrics_port)};
  auto text = scraper.get("/metrics", "").body;
  auto at = text.find("\n" + series + " ");
  if (at == std::string::npos)
    return -1;
  return std::stod(text.substr(at + series.size() + 2));
}

std::vector<std::string> three_nodes::ids() const {
  std::vector<std::string> out;
  for (auto& n : nodes)
    if (n.process)
      out.push_back(n.id);
  return out;
}

std::size_t three_nodes::owner_index(std::string_view tag) const {
  auto owner = owner_of(tag, ids());
  for (std::size_t i = 0; i < nodes.size(); ++i)
    if (nodes[i].id == owner)
      return i;
  throw std::runtime_error("no owner for " + std::string{tag});
}

std::size_t three_nodes::key_owner(const std::string& token) const {
  return owner_index(key_tag(lookup_id_of(token)));
}

std::size_t three_nodes::scope_owner(const std::string& scope_id) const {
  return owner_index(scope_tag(scope_id));
}

http_client three_nodes::client(std::size_t i) const {
  return http_client{nodes[i].process->base_url()};
}

void three_nodes::wait_ready() {
  using clock = std::chrono::steady_clock;
  auto until = clock::now() + std::chrono::seconds(30);
  auto members = joined(ids());
  auto pause = [] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  };
  // 1. The view holds exactly the running nodes.
  while (sql_value("SELECT COALESCE((SELECT members FROM purse_cluster_view()"
                   "), '')")
         != members) {
    if (clock::now() > until)
      throw std::runtime_error("the cluster's view never became " + members);
    pause();
  }
  // 2. A key served by each node answers through every node (every link
  //    is up both ways). A user's keys are all served where the user's
  //    records are: one user per node.
  std::vector<std::string> keys(nodes.size());
  for (int tries = 0; tries < 64; ++tries) {
    if (std::none_of(keys.begin(), keys.end(), [&](const std::string& k) {
          return k.empty();
        }))
      break;
    auto probe = make_user("solo");
    auto owner = key_owner(probe.key);
    if (keys[owner].empty())
      keys[owner] = probe.key;
  }
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (!nodes[i].process)
      continue;
    for (std::size_t j = 0; j < nodes.size(); ++j) {
      if (!nodes[j].process || keys[j].empty())
        continue;
      auto c = client(i);
      while (c.get(v1("/me"), keys[j]).status != 200) {
        if (clock::now() > until)
          throw std::runtime_error("node " + nodes[i].id + " cannot reach node "
                                   + nodes[j].id);
        pause();
      }
    }
  }
  // 3. Each answers /readyz 200 (the other members have read its view).
  wait_readyz();
}

void three_nodes::wait_readyz() {
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  for (;;) {
    bool all = true;
    for (std::size_t i = 0; i < nodes.size() && all; ++i)
      all = !nodes[i].process || client(i).get("/readyz", "").status == 200;
    if (all)
      return;
    if (std::chrono::steady_clock::now() > until)
      throw std::runtime_error("the nodes never all answered /readyz 200");
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

http_client three_nodes::start_proxy(const std::string& tls_pem, int tls_port) {
  auto port = free_port();
  std::string source = std::getenv("PURSE_SOURCE_DIR");
  auto config = source + "/deploy/haproxy.cfg";
  auto at = [&](std::size_t i) {
    return "127.0.0.1:" + std::to_string(nodes[i].process->port());
  };
  std::vector<std::string> env{"PURSE_FRONT=127.0.0.1:" + std::to_string(port),
                               "PURSE_ROUTE_LUA=" + source
                                 + "/deploy/purse-route.lua"};
  for (std::size_t i = 0; i < 3; ++i) {
    auto n = std::to_string(i + 1);
    env.push_back("PURSE_NODE" + n + "=" + at(i));
    // The server names are the node ids (the Lua routing computes owners
    // from them).
    env.push_back("PURSE_NODE" + n + "_ID=" + nodes[i].id);
  }
  if (!tls_pem.empty()) {
    env.push_back("PURSE_TLS_FRONT=127.0.0.1:" + std::to_string(tls_port));
    env.push_back("PURSE_TLS_PEM=" + tls_pem);
  }
  proxy_ = std::make_unique<child_process>(
    std::vector<std::string>{"/usr/sbin/haproxy", "-db", "-f", config}, env);
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!port_accepts(port)) {
    if (!proxy_->running() || std::chrono::steady_clock::now() > until)
      throw std::runtime_error("haproxy did not start: " + proxy_->log());
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  // Its first health checks pass within a few seconds (rise 2, inter 1s).
  std::this_thread::sleep_for(std::chrono::seconds(3));
  return http_client{"http://127.0.0.1:" + std::to_string(port)};
}

std::string three_nodes::proxy_log() const {
  return proxy_ ? proxy_->log() : std::string{};
}

} // namespace purse::test
