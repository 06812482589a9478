// SPDX-License-Identifier: GPL-2.0-or-later
// HTTPS only, as the specification says: Strict-Transport-Security on
// answers over HTTPS (ours or a trusted proxy's), plain HTTP only on
// loopback or behind a named proxy, no client-initiated renegotiation, the
// certificate replaced on SIGHUP without a restart, and an open-file limit
// that fits every connection the server accepts.

#include <cstdio>
#include <fstream>
#include <string>
#include <thread>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <boost/test/unit_test.hpp>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include "support/e2e.hpp"

using namespace purse::test;

namespace {

/// A TLS client connection to 127.0.0.1:`port`, TLS 1.2 at most (1.3 has
/// no renegotiation to refuse).
class tls_connection {
public:
  explicit tls_connection(int port) {
    ctx_ = SSL_CTX_new(TLS_client_method());
    SSL_CTX_set_max_proto_version(ctx_, TLS1_2_VERSION);
    fd_ = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<std::uint16_t>(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    BOOST_REQUIRE(connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr)
                  == 0);
    ssl_ = SSL_new(ctx_);
    SSL_set_fd(ssl_, fd_);
    timeval limit{5, 0};
    setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
    connected_ = SSL_connect(ssl_) == 1;
  }
  ~tls_connection() {
    SSL_free(ssl_);
    SSL_CTX_free(ctx_);
    close(fd_);
  }

  bool connected() const {
    return connected_;
  }

  /// The server certificate's common name.
  std::string common_name() const {
    auto* cert = SSL_get1_peer_certificate(ssl_);
    if (cert == nullptr)
      return {};
    char cn[256] = {};
    X509_NAME_get_text_by_NID(X509_get_subject_name(cert), NID_commonName, cn,
                              sizeof cn);
    X509_free(cert);
    return cn;
  }

  /// Asks for a new handshake on the open connection; true if it went
  /// through.
  bool renegotiate() {
    return SSL_renegotiate(ssl_) == 1 && SSL_do_handshake(ssl_) == 1;
  }

  /// Sends a GET and returns the first bytes of the answer ("" if none).
  std::string get(const std::string& path) {
    auto request = "GET " + path + " HTTP/1.1\r\nHost: x\r\n\r\n";
    if (SSL_write(ssl_, request.data(), static_cast<int>(request.size())) <= 0)
      return {};
    char buf[4096];
    auto n = SSL_read(ssl_, buf, sizeof buf);
    return n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : "";
  }

private:
  SSL_CTX* ctx_ = nullptr;
  SSL* ssl_ = nullptr;
  int fd_ = -1;
  bool connected_ = false;
};

/// Writes a new self-signed pair for common name `cn` over `cert`/`key`.
void write_pair(const std::string& cert, const std::string& key,
                const std::string& cn) {
  auto made
    = run_command({"/usr/bin/openssl", "req", "-x509", "-newkey", "ec",
                   "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days",
                   "1", "-subj", "/CN=" + cn, "-keyout", key, "-out", cert});
  BOOST_REQUIRE_MESSAGE(made.exit_code == 0, made.err);
}

/// Waits up to 5 s for `text` in the server's log.
bool logged(const server_process& server, const std::string& text) {
  for (int i = 0; i < 100; ++i) {
    if (server.log().find(text) != std::string::npos)
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

} // namespace

BOOST_AUTO_TEST_SUITE(transport)

BOOST_AUTO_TEST_CASE(answers_over_https_carry_strict_transport_security) {
  self_signed_certificate tls_cert;
  auto u = make_user("solo");
  auto hsts = [&](std::vector<std::string> extra, const std::string& path,
                  const std::string& key) {
    extra.insert(extra.end(),
                 {"--tls-cert", tls_cert.cert, "--tls-key", tls_cert.key});
    server_process tls{extra, false};
    http_client client{tls.base_url("https"), tls_cert.cert};
    return client.get(path, key).header("strict-transport-security");
  };
  // Every answer: probes, the API's successes and its refusals.
  BOOST_TEST(hsts({}, "/healthz", "") == "max-age=31536000");
  BOOST_TEST(hsts({}, v1("/me"), u.key) == "max-age=31536000");
  BOOST_TEST(hsts({}, v1("/me"), "") == "max-age=31536000");
  BOOST_TEST(hsts({"--hsts-max-age", "600"}, v1("/me"), u.key)
             == "max-age=600");
  BOOST_TEST(hsts({"--hsts-max-age", "0"}, v1("/me"), u.key).empty());
  // Never over plain HTTP, unless a trusted proxy says it terminated TLS.
  BOOST_TEST(
    api().get(v1("/me"), u.key).header("strict-transport-security").empty());
  server_process behind{{"--trusted-proxy", "127.0.0.1/32"}};
  http_client proxied{behind.base_url()};
  BOOST_TEST(
    proxied.request("GET", v1("/me"), u.key, "", {"X-Forwarded-Proto: https"})
      .header("strict-transport-security")
    == "max-age=31536000");
  BOOST_TEST(proxied
               .request("GET", v1("/me"), u.key, "",
                        {"Forwarded: for=1.2.3.4;proto=https"})
               .header("strict-transport-security")
             == "max-age=31536000");
  BOOST_TEST(
    proxied.get(v1("/me"), u.key).header("strict-transport-security").empty());
  // A client that is not a trusted proxy says https in vain.
  BOOST_TEST(
    api()
      .request("GET", v1("/me"), u.key, "", {"X-Forwarded-Proto: https"})
      .header("strict-transport-security")
      .empty());
}

BOOST_AUTO_TEST_CASE(plain_http_off_loopback_needs_a_trusted_proxy) {
  auto port = std::to_string(free_port());
  auto refused = run_command({server_binary(), "--insecure-http", "--listen",
                              "0.0.0.0:" + port},
                             {"PURSE_DATABASE_URL=" + database_url()});
  BOOST_TEST(refused.exit_code == 2);
  BOOST_TEST(refused.err.find("not a loopback address") != std::string::npos,
             refused.err);
  BOOST_TEST(refused.err.find("--trusted-proxy") != std::string::npos,
             refused.err);
  // With the proxy in front named, it serves (reached here on loopback).
  server_process behind{
    {"--listen", "0.0.0.0:" + port, "--trusted-proxy", "10.0.0.1"}};
  http_client client{"http://127.0.0.1:" + port};
  BOOST_TEST(client.get("/healthz", "").status == 200);
  // Loopback needs nothing more.
  BOOST_TEST(api().get("/healthz", "").status == 200);
}

BOOST_AUTO_TEST_CASE(client_initiated_renegotiation_is_refused) {
  self_signed_certificate tls_cert;
  server_process tls{{"--tls-cert", tls_cert.cert, "--tls-key", tls_cert.key},
                     false};
  tls_connection c{tls.port()};
  BOOST_REQUIRE(c.connected());
  BOOST_TEST(!c.renegotiate());
  // Another connection is served as usual.
  tls_connection other{tls.port()};
  BOOST_REQUIRE(other.connected());
  BOOST_TEST(other.get("/healthz").rfind("HTTP/1.1 200", 0) == 0u);
  BOOST_TEST(tls.running());
}

BOOST_AUTO_TEST_CASE(sighup_reloads_the_certificate_and_keeps_serving) {
  self_signed_certificate files;
  write_pair(files.cert, files.key, "before");
  server_process tls{{"--tls-cert", files.cert, "--tls-key", files.key}, false};
  tls_connection first{tls.port()};
  BOOST_REQUIRE(first.connected());
  BOOST_TEST(first.common_name() == "before");
  // A renewed pair: new handshakes get it, the open connection goes on.
  write_pair(files.cert, files.key, "after");
  BOOST_REQUIRE(kill(tls.pid(), SIGHUP) == 0);
  BOOST_TEST(logged(tls, "\"event\":\"tls_reloaded\""));
  BOOST_TEST(tls.log().find("CN=after") != std::string::npos);
  tls_connection second{tls.port()};
  BOOST_REQUIRE(second.connected());
  BOOST_TEST(second.common_name() == "after");
  BOOST_TEST(first.get("/healthz").rfind("HTTP/1.1 200", 0) == 0u);
  // A broken key: logged, and the pair in use stays.
  {
    std::ofstream broken{files.key};
    broken << "not a key\n";
  }
  BOOST_REQUIRE(kill(tls.pid(), SIGHUP) == 0);
  BOOST_TEST(logged(tls, "\"event\":\"tls_reload_failed\""));
  tls_connection third{tls.port()};
  BOOST_REQUIRE(third.connected());
  BOOST_TEST(third.common_name() == "after");
  BOOST_TEST(third.get("/healthz").rfind("HTTP/1.1 200", 0) == 0u);
  BOOST_TEST(tls.running());
  // SIGTERM still stops it, cleanly.
  BOOST_TEST(tls.stop() == 0);
}

BOOST_AUTO_TEST_CASE(sighup_without_tls_is_logged_and_harmless) {
  server_process server{};
  BOOST_REQUIRE(kill(server.pid(), SIGHUP) == 0);
  BOOST_TEST(logged(server, "\"event\":\"tls_reload_failed\""));
  BOOST_TEST(server.running());
  http_client client{server.base_url()};
  BOOST_TEST(client.get("/healthz", "").status == 200);
}

BOOST_AUTO_TEST_CASE(the_open_file_limit_is_made_to_fit_the_connections) {
  auto port = std::to_string(free_port());
  auto env = std::vector<std::string>{"PURSE_DATABASE_URL=" + database_url()};
  // A hard limit too low for --max-connections: refused, saying why.
  auto refused = run_command(
    {"/bin/bash", "-c",
     "ulimit -n 512 && exec \"$0\" --insecure-http --listen 127.0.0.1:" + port
       + " --max-connections 2000",
     server_binary()},
    env);
  BOOST_TEST(refused.exit_code == 2);
  BOOST_TEST(refused.err.find("open-file limit") != std::string::npos,
             refused.err);
  // A low soft limit under a high enough hard one: raised.
  child_process server{
    {"/bin/bash", "-c",
     "ulimit -Sn 256 && exec \"$0\" --insecure-http --listen 127.0.0.1:" + port
       + " --max-connections 2000",
     server_binary()},
    env};
  for (int i = 0; i < 200 && !port_accepts(std::stoi(port)); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  BOOST_REQUIRE_MESSAGE(port_accepts(std::stoi(port)), server.log());
  std::ifstream limits{"/proc/" + std::to_string(server.pid()) + "/limits"};
  std::string line;
  long soft = 0;
  while (std::getline(limits, line))
    if (line.rfind("Max open files", 0) == 0)
      soft = std::stol(line.substr(26));
  BOOST_TEST(soft >= 2000, soft);
  // The default gives way to a low hard limit, and says so.
  auto other = free_port();
  child_process fitted{
    {"/bin/bash", "-c",
     "ulimit -n 1024 && exec \"$0\" --insecure-http --listen 127.0.0.1:"
       + std::to_string(other),
     server_binary()},
    env};
  for (int i = 0; i < 200 && !port_accepts(other); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  BOOST_REQUIRE_MESSAGE(port_accepts(other), fitted.log());
  BOOST_TEST(fitted.log().find("max connections lowered to the open-file limit")
               != std::string::npos,
             fitted.log());
}

BOOST_AUTO_TEST_SUITE_END()
