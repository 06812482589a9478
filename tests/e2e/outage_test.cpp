// SPDX-License-Identifier: GPL-2.0-or-later
// The database goes away under a running server: clients get 503 with
// Retry-After (never a crash, a hang or a 500), and service resumes by
// itself when the database is back. Uses a private cluster of its own so
// other suites are not disturbed.

#include <chrono>
#include <cstdlib>
#include <thread>

#include <boost/test/unit_test.hpp>

#include "support/e2e.hpp"

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

  std::string admin_field(const std::vector<std::string>& args,
                          const char* field) {
    std::vector<std::string> argv{std::getenv("PURSE_ADMIN_BIN")};
    argv.insert(argv.end(), args.begin(), args.end());
    auto r = run_command(argv, {"PURSE_DATABASE_URL=" + url});
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    auto key = std::string{"\""} + field + "\":\"";
    auto at = r.out.find(key) + key.size();
    return r.out.substr(at, r.out.find('"', at) - at);
  }
};

} // namespace

BOOST_AUTO_TEST_SUITE(outage)

BOOST_AUTO_TEST_CASE(a_database_outage_is_503_and_service_resumes) {
  private_cluster pg;
  std::vector<std::string> argv{std::getenv("PURSE_ADMIN_BIN"), "migrate"};
  BOOST_REQUIRE_EQUAL(
    run_command(argv, {"PURSE_DATABASE_URL=" + pg.url}).exit_code, 0);
  auto user = pg.admin_field(
    {"user", "create", "--email", "o@test.purse", "--plan", "solo"}, "id");
  auto key = pg.admin_field({"key", "create", "--user", user}, "secret");
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
    int n = 0;
    auto needle = "\"event\":\"" + event + "\"";
    for (auto at = log.find(needle); at != std::string::npos;
         at = log.find(needle, at + 1))
      ++n;
    return n;
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

BOOST_AUTO_TEST_SUITE_END()
