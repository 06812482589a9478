// SPDX-License-Identifier: GPL-2.0-or-later
// HTTP behaviour: envelope on every status, limits, media types, HEAD,
// TLS, start-up refusals and graceful shutdown.

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <thread>

#include <boost/test/unit_test.hpp>

#include <rapidjson/document.h>
#include <sstream>

#include "support/e2e.hpp"

using namespace purse::test;

namespace {

/// The error of a start_failed log line: `err` must be exactly one JSON
/// line with level error ("" otherwise).
std::string start_failure(const std::string& err) {
  if (err.empty() || err.back() != '\n' || err.find('\n') != err.size() - 1)
    return "";
  rapidjson::Document d;
  d.Parse(err.c_str());
  if (d.HasParseError() || !d.IsObject() || !d.HasMember("event")
      || std::string{d["event"].GetString()} != "start_failed"
      || std::string{d["level"].GetString()} != "error" || !d.HasMember("error")
      || !d["error"].IsString())
    return "";
  return d["error"].GetString();
}

/// Sends `request` as raw bytes on a new connection and returns all the
/// server answers until it closes (the request asks it to), or 10 s.
std::string raw_exchange(int port, const std::string& request) {
  raw_connection c{port};
  c.send(request);
  std::string answer;
  bool closed = false;
  for (int i = 0; i < 100 && !closed; ++i)
    answer += c.receive(100, closed);
  return answer;
}

} // namespace

BOOST_AUTO_TEST_SUITE(protocol)

BOOST_AUTO_TEST_CASE(unknown_paths_are_404_in_the_envelope) {
  auto u = make_user("solo");
  for (auto path : {"/api/public/v1/me/nothing", "/api/public/v2/me/tags", "/",
                    "/api/public/v1/me/transactions/a/b/c",
                    "/api/public/v1/me/transactions/x/refund"}) {
    auto r = api().get(path, u.key);
    BOOST_TEST_CONTEXT(path) {
      BOOST_TEST(r.status == 404);
      BOOST_TEST(r.at("/meta/code") == "404");
      BOOST_TEST(r.header("content-type").find("application/json") == 0u);
    }
  }
}

BOOST_AUTO_TEST_CASE(wrong_methods_are_405_with_allow) {
  auto u = make_user("solo");
  auto r = api().request("DELETE", v1("/me/transactions"), u.key);
  BOOST_TEST(r.status == 405);
  BOOST_TEST(r.at("/meta/code") == "405");
  BOOST_TEST(r.header("allow") == "GET, HEAD, POST");
  auto item = api().request("POST", v1("/me/tags/x"), u.key, "{}");
  BOOST_TEST(item.status == 405);
  BOOST_TEST(item.header("allow").find("PATCH") != std::string::npos);
  auto action = api().request("GET", v1("/me/transactions/x/void"), u.key);
  BOOST_TEST(action.status == 405);
  BOOST_TEST(action.header("allow") == "POST");
}

BOOST_AUTO_TEST_CASE(bodies_must_be_json_objects) {
  auto u = make_user("solo");
  auto path = v1("/me/tags");
  auto as_text = api().request("POST", path, u.key, R"({"name":"a"})",
                               {"Content-Type: text/plain"});
  BOOST_TEST(as_text.status == 415);
  BOOST_TEST(as_text.at("/meta/code") == "415");
  auto with_charset = api().request("POST", path, u.key, R"({"name":"b"})",
                                    {"Content-Type: application/json; "
                                     "charset=utf-8"});
  BOOST_TEST(with_charset.status == 201);
  for (auto bad : {"{", "{\"name\":\"c\"} trailing", "[1,2]", "\"text\"",
                   "{\"name\":\"\xff\"}"}) {
    auto r = api().post(path, u.key, bad);
    BOOST_TEST(r.status == 400, bad);
    BOOST_TEST(r.at("/meta/code") == "400");
  }
  std::string deep(100, '[');
  auto nested = api().post(path, u.key, "{\"name\":" + deep + "}");
  BOOST_TEST(nested.status == 400);
  auto unknown = api().post(path, u.key, R"({"name":"d","color":"red"})");
  BOOST_TEST(unknown.status == 422);
  BOOST_TEST(!unknown.at("/data/color/0").empty());
  // Its status line carries RFC 9110's reason phrase.
  std::string fields = R"({"name":"d","color":"red"})";
  auto line = raw_exchange(
    shared_server().port(),
    "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
      + u.key + "\r\nContent-Type: application/json\r\nContent-Length: "
      + std::to_string(fields.size()) + "\r\nConnection: close\r\n\r\n"
      + fields);
  BOOST_TEST(line.substr(0, line.find('\r'))
               == "HTTP/1.1 422 Unprocessable Content",
             line.substr(0, 80));
  // A repeated key: 400, and nothing stored under either value.
  auto twice = api().post(path, u.key, R"({"name":"e1","name":"e2"})");
  BOOST_TEST(twice.status == 400);
  BOOST_TEST(twice.at("/meta/message").find(R"(repeats the key "name")")
             != std::string::npos);
  auto tags = api().get(path, u.key).body;
  BOOST_TEST(tags.find("\"e1\"") == std::string::npos);
  BOOST_TEST(tags.find("\"e2\"") == std::string::npos);
  // Numbers no double can hold are the field's problem (422), not the
  // body's (they are read as their text).
  auto account = make_account(u.key, "/me");
  for (std::string amount : {std::string{"1e400"}, std::string(10000, '9')}) {
    auto r = api().post(
      v1("/me/transactions"), u.key,
      R"({"account_id":")" + account + R"(","flow_type":"expense","amount":)"
        + amount
        + R"(,"currency_code":"USD","transaction_at":"2026-03-01T10:00:00Z"})");
    BOOST_TEST(r.status == 422, amount.substr(0, 10));
    BOOST_TEST(!r.at("/data/amount/0").empty(), r.body);
  }
}

BOOST_AUTO_TEST_CASE(limits_answer_413_414_and_431) {
  auto u = make_user("solo");
  std::string big(1024 * 1024 + 10, ' ');
  big.front() = '{';
  big.back() = '}';
  auto body = api().post(v1("/me/tags"), u.key, big);
  BOOST_TEST(body.status == 413);
  BOOST_TEST(body.at("/meta/code") == "413");
  auto url = api().get(v1("/me/tags?q=") + std::string(9000, 'a'), u.key);
  BOOST_TEST(url.status == 414);
  BOOST_TEST(url.at("/meta/code") == "414");
  std::vector<std::string> headers;
  for (int i = 0; i < 20; ++i)
    headers.push_back("X-Filler-" + std::to_string(i) + ": "
                      + std::string(1000, 'x'));
  auto many = api().request("GET", v1("/me/tags"), u.key, "", headers);
  BOOST_TEST(many.status == 431);
  BOOST_TEST(many.at("/meta/code") == "431");
}

BOOST_AUTO_TEST_CASE(every_error_names_its_code_and_request_id) {
  auto u = make_user("solo");
  auto free_user = make_user("free");
  auto tags = v1("/me/tags");
  std::vector<std::string> fillers;
  for (int i = 0; i < 20; ++i)
    fillers.push_back("X-Filler-" + std::to_string(i) + ": "
                      + std::string(1000, 'x'));
  std::string big(1024 * 1024 + 10, ' ');
  big.front() = '{';
  big.back() = '}';
  struct error_case {
    const char* what;
    response r;
    long status;
    const char* code;
  };
  error_case cases[] = {
    {"broken JSON", api().post(tags, u.key, "{"), 400, "malformed_request"},
    {"no key", api().get(tags, ""), 401, "unauthenticated"},
    {"free plan", api().get(tags, free_user.key), 402, "plan_upgrade_required"},
    {"not a member",
     api().get(v1("/teams/00000000-0000-7000-8000-000000000000/tags"), u.key),
     403, "forbidden"},
    {"unknown path", api().get(v1("/me/nothing"), u.key), 404, "not_found"},
    {"wrong method", api().request("DELETE", tags, u.key), 405,
     "method_not_allowed"},
    {"large body", api().post(tags, u.key, big), 413, "body_too_large"},
    {"long URL", api().get(tags + "?q=" + std::string(9000, 'a'), u.key), 414,
     "uri_too_long"},
    {"text body",
     api().request("POST", tags, u.key, "{}", {"Content-Type: text/plain"}),
     415, "unsupported_media_type"},
    {"invalid field", api().post(tags, u.key, R"({"name":""})"), 422,
     "validation_failed"},
    {"many headers", api().request("GET", tags, u.key, "", fillers), 431,
     "headers_too_large"},
  };
  for (auto& c : cases)
    BOOST_TEST_CONTEXT(c.what) {
      BOOST_TEST(c.r.status == c.status);
      BOOST_TEST(c.r.at("/meta/code") == std::to_string(c.status));
      BOOST_TEST(c.r.at("/meta/error") == c.code);
      BOOST_TEST(!c.r.at("/meta/message").empty());
      BOOST_TEST(!c.r.header("x-request-id").empty());
      BOOST_TEST(c.r.at("/meta/request_id") == c.r.header("x-request-id"));
    }
  // The client's own request id is the one in meta; successes carry
  // neither member.
  auto mine = api().request("GET", v1("/me/nothing"), u.key, "",
                            {"X-Request-Id: my-trace.42"});
  BOOST_TEST(mine.at("/meta/request_id") == "my-trace.42");
  auto ok = api().get(tags, u.key);
  BOOST_TEST(ok.status == 200);
  BOOST_TEST(ok.body.find("\"error\"") == std::string::npos, ok.body);
  BOOST_TEST(ok.body.find("\"request_id\"") == std::string::npos);
}

namespace {

/// The body README.md's probe table gives for `probe`'s 200: the first
/// code span of its row after "200 ".
std::string documented_probe_body(const std::string& probe) {
  std::ifstream in{std::string{std::getenv("PURSE_SOURCE_DIR")} + "/README.md"};
  BOOST_REQUIRE(in);
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("| `GET " + probe + "` | 200 `", 0) == 0) {
      auto from = line.find("| 200 `") + 7;
      return line.substr(from, line.find('`', from) - from);
    }
  BOOST_FAIL("README.md documents no 200 answer of " << probe);
  return {};
}

} // namespace

BOOST_AUTO_TEST_CASE(health_probes_need_no_key) {
  auto& c = api();
  auto alive = c.get("/healthz", "");
  BOOST_TEST(alive.status == 200);
  BOOST_TEST(alive.at("/data/status") == "alive");
  // In the envelope, as every answer is, and as README.md shows it.
  BOOST_TEST(alive.at("/meta/code") == "200");
  BOOST_TEST(alive.body == documented_probe_body("/healthz"));
  // The shared server listens to the database by now or within a moment.
  long ready = 0;
  for (int i = 0; i < 100 && ready != 200; ++i) {
    if (i > 0)
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    ready = c.get("/readyz", "").status;
  }
  BOOST_TEST(ready == 200);
  BOOST_TEST(c.get("/readyz", "").at("/data/status") == "ready");
  BOOST_TEST(c.get("/readyz", "").body == documented_probe_body("/readyz"));
  BOOST_TEST(c.request("HEAD", "/healthz", "").status == 200);
  auto post = c.request("POST", "/readyz", "", "{}");
  BOOST_TEST(post.status == 405);
  BOOST_TEST(post.header("allow") == "GET, HEAD");
  // A key is not looked at: a bad one changes nothing.
  BOOST_TEST(c.get("/healthz", "not-a-key").status == 200);
}

BOOST_AUTO_TEST_CASE(log_lines_stay_json_whatever_a_request_holds) {
  // A request line with bytes that are not UTF-8 (sent raw: no client
  // library would), answered 404; every log line still parses as JSON.
  auto& server = shared_server();
  auto answer = raw_exchange(
    server.port(), "GET /api/public/v1/me/\xff\xfe\xc0\xaf HTTP/1.1\r\n"
                   "Host: 127.0.0.1\r\nConnection: close\r\n\r\n");
  BOOST_TEST(answer.substr(0, 12) == "HTTP/1.1 404");
  // The access line for it is written after the answer: wait for it.
  std::string log;
  for (int i = 0; i < 50; ++i) {
    log = server.log();
    if (log.find("\\\\xff\\\\xfe") != std::string::npos)
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  BOOST_TEST(log.find("\\\\xff\\\\xfe\\\\xc0\\\\xaf") != std::string::npos);
  std::istringstream lines{log};
  int parsed = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line.front() != '{')
      continue;
    rapidjson::Document d;
    d.Parse<rapidjson::kParseValidateEncodingFlag>(line.c_str());
    BOOST_TEST(!d.HasParseError(), line);
    ++parsed;
  }
  BOOST_TEST(parsed > 0);
}

BOOST_AUTO_TEST_CASE(framing_and_authorization_headers_are_strict) {
  auto u = make_user("solo");
  auto path = v1("/me/tags");
  // The scheme is case-insensitive.
  for (auto scheme : {"bearer", "BEARER", "BeArEr"})
    BOOST_TEST(
      api()
          .request("GET", path, "", "",
                   {std::string{"Authorization: "} + scheme + " " + u.key})
          .status
        == 200,
      scheme);
  // Two Authorization headers: 400, whichever is right.
  auto two = api().request("GET", path, u.key, "",
                           {"Authorization: Bearer purse_not_a_key"});
  BOOST_TEST(two.status == 400);
  BOOST_TEST(two.at("/meta/message") == "Send one Authorization header");
  // HTTP/1.1 without Host: 400 in the envelope (sent raw: clients add it).
  auto answer = raw_exchange(shared_server().port(),
                             "GET " + path
                               + " HTTP/1.1\r\nAuthorization: Bearer " + u.key
                               + "\r\nConnection: close\r\n\r\n");
  BOOST_TEST(answer.substr(0, 12) == "HTTP/1.1 400");
  BOOST_TEST(answer.find("need a Host header") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(head_is_get_without_a_body) {
  auto u = make_user("solo");
  auto r = api().request("HEAD", v1("/me/transactions"), u.key);
  BOOST_TEST(r.status == 200);
  BOOST_TEST(r.body.empty());
  BOOST_TEST(!r.header("x-request-id").empty());
  // The Content-Length GET would send, with no body.
  auto get = api().get(v1("/me/transactions"), u.key);
  BOOST_TEST(r.header("content-length") == std::to_string(get.body.size()));
  BOOST_TEST(r.header("content-type") == get.header("content-type"));
  auto refused = api().request("HEAD", v1("/me/transactions"), "");
  BOOST_TEST(refused.status == 401);
  BOOST_TEST(refused.body.empty());
  BOOST_TEST(
    refused.header("content-length")
    == std::to_string(api().get(v1("/me/transactions"), "").body.size()));
}

BOOST_AUTO_TEST_CASE(the_server_refuses_plain_http_without_the_flag) {
  auto r = run_command({server_binary(), "--listen", "127.0.0.1:1"},
                       {"PURSE_DATABASE_URL=" + database_url()});
  BOOST_TEST(r.exit_code != 0);
  BOOST_TEST(r.err.find("TLS") != std::string::npos);
}

// Every option is a flag or its PURSE_* variable; the flag wins.
BOOST_AUTO_TEST_CASE(flags_and_their_variables_are_read_alike) {
  auto unknown = run_command({server_binary(), "--bogus"});
  BOOST_TEST(unknown.exit_code == 2);
  BOOST_TEST(unknown.err.rfind("{\"ts\":", 0) == 0, unknown.err);
  BOOST_TEST(unknown.err.find("\"event\":\"start_failed\"")
               != std::string::npos,
             unknown.err);
  BOOST_TEST(unknown.err.find("--bogus") != std::string::npos, unknown.err);
  auto listen = run_command({server_binary(), "--insecure-http"},
                            {"PURSE_LISTEN=nonsense"});
  BOOST_TEST(listen.exit_code == 2);
  BOOST_TEST(start_failure(listen.err)
             == "--listen must be HOST:PORT, e.g. 127.0.0.1:8080");
  // PURSE_INSECURE_HTTP=1 stands for the flag: the refusal is the next one.
  auto insecure = run_command({server_binary()},
                              {"PURSE_INSECURE_HTTP=1", "PURSE_DATABASE_URL="});
  BOOST_TEST(insecure.err.find("no database") != std::string::npos,
             insecure.err);
  auto pool = run_command({server_binary(), "--insecure-http", "--db-pool=0"},
                          {"PURSE_DB_POOL=4"});
  BOOST_TEST(start_failure(pool.err) == "--db-pool must be from 1 to 256");
  auto lease = run_command({server_binary(), "--insecure-http"},
                           {"PURSE_CLUSTER_LEASE=9",
                            "PURSE_DATABASE_URL=postgresql://unused"});
  BOOST_TEST(start_failure(lease.err)
             == "--cluster-lease needs --cluster-listen, "
                "--cluster-ca, --cluster-cert and --cluster-key");
  auto call_port = run_command({server_binary(), "--insecure-http",
                                "--cluster-call-port", "7500"},
                               {"PURSE_DATABASE_URL=postgresql://unused"});
  BOOST_TEST(start_failure(call_port.err)
             == "--cluster-call-port needs --cluster-listen, "
                "--cluster-ca, --cluster-cert and --cluster-key");
  auto help = run_command({server_binary(), "--help"});
  BOOST_TEST(help.exit_code == 0);
  for (auto word : {"--read-limit", "PURSE_READ_LIMIT", "--cluster-lease",
                    "PURSE_CLUSTER_LEASE", "--cluster-call-port",
                    "PURSE_CLUSTER_CALL_PORT", "--version", "--print-routes"})
    BOOST_TEST(help.out.find(word) != std::string::npos, word);
}

BOOST_AUTO_TEST_CASE(the_server_refuses_an_unmigrated_database) {
  // A database that exists but has no schema: the server says what to do.
  sql("DROP DATABASE IF EXISTS purse_unmigrated");
  sql("CREATE DATABASE purse_unmigrated");
  auto url = database_url();
  auto slash = url.rfind('/');
  auto empty_db = url.substr(0, slash) + "/purse_unmigrated";
  auto r = run_command({server_binary(), "--insecure-http", "--listen",
                        "127.0.0.1:" + std::to_string(free_port())},
                       {"PURSE_DATABASE_URL=" + empty_db});
  BOOST_TEST(r.exit_code != 0);
  BOOST_TEST(r.err.find("purse-admin migrate") != std::string::npos);
  BOOST_TEST(r.err.find(url) == std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_database_newer_than_the_build_is_refused) {
  sql("DROP DATABASE IF EXISTS purse_newer");
  sql("CREATE DATABASE purse_newer");
  auto url = database_url();
  auto newer = url.substr(0, url.rfind('/')) + "/purse_newer";
  auto admin_bin = std::getenv("PURSE_ADMIN_BIN");
  BOOST_REQUIRE(admin_bin != nullptr);
  auto env = std::vector<std::string>{"PURSE_DATABASE_URL=" + newer};
  BOOST_REQUIRE_EQUAL(run_command({admin_bin, "migrate"}, env).exit_code, 0);
  // Pretend a later Purse migrated it.
  auto conn_sql = [&](const std::string& statement) {
    auto r = run_command({"/usr/bin/psql", newer, "-c", statement});
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, r.err);
  };
  conn_sql("UPDATE schema_version SET version = 99");
  auto server = run_command({server_binary(), "--insecure-http", "--listen",
                             "127.0.0.1:" + std::to_string(free_port())},
                            env);
  BOOST_TEST(server.exit_code != 0);
  BOOST_TEST(server.err.find("newer") != std::string::npos);
  auto migrate = run_command({admin_bin, "migrate"}, env);
  BOOST_TEST(migrate.exit_code != 0);
  BOOST_TEST(migrate.err.find("newer") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(tls_round_trip_with_a_self_signed_certificate) {
  self_signed_certificate tls_cert;
  server_process tls{{"--tls-cert", tls_cert.cert, "--tls-key", tls_cert.key},
                     false};
  http_client client{tls.base_url("https"), tls_cert.cert};
  auto u = make_user("solo");
  auto r = client.get(v1("/me/transactions"), u.key);
  BOOST_TEST(r.status == 200);
  BOOST_TEST(r.at("/meta/code") == "200");
  // Plain HTTP to the TLS port gets no answer.
  http_client plain{tls.base_url("http")};
  BOOST_TEST(plain.get(v1("/me/transactions"), u.key).status <= 0);
  // TLS 1.2 only with forward secrecy and AEAD: a handshake offering only
  // an RSA key exchange, or only a CBC cipher, or TLS 1.1, is refused.
  auto handshake = [&](std::vector<std::string> extra) {
    std::vector<std::string> argv{
      "/usr/bin/openssl", "s_client",
      "-connect",         "127.0.0.1:" + std::to_string(tls.port()),
      "-servername",      "127.0.0.1"};
    argv.insert(argv.end(), extra.begin(), extra.end());
    return run_command(argv).exit_code == 0;
  };
  BOOST_TEST(handshake({"-tls1_2", "-cipher", "ECDHE-RSA-AES128-GCM-SHA256"}));
  BOOST_TEST(handshake({"-tls1_3"}));
  BOOST_TEST(!handshake({"-tls1_2", "-cipher", "AES128-GCM-SHA256"}));
  BOOST_TEST(!handshake({"-tls1_2", "-cipher", "ECDHE-RSA-AES128-SHA"}));
  BOOST_TEST(!handshake({"-tls1_1", "-cipher", "DEFAULT@SECLEVEL=0"}));
  BOOST_TEST(tls.stop() == 0);
}

BOOST_AUTO_TEST_CASE(sigterm_drains_and_exits_zero) {
  server_process server;
  http_client client{server.base_url()};
  auto u = make_user("solo");
  BOOST_TEST(client.get(v1("/me/tags"), u.key).status == 200);
  BOOST_TEST(server.stop(15, 30) == 0);
  BOOST_TEST(server.log().find("\"event\":\"stopped\"") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE(limits)

BOOST_AUTO_TEST_CASE(a_slow_sender_is_dropped_after_the_read_timeout) {
  server_process server{{"--read-timeout", "1"}};
  raw_connection slow{server.port()};
  slow.send("GET /api/public/v1/me/tags HTTP/1.1\r\nHost: x\r\n");
  bool closed = false;
  // Nothing arrives while the headers are incomplete...
  BOOST_TEST(slow.receive(300, closed).empty());
  BOOST_TEST(!closed);
  // ...and the server hangs up once the timeout passed.
  slow.receive(3000, closed);
  BOOST_TEST(closed);
  BOOST_TEST(server.running());
}

BOOST_AUTO_TEST_CASE(connections_over_the_limit_wait_for_a_free_slot) {
  server_process server{{"--max-connections", "2"}};
  auto u = make_user("solo");
  auto request = "GET /api/public/v1/me/tags HTTP/1.1\r\nHost: x\r\n"
                 "Authorization: Bearer "
                 + u.key + "\r\n\r\n";
  auto first = std::make_unique<raw_connection>(server.port());
  raw_connection second{server.port()};
  bool closed = false;
  first->send(request);
  BOOST_TEST(first->receive(2000, closed).find("200 OK") != std::string::npos);
  raw_connection third{server.port()};
  third.send(request);
  // Two connections are open: the third is not served...
  BOOST_TEST(third.receive(500, closed).empty());
  // ...until one of them closes.
  first.reset();
  BOOST_TEST(third.receive(3000, closed).find("200 OK") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE_END()
