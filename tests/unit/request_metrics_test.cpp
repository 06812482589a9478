// SPDX-License-Identifier: GPL-2.0-or-later
// Requests are counted by route template, never by raw path, and the
// exposition is the Prometheus text format.

#include <boost/test/unit_test.hpp>

#include "public_documents.hpp"
#include "request_metrics.hpp"

using namespace purse;
using namespace purse::http;

namespace {

request_metrics make() {
  return request_metrics{{"/api/public/v1/me/transactions",
                          "/api/public/v1/me/transactions/{id}",
                          "/api/public/v1/me/transactions/{id}/void",
                          "/api/public/v1/me/reports/dashboard",
                          "/api/public/v1/teams/{team}/transactions",
                          "/api/public/v1/docs/{asset}", "/healthz"}};
}

} // namespace

BOOST_AUTO_TEST_SUITE(request_metrics_rules)

BOOST_AUTO_TEST_CASE(paths_map_to_their_route_template) {
  auto m = make();
  auto name = [&](const char* path) {
    return m.route_name(m.route_of(path));
  };
  BOOST_TEST(name("/api/public/v1/me/transactions")
             == "/api/public/v1/me/transactions");
  BOOST_TEST(name("/api/public/v1/me/transactions/")
             == "/api/public/v1/me/transactions");
  BOOST_TEST(name("/api/public/v1/me/transactions/abc")
             == "/api/public/v1/me/transactions/{id}");
  BOOST_TEST(name("/api/public/v1/me/transactions/abc/void")
             == "/api/public/v1/me/transactions/{id}/void");
  BOOST_TEST(name("/api/public/v1/teams/t1/transactions")
             == "/api/public/v1/teams/{team}/transactions");
  BOOST_TEST(name("/api/public/v1/me/reports/dashboard")
             == "/api/public/v1/me/reports/dashboard");
  BOOST_TEST(name("/healthz") == "/healthz");
  for (auto path : {"/", "/api/public/v1/me/transactions/a/b",
                    "/api/public/v1/me/transactions//void",
                    "/api/public/v1/me/nothing", "/healthz/x", ""})
    BOOST_TEST(name(path) == "unmatched", path);
}

BOOST_AUTO_TEST_CASE(the_exposition_counts_by_route_method_and_status) {
  auto m = make();
  auto tx = m.route_of("/api/public/v1/me/transactions/x1");
  m.count(tx, "GET", 200, 0.003);
  m.count(tx, "GET", 200, 0.2);
  m.count(tx, "DELETE", 404, 0.001);
  m.count(tx, "BREW", 418, 0.001);
  domain_metrics d;
  d.refused_reads = 3;
  d.key_actors = 2;
  d.batch_bounds = {1, 2};
  d.batch_counts = {4, 1, 0};
  d.batch_sum = 6;
  auto text = m.exposition(d);
  auto has = [&](const std::string& line) {
    return text.find("\n" + line + "\n") != std::string::npos;
  };
  BOOST_TEST(has(R"(purse_http_requests_total{route="/api/public/v1/me/)"
                 R"(transactions/{id}",method="GET",status="200"} 2)"),
             text);
  BOOST_TEST(has(R"(purse_http_requests_total{route="/api/public/v1/me/)"
                 R"(transactions/{id}",method="DELETE",status="404"} 1)"));
  BOOST_TEST(has(R"(purse_http_requests_total{route="/api/public/v1/me/)"
                 R"(transactions/{id}",method="other",status="other"} 1)"));
  BOOST_TEST(has(R"(purse_http_request_duration_seconds_bucket{route="/api/)"
                 R"(public/v1/me/transactions/{id}",le="0.0025"} 2)"));
  BOOST_TEST(has(R"(purse_http_request_duration_seconds_bucket{route="/api/)"
                 R"(public/v1/me/transactions/{id}",le="0.005"} 3)"));
  BOOST_TEST(has(R"(purse_http_request_duration_seconds_bucket{route="/api/)"
                 R"(public/v1/me/transactions/{id}",le="+Inf"} 4)"));
  BOOST_TEST(has(R"(purse_http_request_duration_seconds_count{route="/api/)"
                 R"(public/v1/me/transactions/{id}"} 4)"));
  BOOST_TEST(has(R"(purse_rate_limit_refusals_total{reason="read_bucket"} 3)"));
  BOOST_TEST(has(R"(purse_actors_alive{kind="key"} 2)"));
  BOOST_TEST(has(R"(purse_group_commit_batch_writes_bucket{le="1"} 4)"));
  BOOST_TEST(has(R"(purse_group_commit_batch_writes_bucket{le="+Inf"} 5)"));
  BOOST_TEST(has("purse_group_commit_batch_writes_sum 6"));
  // Routes never requested have no series.
  BOOST_TEST(text.find("/healthz") == std::string::npos);
  BOOST_TEST(text.find("# TYPE purse_db_workers_busy gauge")
             != std::string::npos);
}

BOOST_AUTO_TEST_CASE(histograms_put_each_value_in_its_bucket) {
  histogram<3> h{{1, 2, 4}};
  for (double v : {0.5, 1.0, 1.5, 4.0, 9.0})
    h.observe(v);
  BOOST_TEST(h.count_in(0) == 2u); // <= 1
  BOOST_TEST(h.count_in(1) == 1u); // <= 2
  BOOST_TEST(h.count_in(2) == 1u); // <= 4
  BOOST_TEST(h.count_in(3) == 1u); // +Inf
  BOOST_TEST(h.sum() == 16.0);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(document_caching_rules)

BOOST_AUTO_TEST_CASE(content_named_files_carry_a_hex_hash) {
  BOOST_TEST(public_documents::content_named("swagger-ui.3f1a9c0e2b7d.css"));
  BOOST_TEST(public_documents::content_named("init.0123abcd.js"));
  BOOST_TEST(!public_documents::content_named("index.html"));
  BOOST_TEST(!public_documents::content_named("init.js"));
  BOOST_TEST(!public_documents::content_named("init.0123abc.js"));  // 7
  BOOST_TEST(!public_documents::content_named("init.0123ABCD.js")); // case
  BOOST_TEST(!public_documents::content_named("init.0123abcg.js"));
  BOOST_TEST(!public_documents::content_named(".0123abcd.js"));
}

BOOST_AUTO_TEST_CASE(gzip_is_used_when_accepted_with_a_weight_above_zero) {
  BOOST_TEST(public_documents::accepts_gzip("gzip"));
  BOOST_TEST(public_documents::accepts_gzip("gzip, deflate, br"));
  BOOST_TEST(public_documents::accepts_gzip("br;q=1.0, GZIP;q=0.5"));
  BOOST_TEST(public_documents::accepts_gzip("x-gzip"));
  BOOST_TEST(public_documents::accepts_gzip("*"));
  BOOST_TEST(!public_documents::accepts_gzip(""));
  BOOST_TEST(!public_documents::accepts_gzip("identity"));
  BOOST_TEST(!public_documents::accepts_gzip("br, deflate"));
  BOOST_TEST(!public_documents::accepts_gzip("gzip;q=0"));
  BOOST_TEST(!public_documents::accepts_gzip("gzip; q=0.000"));
  BOOST_TEST(!public_documents::accepts_gzip("*, gzip;q=0"));
  BOOST_TEST(!public_documents::accepts_gzip("*;q=0"));
  BOOST_TEST(public_documents::accepts_gzip("gzip;q=0.001"));
}

BOOST_AUTO_TEST_SUITE_END()
