// SPDX-License-Identifier: GPL-2.0-or-later
// GET /metrics on its own listener (--metrics-listen): Prometheus text
// with requests by route template and status, latency histograms, 429s,
// actors alive, the persistence workers' load and group-commit batches;
// what the binary is (purse_build_info) and the standard process series.

#include <boost/test/unit_test.hpp>

#include <ctime>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "support/e2e.hpp"

using namespace purse::test;

namespace {

struct metrics_server {
  int metrics_port = free_port();
  server_process server{{"--metrics-listen",
                         "127.0.0.1:" + std::to_string(metrics_port),
                         "--read-limit", "5"}};
  http_client client{server.base_url()};
  http_client scraper{"http://127.0.0.1:" + std::to_string(metrics_port)};
  user_with_key user = make_user("solo");

  std::string scrape() const {
    auto r = scraper.get("/metrics", "");
    BOOST_TEST(r.status == 200);
    BOOST_TEST(r.header("content-type").find("text/plain; version=0.0.4")
               == 0u);
    return r.body;
  }
};

/// The value of the sample `series` (name and labels exactly as exposed),
/// or -1 when it is absent.
double value_of(const std::string& text, const std::string& series) {
  auto at = text.find("\n" + series + " ");
  if (at == std::string::npos)
    return -1;
  return std::stod(text.substr(at + series.size() + 2));
}

/// Names of the families the exposition declares, with their types;
/// fails the test where it breaks the text format's rules: HELP then TYPE
/// once per family, before its samples, and every sample in a declared
/// family (a histogram's under _bucket, _sum and _count).
std::map<std::string, std::string> families_of(const std::string& text) {
  std::map<std::string, std::string> types;
  std::string helped;
  std::istringstream in{text};
  std::string line;
  while (std::getline(in, line)) {
    std::smatch m;
    if (std::regex_match(line, m, std::regex{"# HELP ([a-z_:]+) .+"})) {
      BOOST_TEST(types.count(m[1]) == 0u, "HELP after TYPE: " << line);
      helped = m[1];
    } else if (std::regex_match(line, m,
                                std::regex{"# TYPE ([a-z_:]+) "
                                           "(counter|gauge|histogram)"})) {
      BOOST_TEST(helped == m[1], "TYPE without its HELP: " << line);
      BOOST_TEST(types.count(m[1]) == 0u, "declared twice: " << line);
      types[m[1]] = m[2];
      std::string name = m[1];
      if (m[2] == "counter")
        BOOST_TEST((name.size() > 6
                    && name.compare(name.size() - 6, 6, "_total") == 0),
                   "a counter's name ends in _total: " << line);
    } else {
      BOOST_REQUIRE_MESSAGE(std::regex_match(line, m,
                                             std::regex{"([a-z_:]+)(\\{.*\\})? "
                                                        "([-+0-9.e]+|\\+Inf)"}),
                            "not a sample: " << line);
      std::string name = m[1];
      if (types.count(name) == 0)
        for (auto suffix : {"_bucket", "_sum", "_count"}) {
          auto base = name.substr(0, name.rfind('_'));
          if (name.size() > base.size() && name.substr(base.size()) == suffix
              && types.count(base) && types[base] == "histogram")
            name = base;
        }
      BOOST_TEST(types.count(name) == 1u, "sample of no family: " << line);
    }
  }
  return types;
}

} // namespace

BOOST_AUTO_TEST_SUITE(metrics)

BOOST_FIXTURE_TEST_CASE(
  build_info_and_process_series_say_what_runs_and_what_it_uses,
  metrics_server) {
  auto text = scrape();
  auto types = families_of(text);
  // What the binary is: the same facts as --version, as labels.
  auto version = run_command({server_binary(), "--version"});
  std::smatch v;
  BOOST_REQUIRE(std::regex_search(version.out, v,
                                  std::regex{"^purse-server (\\S+) \\(commit "
                                             "(\\S+), schema ([0-9]+)\\)"}));
  BOOST_TEST(types["purse_build_info"] == "gauge");
  auto build = "purse_build_info{version=\"" + v[1].str() + "\",commit=\""
               + v[2].str() + "\",schema=\"" + v[3].str() + "\"}";
  BOOST_TEST(value_of(text, build) == 1, build);
  BOOST_TEST(
    std::regex_match(v[2].str(), std::regex{"[0-9a-f]{12}(-dirty)?|unknown"}));
  // The schema the server expects is the one migrate brought the test
  // database to.
  BOOST_TEST(admin({"migrate"}).out.find("\"schema_version\":" + v[3].str())
             != std::string::npos);
  // The standard process series, from /proc/self.
  for (auto [name, type] : std::map<std::string, std::string>{
         {"process_cpu_seconds_total", "counter"},
         {"process_resident_memory_bytes", "gauge"},
         {"process_virtual_memory_bytes", "gauge"},
         {"process_open_fds", "gauge"},
         {"process_max_fds", "gauge"},
         {"process_start_time_seconds", "gauge"}})
    BOOST_TEST(types[name] == type, name);
  BOOST_TEST(value_of(text, "process_cpu_seconds_total") >= 0);
  auto resident = value_of(text, "process_resident_memory_bytes");
  BOOST_TEST(resident > 1e6);
  BOOST_TEST(value_of(text, "process_virtual_memory_bytes") >= resident);
  // Listeners, the database connections, the log: more than a handful.
  auto fds = value_of(text, "process_open_fds");
  BOOST_TEST(fds >= 10);
  BOOST_TEST(fds <= value_of(text, "process_max_fds"));
  // The soft limit of the server's process, as the kernel states it.
  std::ifstream limits{"/proc/" + std::to_string(server.pid()) + "/limits"};
  std::string line;
  while (std::getline(limits, line))
    if (line.rfind("Max open files", 0) == 0) {
      std::istringstream words{line.substr(14)};
      double soft = 0;
      words >> soft;
      BOOST_TEST(value_of(text, "process_max_fds") == soft);
    }
  // Started by this test's fixture, moments ago.
  auto started = value_of(text, "process_start_time_seconds");
  auto now = static_cast<double>(std::time(nullptr));
  BOOST_TEST(started <= now + 1);
  BOOST_TEST(started > now - 120);
  // CPU time only grows.
  for (int i = 0; i < 200; ++i)
    client.get(v1("/me/tags"), user.key);
  BOOST_TEST(value_of(scrape(), "process_cpu_seconds_total")
             >= value_of(text, "process_cpu_seconds_total"));
}

BOOST_FIXTURE_TEST_CASE(requests_are_counted_by_route_template_and_status,
                        metrics_server) {
  auto tx = v1("/me/tags/") + "0190aaaa-0000-7000-8000-000000000000";
  BOOST_TEST(client.get(v1("/me/tags"), user.key).status == 200);
  BOOST_TEST(client.get(tx, user.key).status == 404);
  BOOST_TEST(client.get(v1("/me/nothing/here"), user.key).status == 404);
  auto text = scrape();
  auto tags = R"(purse_http_requests_total{route="/api/public/v1/me/tags",)"
              R"(method="GET",status="200"})";
  auto item = R"(purse_http_requests_total{route="/api/public/v1/me/tags/)"
              R"({id}",method="GET",status="404"})";
  auto unmatched = R"(purse_http_requests_total{route="unmatched",)"
                   R"(method="GET",status="404"})";
  BOOST_TEST(value_of(text, tags) == 1);
  BOOST_TEST(value_of(text, item) == 1);
  BOOST_TEST(value_of(text, unmatched) == 1);
  // Raw paths never become labels.
  BOOST_TEST(text.find("0190aaaa") == std::string::npos);
  BOOST_TEST(text.find("nothing/here") == std::string::npos);
  // Counts move.
  BOOST_TEST(client.get(v1("/me/tags"), user.key).status == 200);
  BOOST_TEST(value_of(scrape(), tags) == 2);
  // Latency: a histogram per route, +Inf equal to _count.
  auto hist = R"(purse_http_request_duration_seconds_bucket{route="/api/)"
              R"(public/v1/me/tags",le="+Inf"})";
  auto count = R"(purse_http_request_duration_seconds_count{route="/api/)"
               R"(public/v1/me/tags"})";
  text = scrape();
  BOOST_TEST(value_of(text, hist) == 2);
  BOOST_TEST(value_of(text, count) == 2);
  BOOST_TEST(value_of(text,
                      R"(purse_http_request_duration_seconds_sum{route="/api/)"
                      R"(public/v1/me/tags"})")
             > 0);
  for (auto family :
       {"purse_http_requests_total counter",
        "purse_http_request_duration_seconds histogram",
        "purse_rate_limit_refusals_total counter",
        "purse_forwarded_calls_total counter",
        "purse_forwarded_calls_by_wire_total counter",
        "purse_actors_alive gauge", "purse_db_workers gauge",
        "purse_db_workers_busy gauge", "purse_db_tasks_queued gauge",
        "purse_db_tasks_total counter", "purse_db_task_waits_total counter",
        "purse_group_commit_batch_writes histogram"})
    BOOST_TEST(text.find(std::string{"# TYPE "} + family) != std::string::npos,
               family);
}

BOOST_FIXTURE_TEST_CASE(domain_numbers_move, metrics_server) {
  auto before = scrape();
  // As many workers as the server said it runs (its default follows the
  // cores: 8 on small machines).
  auto log = server.log();
  auto at = log.find("\"db_pool\":");
  BOOST_REQUIRE(at != std::string::npos);
  auto pool = std::stod(log.substr(at + 10));
  BOOST_TEST(pool >= 8);
  BOOST_TEST(value_of(before, "purse_db_workers") == pool);
  BOOST_TEST(value_of(before, R"(purse_rate_limit_refusals_total{reason=)"
                              R"("read_bucket"})")
             == 0);
  auto batches = R"(purse_group_commit_batch_writes_count)";
  auto batches_before = value_of(before, batches);
  BOOST_TEST(client.post(v1("/me/tags"), user.key, R"({"name":"m"})").status
             == 201);
  // With --read-limit 5, the 6th and 7th reads are refused.
  for (int i = 0; i < 7; ++i)
    client.get(v1("/me/tags"), user.key);
  auto after = scrape();
  BOOST_TEST(value_of(after, batches) == batches_before + 1);
  BOOST_TEST(
    value_of(after, R"(purse_group_commit_batch_writes_bucket{le="1"})") >= 1);
  BOOST_TEST(value_of(after, R"(purse_rate_limit_refusals_total{reason=)"
                             R"("read_bucket"})")
             == 2);
  BOOST_TEST(value_of(after, R"(purse_actors_alive{kind="key"})") >= 1);
  BOOST_TEST(value_of(after, R"(purse_actors_alive{kind="scope"})") >= 1);
  BOOST_TEST(value_of(after, "purse_db_tasks_total")
             > value_of(before, "purse_db_tasks_total"));
  BOOST_TEST(value_of(after, "purse_db_workers_busy") >= 0);
  auto refused = R"(purse_http_requests_total{route="/api/public/v1/me/tags",)"
                 R"(method="GET",status="429"})";
  BOOST_TEST(value_of(after, refused) == 2);
}

BOOST_FIXTURE_TEST_CASE(the_listener_serves_only_metrics, metrics_server) {
  BOOST_TEST(scraper.get("/", "").status == 404);
  BOOST_TEST(scraper.request("POST", "/metrics", "", "{}").status == 405);
  BOOST_TEST(scraper.request("HEAD", "/metrics", "").status == 200);
  // The API's listener does not serve it.
  BOOST_TEST(client.get("/metrics", "").status == 404);
}

BOOST_AUTO_TEST_CASE(metrics_are_off_by_default_and_the_flag_is_checked) {
  auto bad = run_command({server_binary(), "--insecure-http", "--database",
                          database_url(), "--metrics-listen", "nonsense"});
  BOOST_TEST(bad.exit_code == 2);
  BOOST_TEST(bad.err.find("--metrics-listen must be HOST:PORT")
             != std::string::npos);
  auto help = run_command({server_binary(), "--help"});
  BOOST_TEST(help.out.find("PURSE_METRICS_LISTEN") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
