// SPDX-License-Identifier: GPL-2.0-or-later
// Keys are served from memory, yet every change of a key, a plan or a
// membership reaches every server by notification and refuses the key
// from then on, also on a connection that was already open, whoever made
// the change; without the LISTEN connection the server reads the database
// per request (fail closed). purse-admin returns only once every server has
// handled its change (the acknowledgement barrier), so the very next
// request is refused with no sleep and no second try; a writer without
// purse-admin calls the same barrier after its commit.

#include <boost/test/unit_test.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <memory>
#include <regex>
#include <thread>

#include "purse/persistence/auth_barrier.hpp"
#include "purse/persistence/listener.hpp"
#include "support/e2e.hpp"

using namespace purse::test;
using purse::persistence::await_auth_listeners;

namespace {

/// One HTTP/1.1 connection kept open across requests.
class keep_alive {
public:
  explicit keep_alive(int port) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<uint16_t>(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    BOOST_REQUIRE(
      ::connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
  }

  ~keep_alive() {
    ::close(fd_);
  }

  /// Sends a GET with the key and returns the status.
  int get(const std::string& path, const std::string& key) {
    auto req = "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: "
               + "Bearer " + key + "\r\nAccept: application/json\r\n\r\n";
    BOOST_REQUIRE(::send(fd_, req.data(), req.size(), 0)
                  == static_cast<ssize_t>(req.size()));
    std::string buf;
    std::size_t need = std::string::npos;
    char chunk[4096];
    while (need == std::string::npos || buf.size() < need) {
      auto n = ::recv(fd_, chunk, sizeof chunk, 0);
      BOOST_REQUIRE_MESSAGE(n > 0, "the server closed the connection");
      buf.append(chunk, static_cast<std::size_t>(n));
      auto end = buf.find("\r\n\r\n");
      if (need == std::string::npos && end != std::string::npos) {
        std::smatch m;
        static const std::regex length{"[Cc]ontent-[Ll]ength: *([0-9]+)"};
        auto head = buf.substr(0, end);
        BOOST_REQUIRE(std::regex_search(head, m, length));
        need = end + 4 + std::stoul(m[1]);
      }
    }
    ++requests_;
    return std::stoi(buf.substr(9, 3));
  }

private:
  int fd_ = -1;
  int requests_ = 0;
};

/// Counts a log event in the server's output.
int count_events(const server_process& s, const std::string& event) {
  auto log = s.log();
  auto needle = "\"event\":\"" + event + "\"";
  int n = 0;
  for (auto i = log.find(needle); i != std::string::npos;
       i = log.find(needle, i + 1))
    ++n;
  return n;
}

/// Waits (bounded) until the server logged `event` `n` times.
bool wait_for_event(const server_process& s, const std::string& event, int n) {
  for (int i = 0; i < 200; ++i) {
    if (count_events(s, event) >= n)
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

const std::string me = "/api/public/v1/me/transactions";

/// Runs purse-admin and requires success. Its stderr is not checked: a
/// server of a suite running beside this one, killed at the wrong instant,
/// can be counted and not answer (a warning, after the timeout), which
/// changes nothing for this suite's servers.
command_result admin_ok(const std::vector<std::string>& args) {
  auto r = admin(args);
  BOOST_REQUIRE_MESSAGE(r.exit_code == 0, r.err);
  return r;
}

/// The number of listener sessions (purse-server-auth) on a database.
int listener_sessions(const std::string& url) {
  return std::stoi(sql_value("SELECT count(*) FROM pg_stat_activity"
                             " WHERE application_name = 'purse-server-auth'"
                             " AND datname = current_database()",
                             url));
}

/// Waits (bounded) until `n` listener sessions are on the database (a
/// closed one leaves pg_stat_activity shortly after its client).
bool listener_sessions_become(const std::string& url, int n) {
  for (int i = 0; i < 500; ++i) {
    if (listener_sessions(url) == n)
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

/// Runs purse-admin on another database.
command_result admin_on(const std::string& url,
                        const std::vector<std::string>& args) {
  std::vector<std::string> argv{std::getenv("PURSE_ADMIN_BIN")};
  argv.insert(argv.end(), args.begin(), args.end());
  return run_command(argv, {"PURSE_DATABASE_URL=" + url});
}

} // namespace

BOOST_AUTO_TEST_SUITE(auth_cache)

BOOST_AUTO_TEST_CASE(a_revocation_refuses_the_next_request_on_an_open_line) {
  auto& server = shared_server();
  BOOST_REQUIRE(wait_for_event(server, "auth_listening", 1));
  auto u = make_user("solo");
  keep_alive line{server.port()};
  BOOST_TEST(line.get(me, u.key) == 200);
  BOOST_TEST(line.get(me, u.key) == 200); // now from memory
  admin_ok({"key", "revoke", "--key", u.key_id});
  BOOST_TEST(line.get(me, u.key) == 401);
  BOOST_TEST(line.get(me, u.key) == 401);
}

BOOST_AUTO_TEST_CASE(a_plan_downgrade_refuses_the_next_request) {
  auto& server = shared_server();
  BOOST_REQUIRE(wait_for_event(server, "auth_listening", 1));
  auto u = make_user("solo");
  keep_alive line{server.port()};
  BOOST_TEST(line.get(me, u.key) == 200);
  BOOST_TEST(line.get(me, u.key) == 200);
  admin_ok({"user", "set-plan", "--user", u.id, "--plan", "free"});
  BOOST_TEST(line.get(me, u.key) == 402);
  BOOST_TEST(line.get(me, u.key) == 402);
  admin_ok({"user", "set-plan", "--user", u.id, "--plan", "solo"});
  BOOST_TEST(line.get(me, u.key) == 200);
}

BOOST_AUTO_TEST_CASE(a_removed_member_is_refused_on_the_next_request) {
  auto& server = shared_server();
  BOOST_REQUIRE(wait_for_event(server, "auth_listening", 1));
  auto owner = make_user("family");
  auto member = make_user("solo");
  auto team = admin_field(
    {"team", "create", "--name", "Cache", "--owner", owner.id}, "id");
  admin_ok({"team", "add-member", "--team", team, "--user", member.id, "--role",
            "member"});
  auto path = "/api/public/v1/teams/" + team + "/transactions";
  keep_alive line{server.port()};
  BOOST_TEST(line.get(path, member.key) == 200);
  BOOST_TEST(line.get(path, member.key) == 200);
  admin_ok({"team", "remove-member", "--team", team, "--user", member.id});
  BOOST_TEST(line.get(path, member.key) == 403);
  // Added again: admitted on the next request (a cached refusal is dropped
  // as well).
  admin_ok({"team", "add-member", "--team", team, "--user", member.id, "--role",
            "viewer"});
  BOOST_TEST(line.get(path, member.key) == 200);
  // The owner's downgrade reaches members too (their team_owner_plan).
  auto second = make_user("solo");
  admin_ok({"team", "add-member", "--team", team, "--user", second.id, "--role",
            "viewer"});
  BOOST_TEST(line.get(path, second.key) == 200);
  BOOST_TEST(line.get(path, second.key) == 200);
  admin_ok({"user", "set-plan", "--user", owner.id, "--plan", "free"});
  BOOST_TEST(line.get(path, second.key) == 402);
  BOOST_TEST(line.get(path, member.key) == 402);
}

BOOST_AUTO_TEST_CASE(purse_admin_returns_once_both_servers_dropped_the_cache) {
  // Two servers on one database, each with a warm cache on an open line;
  // purse-admin talks to neither.
  auto& first = shared_server();
  server_process second;
  BOOST_REQUIRE(wait_for_event(first, "auth_listening", 1));
  BOOST_REQUIRE(wait_for_event(second, "auth_listening", 1));
  auto u = make_user("solo");
  auto v = make_user("solo");
  auto owner = make_user("family");
  auto member = make_user("solo");
  auto team = admin_field(
    {"team", "create", "--name", "Two", "--owner", owner.id}, "id");
  admin_ok({"team", "add-member", "--team", team, "--user", member.id, "--role",
            "member"});
  auto path = "/api/public/v1/teams/" + team + "/transactions";
  keep_alive a{first.port()};
  keep_alive b{second.port()};
  for (auto* line : {&a, &b})
    for (int i = 0; i < 2; ++i) {
      BOOST_TEST(line->get(me, u.key) == 200);
      BOOST_TEST(line->get(me, v.key) == 200);
      BOOST_TEST(line->get(path, member.key) == 200);
    }
  admin_ok({"key", "revoke", "--key", u.key_id});
  BOOST_TEST(a.get(me, u.key) == 401);
  BOOST_TEST(b.get(me, u.key) == 401);
  admin_ok({"user", "set-plan", "--user", v.id, "--plan", "free"});
  BOOST_TEST(b.get(me, v.key) == 402);
  BOOST_TEST(a.get(me, v.key) == 402);
  admin_ok({"team", "remove-member", "--team", team, "--user", member.id});
  BOOST_TEST(a.get(path, member.key) == 403);
  BOOST_TEST(b.get(path, member.key) == 403);
}

BOOST_AUTO_TEST_CASE(a_change_by_plain_sql_is_seen_after_the_barrier) {
  // Two servers on one database; the change comes from neither of them
  // (plain SQL from another connection), and the writer awaits the
  // barrier after its commit, as any other writer of auth state must.
  auto& first = shared_server();
  server_process second;
  BOOST_REQUIRE(wait_for_event(first, "auth_listening", 1));
  BOOST_REQUIRE(wait_for_event(second, "auth_listening", 1));
  auto u = make_user("solo");
  keep_alive a{first.port()};
  keep_alive b{second.port()};
  BOOST_TEST(a.get(me, u.key) == 200);
  BOOST_TEST(b.get(me, u.key) == 200);
  BOOST_TEST(a.get(me, u.key) == 200);
  BOOST_TEST(b.get(me, u.key) == 200);
  sql("UPDATE api_keys SET revoked_at = extract(epoch from now())::bigint"
      " WHERE id = '"
      + u.key_id + "'");
  auto r = await_auth_listeners(database_url(), std::chrono::seconds(10));
  // These two at least (suites running beside this one have servers too).
  BOOST_TEST(r.expected >= 2u);
  BOOST_TEST(r.confirmed >= 2u);
  BOOST_TEST(a.get(me, u.key) == 401);
  BOOST_TEST(b.get(me, u.key) == 401);
}

BOOST_AUTO_TEST_CASE(a_new_profile_zone_applies_to_the_next_report) {
  // The reports' default zone is part of the key's cached state: a change
  // of it (plain SQL, then the barrier) applies to the very next report,
  // kept answers included (they are kept per zone).
  shared_server();
  auto u = make_user("solo");
  auto zone_of_report = [&] {
    auto r = api().get(v1("/me/reports/total-spending"), u.key);
    BOOST_REQUIRE_MESSAGE(r.status == 200, r.body);
    return r.at("/data/range/timezone");
  };
  BOOST_TEST(zone_of_report() == "UTC");
  BOOST_TEST(zone_of_report() == "UTC");
  sql("UPDATE users SET timezone = 'Asia/Tokyo' WHERE id = '" + u.id + "'");
  await_auth_listeners(database_url(), std::chrono::seconds(10));
  BOOST_TEST(zone_of_report() == "Asia/Tokyo");
}

BOOST_AUTO_TEST_CASE(a_lost_listen_connection_fails_closed_and_recovers) {
  // A server of its own: its LISTEN connection is killed.
  server_process server;
  auto u = make_user("solo");
  keep_alive line{server.port()};
  BOOST_REQUIRE(wait_for_event(server, "auth_listening", 1));
  BOOST_TEST(line.get(me, u.key) == 200);
  BOOST_TEST(line.get(me, u.key) == 200);
  auto pid = std::regex_replace(
    server.log(), std::regex{R"([\s\S]*"backend_pid":(\d+)[\s\S]*)"}, "$1");
  sql("SELECT pg_terminate_backend(" + pid + ")");
  BOOST_REQUIRE(wait_for_event(server, "auth_listener_lost", 1));
  // Not ready for a load balancer while it cannot listen (it waits a
  // second before it reconnects).
  http_client probe{server.base_url()};
  BOOST_TEST(probe.get("/readyz", "").status == 503);
  // No notification can reach the server now: it must read the key.
  sql("UPDATE api_keys SET revoked_at = extract(epoch from now())::bigint"
      " WHERE id = '"
      + u.key_id + "'");
  BOOST_TEST(line.get(me, u.key) == 401);
  // Another key keeps working (from the database) while the line is down.
  auto other = make_key(u.id);
  BOOST_TEST(line.get(me, other) == 200);
  // Back: keys are cached again, and notifications refuse them again.
  BOOST_REQUIRE(wait_for_event(server, "auth_listening", 2));
  BOOST_TEST(probe.get("/readyz", "").status == 200);
  BOOST_TEST(line.get(me, other) == 200);
  BOOST_TEST(line.get(me, other) == 200);
  sql("UPDATE api_keys SET revoked_at = extract(epoch from now())::bigint"
      " WHERE user_id = '"
      + u.id + "'");
  await_auth_listeners(database_url(), std::chrono::seconds(10));
  BOOST_TEST(line.get(me, other) == 401);
  BOOST_TEST(line.get(me, other) == 401);
}

BOOST_AUTO_TEST_CASE(the_barrier_without_servers_and_with_a_silent_one) {
  // A database of this test's own: the barrier counts every listener
  // session on its database.
  std::string name = "purse_barrier_e2e";
  sql("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
  sql("CREATE DATABASE " + name);
  auto url = sibling_database_url(name);
  BOOST_REQUIRE_EQUAL(admin_on(url, {"migrate"}).exit_code, 0);
  auto user = [&] {
    auto r = admin_on(url, {"user", "create", "--email", "barrier@test.purse",
                            "--plan", "solo"});
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    return std::regex_replace(
      r.out, std::regex{R"re([\s\S]*"id":"([^"]+)"[\s\S]*)re"}, "$1");
  }();
  using clock = std::chrono::steady_clock;
  // No server: nothing to wait for.
  auto start = clock::now();
  auto none = await_auth_listeners(url, std::chrono::seconds(10));
  BOOST_TEST(none.complete);
  BOOST_TEST(none.expected == 0u);
  BOOST_TEST((clock::now() - start < std::chrono::seconds(2)));
  auto r = admin_on(url,
                    {"user", "set-plan", "--user", user, "--plan", "free"});
  BOOST_TEST(r.exit_code == 0);
  BOOST_TEST(r.err.empty());
  // A real server, and a session named like a server's listener that never
  // answers (a server whose listener is stuck).
  server_process server{{}, true, url};
  BOOST_REQUIRE(wait_for_event(server, "auth_listening", 1));
  auto silent = std::make_unique<purse::persistence::listener>(
    url, purse::persistence::auth_channel,
    purse::persistence::auth_listener_name);
  start = clock::now();
  auto some = await_auth_listeners(url, std::chrono::milliseconds(500));
  auto took = clock::now() - start;
  BOOST_TEST(!some.complete);
  BOOST_TEST(some.expected == 2u);
  BOOST_TEST(some.confirmed == 1u);
  BOOST_TEST((took >= std::chrono::milliseconds(500)));
  BOOST_TEST((took < std::chrono::seconds(5)));
  // purse-admin commits, warns how many servers confirmed, and succeeds.
  r = admin_on(url, {"--ack-timeout", "500", "user", "set-plan", "--user", user,
                     "--plan", "solo"});
  BOOST_TEST(r.exit_code == 0);
  BOOST_TEST(r.out.find("\"plan\":\"solo\"") != std::string::npos);
  BOOST_TEST(
    r.err.find("warning: the change is committed") != std::string::npos, r.err);
  BOOST_TEST(r.err.find("only 1 of 2 running servers confirmed")
               != std::string::npos,
             r.err);
  BOOST_TEST(sql_value("SELECT plan FROM users WHERE id = '" + user + "'", url)
             == "solo");
  // A bad timeout is refused before anything changes.
  r = admin_on(url, {"--ack-timeout", "0", "user", "set-plan", "--user", user,
                     "--plan", "free"});
  BOOST_TEST(r.exit_code == 1);
  BOOST_TEST(sql_value("SELECT plan FROM users WHERE id = '" + user + "'", url)
             == "solo");
  // The stuck session gone, purse-admin is quiet again.
  silent.reset();
  BOOST_REQUIRE(listener_sessions_become(url, 1));
  r = admin_on(url, {"user", "set-plan", "--user", user, "--plan", "free"});
  BOOST_TEST(r.exit_code == 0);
  BOOST_TEST(r.err.empty(), r.err);
}

BOOST_AUTO_TEST_SUITE_END()
