// SPDX-License-Identifier: GPL-2.0-or-later
// The database goes away under a running server: clients get 503 with
// Retry-After (never a crash, a hang or a 500), and service resumes by
// itself when the database is back. Uses a private cluster of its own so
// other suites are not disturbed.

#include <chrono>
#include <cstdlib>
#include <sstream>
#include <thread>

#include <boost/test/unit_test.hpp>
#include <rapidjson/document.h>

#include "support/e2e.hpp"
#include "support/pg_session.hpp"

using namespace purse::test;

namespace {

/// A private PostgreSQL cluster made with deploy/pg-local.sh.
struct private_cluster {
  std::string script = std::string{std::getenv("PURSE_SOURCE_DIR")}
                       + "/deploy/pg-local.sh";
  std::string dir = "/tmp/purse-outage-" + std::to_string(free_port());
  std::string port = std::to_string(free_port());
  std::string url;

  private_cluster() {
    url = start();
  }

  ~private_cluster() {
    run_command({"/bin/bash", script, "stop", dir});
    run_command({"/bin/rm", "-rf", dir});
  }

  std::string start() {
    auto r = run_command({"/bin/bash", script, "start", dir, port}, {}, 120);
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    return r.out.substr(0, r.out.find('\n'));
  }

  void stop() {
    BOOST_REQUIRE_EQUAL(
      run_command({"/bin/bash", script, "stop", dir}).exit_code, 0);
  }

  /// Runs purse-admin on this cluster; what it printed (it must succeed).
  std::string admin(const std::vector<std::string>& args) {
    std::vector<std::string> argv{std::getenv("PURSE_ADMIN_BIN")};
    argv.insert(argv.end(), args.begin(), args.end());
    auto r = run_command(argv, {"PURSE_DATABASE_URL=" + url});
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    return r.out;
  }

  std::string admin_field(const std::vector<std::string>& args,
                          const char* field) {
    auto out = admin(args);
    auto key = std::string{"\""} + field + "\":\"";
    auto at = out.find(key);
    BOOST_REQUIRE_MESSAGE(at != std::string::npos, out);
    at += key.size();
    return out.substr(at, out.find('"', at) - at);
  }

  /// Migrates the database and makes a user on the Solo plan with `email`:
  /// the secret of a new key of theirs.
  std::string migrated_with_key(const std::string& email) {
    admin({"migrate"});
    auto user = admin_field(
      {"user", "create", "--email", email, "--plan", "solo"}, "id");
    return admin_field({"key", "create", "--user", user}, "secret");
  }
};

/// The lines of `text` that are not a JSON log line (an object with a
/// time, a level and an event).
std::vector<std::string> non_json_lines(const std::string& text) {
  std::vector<std::string> bad;
  std::istringstream in{text};
  for (std::string line; std::getline(in, line);) {
    rapidjson::Document d;
    d.Parse(line.c_str());
    if (d.HasParseError() || !d.IsObject() || !d.HasMember("ts")
        || !d.HasMember("level") || !d.HasMember("event"))
      bad.push_back(line);
  }
  return bad;
}

/// How many lines of `log` have "event":"`event`".
int count_events(const std::string& log, const std::string& event) {
  int n = 0;
  auto needle = "\"event\":\"" + event + "\"";
  for (auto at = log.find(needle); at != std::string::npos;
       at = log.find(needle, at + 1))
    ++n;
  return n;
}

/// Polls `path` every 50 ms until it answers `status` (up to 30 s).
bool becomes(const http_client& client, const char* path, long status) {
  for (int i = 0; i < 600; ++i) {
    if (client.get(path, "").status == status)
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

/// The test suites allow shared databases; the server lock tests do not.
const std::vector<std::string> strict{"PURSE_ALLOW_SHARED_DATABASE=0"};

/// Why a server alone on `url` does not start ("" if it does).
std::string refusal(const std::string& url) {
  try {
    server_process second{{}, true, url, strict};
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return {};
}

} // namespace

BOOST_AUTO_TEST_SUITE(outage)

BOOST_AUTO_TEST_CASE(a_database_outage_is_503_and_service_resumes) {
  private_cluster pg;
  auto key = pg.migrated_with_key("o@test.purse");
  server_process server{{"--db-pool", "2"}, true, pg.url};
  http_client client{server.base_url()};
  // The probes for load balancers: no key. /readyz follows the database
  // (bounded waits: the server notices a lost or returned database within
  // a second or two).
  auto probe_becomes = [&](const char* path, long status) {
    long got = 0;
    for (int i = 0; i < 100 && got != status; ++i) {
      if (i > 0)
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
      got = client.get(path, "").status;
    }
    return got == status;
  };
  BOOST_TEST(probe_becomes("/readyz", 200));
  BOOST_TEST(client.get("/readyz", "").body.find(R"("status":"ready")")
             != std::string::npos);
  BOOST_TEST(client.get(v1("/me/tags"), key).status == 200);
  pg.stop();
  BOOST_TEST(probe_becomes("/readyz", 503));
  auto not_ready = client.get("/readyz", "");
  BOOST_TEST(not_ready.header("retry-after") == "1");
  BOOST_TEST(not_ready.at("/meta/code") == "503");
  BOOST_TEST(client.get("/healthz", "").status == 200);
  // Every request while it is down, not only the first few (new
  // connections are refused: transient too), with one warning in the log
  // for all of them, not an error per request.
  for (int i = 0; i < 20; ++i)
    for (auto method : {"GET", "POST"}) {
      auto r = client.request(method, v1("/me/tags"), key,
                              method == std::string{"POST"} ? R"({"name":"x"})"
                                                            : "");
      BOOST_TEST(r.status == 503, method << " #" << i);
      BOOST_TEST(r.at("/meta/code") == "503");
      BOOST_TEST(r.header("retry-after") == "5");
      BOOST_TEST(r.body.find("SQL") == std::string::npos);
    }
  auto log = server.log();
  auto count = [&](const std::string& event) {
    return count_events(log, event);
  };
  BOOST_TEST(count("request_failed") == 0);
  BOOST_TEST(count("auth_lookup_failed") == 0);
  BOOST_TEST(count("db_task_failed") == 0);
  BOOST_TEST((count("db_unavailable") >= 1 && count("db_unavailable") <= 3));
  pg.start();
  long status = 0;
  for (int i = 0; i < 20 && status != 200; ++i) {
    status = client.get(v1("/me/tags"), key).status;
    BOOST_TEST((status == 200 || status == 503));
  }
  BOOST_TEST(status == 200);
  BOOST_TEST(probe_becomes("/readyz", 200));
  BOOST_TEST(client.post(v1("/me/tags"), key, R"({"name":"back"})").status
             == 201);
  BOOST_TEST(server.running());
}

// /readyz is what a load balancer trusts: once it says 200 after the
// database was restarted, no request may meet a connection the restart
// closed (each pooled connection used to fail its next request with a 503,
// long after the database was back).
BOOST_AUTO_TEST_CASE(
  after_a_restart_every_request_from_the_first_ready_on_is_served) {
  private_cluster pg;
  auto key = pg.migrated_with_key("r@test.purse");
  server_process server{{"--db-pool", "4"}, true, pg.url};
  http_client client{server.base_url()};
  BOOST_REQUIRE(becomes(client, "/readyz", 200));
  // Every worker's connection and the scope's writes in use once.
  for (int i = 0; i < 8; ++i)
    BOOST_REQUIRE_EQUAL(client.get(v1("/me/tags"), key).status, 200);
  BOOST_REQUIRE_EQUAL(
    client.post(v1("/me/tags"), key, R"({"name":"before"})").status, 201);
  pg.stop();
  BOOST_REQUIRE(becomes(client, "/readyz", 503));
  // No request while it is down: the pool keeps its closed connections.
  pg.start();
  auto restarted = std::chrono::steady_clock::now();
  BOOST_REQUIRE(becomes(client, "/readyz", 200));
  auto ready_after = std::chrono::duration_cast<std::chrono::milliseconds>(
    std::chrono::steady_clock::now() - restarted);
  BOOST_TEST_MESSAGE("/readyz 200 " << ready_after.count()
                                    << " ms after the start returned");
  int served = 0;
  int unavailable = 0;
  for (int i = 0; i < 30; ++i) {
    auto write = i % 3 == 2;
    auto r = write
               ? client.post(v1("/me/tags"), key,
                             R"({"name":"after-)" + std::to_string(i) + R"("})")
               : client.get(v1("/me/tags"), key);
    BOOST_TEST(r.status == (write ? 201 : 200), "request #" << i);
    served += r.status == (write ? 201 : 200) ? 1 : 0;
    unavailable += r.status == 503 ? 1 : 0;
  }
  BOOST_TEST(served == 30);
  BOOST_TEST(unavailable == 0);
  BOOST_TEST(client.get("/readyz", "").status == 200);
}

// The server lock lives on a connection of its own, which a database
// restart ends: the server takes the lock again, so a second server alone
// still cannot start on its database (it could, once, right after a
// restart).
BOOST_AUTO_TEST_CASE(after_a_restart_a_second_server_alone_is_still_refused) {
  private_cluster pg;
  auto key = pg.migrated_with_key("l@test.purse");
  server_process server{{"--db-pool", "2"}, true, pg.url, strict};
  http_client client{server.base_url()};
  BOOST_REQUIRE(becomes(client, "/readyz", 200));
  auto before = refusal(pg.url);
  BOOST_TEST(before.find("another purse-server already serves this database")
               != std::string::npos,
             before);
  for (int restart = 0; restart < 2; ++restart) {
    pg.stop();
    BOOST_REQUIRE(becomes(client, "/readyz", 503));
    pg.start();
    // Ready again only once the lock is held again.
    BOOST_REQUIRE(becomes(client, "/readyz", 200));
    auto after = refusal(pg.url);
    BOOST_TEST(after.find("another purse-server already serves this database")
                 != std::string::npos,
               "after restart #" << restart << ": " << after);
    BOOST_TEST(client.get(v1("/me/tags"), key).status == 200);
  }
  auto log = server.log();
  BOOST_TEST(count_events(log, "server_lock_lost") == 2);
  BOOST_TEST(count_events(log, "server_lock_retaken") == 2);
  BOOST_TEST(count_events(log, "server_lock_taken") == 0);
  BOOST_TEST(non_json_lines(log).empty());
}

// If another server took the lock while this one did not hold it, this
// one must not serve beside it: every API call is 503 and /readyz is not
// ready (an error in the log says why) until it takes the lock back.
BOOST_AUTO_TEST_CASE(
  a_server_whose_lock_another_took_serves_nothing_until_back) {
  private_cluster pg;
  auto key = pg.migrated_with_key("t@test.purse");
  server_process server{{"--db-pool", "2"}, true, pg.url, strict};
  http_client client{server.base_url()};
  BOOST_REQUIRE(becomes(client, "/readyz", 200));
  BOOST_REQUIRE_EQUAL(client.get(v1("/me/tags"), key).status, 200);
  {
    // Another session waits for the lock; then the server's lock session
    // ends (as in a restart), and the waiting one has the lock before the
    // server can take it again: a second server starting right then.
    pg_session other{pg.url};
    pg_session admin{pg.url};
    other.send("SELECT pg_advisory_lock(hashtext('purse.servers'))");
    auto waiting = "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'"
                   " AND NOT granted AND pid = "
                   + std::to_string(other.pid());
    for (int i = 0; i < 100 && admin.value(waiting) != "1"; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    BOOST_REQUIRE_EQUAL(admin.value(waiting), "1");
    BOOST_REQUIRE_EQUAL(
      admin.value("SELECT pg_terminate_backend(pid, 5000) FROM"
                  " pg_stat_activity WHERE application_name ="
                  " 'purse-server-lock' AND datname = current_database()"),
      "t");
    BOOST_REQUIRE_EQUAL(other.results().size(), 1u);
    BOOST_TEST(becomes(client, "/readyz", 503));
    // Not ready from the moment the lock's session ended; 503 to every
    // call once the server has tried to take it back and found it taken,
    // which it logs (under load, a moment later).
    for (int i = 0;
         i < 200 && count_events(server.log(), "server_lock_taken") == 0; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    BOOST_REQUIRE_EQUAL(count_events(server.log(), "server_lock_taken"), 1);
    for (auto method : {"GET", "POST"}) {
      auto r = client.request(method, v1("/me/tags"), key,
                              method == std::string{"POST"} ? R"({"name":"x"})"
                                                            : "");
      BOOST_TEST(r.status == 503, method);
      BOOST_TEST(r.header("retry-after") == "5");
      BOOST_TEST(r.at("/meta/code") == "503");
    }
    // Still refused a second later: it keeps trying, and keeps refusing.
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    BOOST_TEST(client.get("/readyz", "").status == 503);
    BOOST_TEST(client.get(v1("/me/tags"), key).status == 503);
    BOOST_TEST(count_events(server.log(), "server_lock_taken") == 1);
    // The other one goes away (its session ends, and its lock with it).
  }
  BOOST_REQUIRE(becomes(client, "/readyz", 200));
  BOOST_TEST(client.get(v1("/me/tags"), key).status == 200);
  BOOST_TEST(client.post(v1("/me/tags"), key, R"({"name":"back"})").status
             == 201);
  auto log = server.log();
  BOOST_TEST(log.find(R"("level":"error","event":"server_lock_taken")")
             != std::string::npos);
  BOOST_TEST(count_events(log, "server_lock_lost") == 1);
  BOOST_TEST(count_events(log, "server_lock_retaken") == 1);
  // And it holds it again: a second server alone is refused.
  auto again = refusal(pg.url);
  BOOST_TEST(again.find("another purse-server already serves this database")
               != std::string::npos,
             again);
}

// A log shipper reads stderr as JSON lines: what libpq reports on a
// connection (the server's FATAL when the database stops) is one of them,
// never libpq's raw text.
BOOST_AUTO_TEST_CASE(every_line_on_stderr_is_json_across_a_database_restart) {
  private_cluster pg;
  auto key = pg.migrated_with_key("j@test.purse");
  server_process server{{"--db-pool", "2"}, true, pg.url};
  http_client client{server.base_url()};
  BOOST_REQUIRE(becomes(client, "/readyz", 200));
  BOOST_TEST(client.get(v1("/me/tags"), key).status == 200);
  pg.stop();
  BOOST_REQUIRE(becomes(client, "/readyz", 503));
  BOOST_TEST(client.get(v1("/me/tags"), key).status == 503);
  pg.start();
  BOOST_REQUIRE(becomes(client, "/readyz", 200));
  BOOST_TEST(client.get(v1("/me/tags"), key).status == 200);
  BOOST_TEST(server.stop() == 0);
  auto log = server.log();
  auto bad = non_json_lines(log);
  for (auto& line : bad)
    BOOST_TEST_MESSAGE("not a JSON log line: " << line);
  BOOST_TEST(bad.empty());
  // The database's goodbye is there, as a warning of its own.
  BOOST_TEST(count_events(log, "database_notice") >= 1);
  BOOST_TEST(log.find(R"("sqlstate":"57P01")") != std::string::npos);
  BOOST_TEST(log.find("terminating connection due to administrator command")
             != std::string::npos);
  BOOST_TEST(count_events(log, "stopped") == 1);
}

// A server or purse-admin that cannot reach its database says so in one
// JSON log line (level error), not in text of its own.
BOOST_AUTO_TEST_CASE(an_unreachable_database_is_a_json_start_up_failure) {
  auto url = "postgresql://purse:x@127.0.0.1:" + std::to_string(free_port())
             + "/purse";
  auto server = run_command({server_binary(), "--insecure-http", "--listen",
                             "127.0.0.1:" + std::to_string(free_port())},
                            {"PURSE_DATABASE_URL=" + url});
  BOOST_TEST(server.exit_code != 0);
  BOOST_TEST(!server.err.empty());
  BOOST_TEST(non_json_lines(server.err).empty(), server.err);
  BOOST_TEST(server.err.find(R"("level":"error")") != std::string::npos,
             server.err);
  BOOST_TEST(server.err.find("cannot open the database") != std::string::npos,
             server.err);
  BOOST_TEST(server.err.find("purse:x@") == std::string::npos);
  auto admin_run = run_command({std::getenv("PURSE_ADMIN_BIN"), "user", "list"},
                               {"PURSE_DATABASE_URL=" + url});
  BOOST_TEST(admin_run.exit_code != 0);
  BOOST_TEST(!admin_run.err.empty());
  BOOST_TEST(non_json_lines(admin_run.err).empty(), admin_run.err);
  BOOST_TEST(admin_run.err.find(R"("level":"error")") != std::string::npos,
             admin_run.err);
  BOOST_TEST(admin_run.out.empty());
}

BOOST_AUTO_TEST_SUITE_END()
