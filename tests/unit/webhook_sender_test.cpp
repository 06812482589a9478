// SPDX-License-Identifier: GPL-2.0-or-later
// The webhook sender against real servers on 127.0.0.1 (plain HTTP and
// TLS with a CA made for the test): what arrives, what counts as
// delivered, timeouts, redirects, and the URL and address policy applied
// before any connection.

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <openssl/err.h>
#include <openssl/ssl.h>

#include <boost/test/unit_test.hpp>

#include "webhook_rules.hpp"
#include "webhook_sender.hpp"

using namespace purse::webhooks;
using namespace std::chrono_literals;

namespace {

struct recorded_request {
  std::string method;
  std::string target;
  std::map<std::string, std::string> headers; // names in lowercase
  std::string body;
};

/// One HTTP/1.1 server on 127.0.0.1 (TLS when given a context), one
/// request per connection, on a thread of its own. It answers `status`
/// with `extra_headers`, or never answers when `status` is 0 (it then
/// holds the connection until the client closes it).
class test_server {
public:
  explicit test_server(int status, std::string extra_headers = {},
                       SSL_CTX* tls = nullptr)
    : status_(status), extra_headers_(std::move(extra_headers)), tls_(tls) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd_ < 0)
      throw std::runtime_error("socket failed");
    int one = 1;
    setsockopt(fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    if (::bind(fd_, reinterpret_cast<sockaddr*>(&a), len) != 0
        || ::listen(fd_, 16) != 0
        || getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &len) != 0)
      throw std::runtime_error("bind/listen failed");
    port_ = ntohs(a.sin_port);
    thread_ = std::thread([this] {
      loop();
    });
  }

  ~test_server() {
    stop_ = true;
    thread_.join();
    ::close(fd_);
  }

  int port() const {
    return port_;
  }
  std::string url(const std::string& host, const std::string& path) const {
    return std::string(tls_ ? "https" : "http") + "://" + host + ":"
           + std::to_string(port_) + path;
  }
  int connections() const {
    return connections_;
  }
  std::vector<recorded_request> requests() const {
    std::lock_guard<std::mutex> lock(mtx_);
    return requests_;
  }

private:
  void loop() {
    while (!stop_) {
      pollfd p{fd_, POLLIN, 0};
      if (poll(&p, 1, 50) <= 0)
        continue;
      int c = ::accept(fd_, nullptr, nullptr);
      if (c < 0)
        continue;
      ++connections_;
      serve(c);
      ::close(c);
    }
  }

  /// Waits up to 3 s for the socket to be readable (false when stopped or
  /// late).
  bool readable(int c) {
    for (int waited = 0; waited < 3000 && !stop_; waited += 50) {
      pollfd p{c, POLLIN, 0};
      if (poll(&p, 1, 50) > 0)
        return true;
    }
    return false;
  }

  void serve(int c) {
    SSL* ssl = nullptr;
    if (tls_) {
      timeval tv{3, 0};
      setsockopt(c, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
      ssl = SSL_new(tls_);
      SSL_set_fd(ssl, c);
      if (SSL_accept(ssl) != 1) { // e.g. the client refused our certificate
        ERR_clear_error();
        SSL_free(ssl);
        return;
      }
    }
    auto read_some = [&](std::string& into) {
      char buf[4096];
      long n;
      if (ssl) {
        n = SSL_read(ssl, buf, sizeof buf);
      } else {
        if (!readable(c))
          return false;
        n = ::recv(c, buf, sizeof buf, 0);
      }
      if (n <= 0)
        return false;
      into.append(buf, static_cast<std::size_t>(n));
      return true;
    };
    std::string in;
    std::size_t head_end;
    while ((head_end = in.find("\r\n\r\n")) == std::string::npos)
      if (!read_some(in))
        return finish(ssl);
    recorded_request r;
    auto head = in.substr(0, head_end);
    auto line_end = head.find("\r\n");
    auto first = head.substr(0, line_end);
    r.method = first.substr(0, first.find(' '));
    r.target = first.substr(first.find(' ') + 1);
    r.target = r.target.substr(0, r.target.find(' '));
    std::size_t pos = line_end == std::string::npos ? head.size()
                                                    : line_end + 2;
    while (pos < head.size()) {
      auto end = head.find("\r\n", pos);
      if (end == std::string::npos)
        end = head.size();
      auto line = head.substr(pos, end - pos);
      auto colon = line.find(':');
      if (colon != std::string::npos) {
        auto name = line.substr(0, colon);
        std::transform(name.begin(), name.end(), name.begin(), [](char ch) {
          return static_cast<char>(
            std::tolower(static_cast<unsigned char>(ch)));
        });
        auto value = line.substr(colon + 1);
        value.erase(0, value.find_first_not_of(' '));
        r.headers[name] = value;
      }
      pos = end + 2;
    }
    std::size_t length = r.headers.count("content-length")
                           ? std::stoul(r.headers["content-length"])
                           : 0;
    r.body = in.substr(head_end + 4);
    while (r.body.size() < length)
      if (!read_some(r.body))
        break;
    {
      std::lock_guard<std::mutex> lock(mtx_);
      requests_.push_back(r);
    }
    if (status_ == 0) {
      // Never answer: hold on until the client gives up (or the test ends).
      std::string ignored;
      while (!stop_ && read_some(ignored))
        ;
      return finish(ssl);
    }
    std::string answer_body = "{\"ok\":true}";
    std::string out = "HTTP/1.1 " + std::to_string(status_) + " Test\r\n"
                      + extra_headers_
                      + "Content-Length: " + std::to_string(answer_body.size())
                      + "\r\nConnection: close\r\n\r\n" + answer_body;
    if (ssl)
      SSL_write(ssl, out.data(), static_cast<int>(out.size()));
    else
      ::send(c, out.data(), out.size(), MSG_NOSIGNAL);
    finish(ssl);
  }

  static void finish(SSL* ssl) {
    if (ssl) {
      SSL_shutdown(ssl);
      SSL_free(ssl);
      ERR_clear_error();
    }
  }

  int status_;
  std::string extra_headers_;
  SSL_CTX* tls_;
  int fd_ = -1;
  int port_ = 0;
  std::atomic<bool> stop_{false};
  std::atomic<int> connections_{0};
  mutable std::mutex mtx_;
  std::vector<recorded_request> requests_;
  std::thread thread_;
};

sender_options local_plain() {
  sender_options o;
  o.allow_http = true;
  o.allow_private = true;
  o.timeout = 5s;
  o.user_agent = "Purse-Webhooks-Test";
  return o;
}

const std::string secret = "whsec_00112233445566778899aabbccddeeff";
const std::string body = R"({"id":"evt_01","type":"transaction.created"})";
constexpr std::int64_t now = 1'700'000'123;

/// A CA and a server certificate (127.0.0.1 and localhost) it signed,
/// made with the openssl tool as deploy/cluster-certs.sh makes the
/// cluster's, in a folder removed afterwards.
struct test_pki {
  std::string dir;
  std::string ca, cert, key;

  test_pki() {
    char tmpl[] = "/tmp/purse-webhook-pki-XXXXXX";
    if (mkdtemp(tmpl) == nullptr)
      throw std::runtime_error("mkdtemp failed");
    dir = tmpl;
    ca = dir + "/ca.pem";
    cert = dir + "/server.pem";
    key = dir + "/server.key";
    std::ofstream(dir + "/ext")
      << "basicConstraints=critical,CA:FALSE\n"
         "keyUsage=critical,digitalSignature,"
         "keyAgreement\n"
         "extendedKeyUsage=serverAuth\n"
         "subjectAltName=IP:127.0.0.1,DNS:localhost\n";
    std::string cmd
      = "cd " + dir
        + " && openssl req -x509 -new -newkey ec -pkeyopt "
          "ec_paramgen_curve:P-256 -nodes -keyout ca.key -out ca.pem -days 1 "
          "-subj '/CN=Purse webhook test CA' "
          "-addext basicConstraints=critical,CA:TRUE "
          "-addext keyUsage=critical,keyCertSign,cRLSign"
          " && openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 "
          "-nodes -keyout server.key -out server.csr -subj /CN=127.0.0.1"
          " && openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key "
          "-CAcreateserial -out server.pem -days 1 -extfile ext"
          " && openssl verify -CAfile ca.pem server.pem";
    cmd = "(" + cmd + ") >/dev/null 2>&1";
    if (std::system(cmd.c_str()) != 0)
      throw std::runtime_error("making the test certificates failed");
  }
  ~test_pki() {
    std::system(("rm -rf " + dir).c_str());
  }
};

struct tls_context {
  SSL_CTX* ctx = nullptr;
  explicit tls_context(const test_pki& pki) {
    ctx = SSL_CTX_new(TLS_server_method());
    if (ctx == nullptr
        || SSL_CTX_use_certificate_chain_file(ctx, pki.cert.c_str()) != 1
        || SSL_CTX_use_PrivateKey_file(ctx, pki.key.c_str(), SSL_FILETYPE_PEM)
             != 1)
      throw std::runtime_error("the test server's TLS context failed");
  }
  ~tls_context() {
    SSL_CTX_free(ctx);
  }
};

} // namespace

BOOST_AUTO_TEST_SUITE(webhook_sender_tests)

BOOST_AUTO_TEST_CASE(a_delivery_arrives_signed) {
  test_server server(204);
  webhook_sender sender(local_plain());
  auto r = sender.send(server.url("127.0.0.1", "/in?x=1"), "evt_01", body,
                       secret, now);
  BOOST_TEST(r.delivered);
  BOOST_TEST(r.status_code == 204);
  BOOST_TEST(r.error == "");
  auto got = server.requests();
  BOOST_TEST_REQUIRE(got.size() == 1u);
  const auto& req = got[0];
  BOOST_TEST(req.method == "POST");
  BOOST_TEST(req.target == "/in?x=1");
  BOOST_TEST(req.body == body);
  BOOST_TEST(req.headers.at("content-type") == "application/json");
  BOOST_TEST(req.headers.at("purse-event-id") == "evt_01");
  BOOST_TEST(req.headers.at("user-agent") == "Purse-Webhooks-Test");
  BOOST_TEST(req.headers.count("expect") == 0u);
  // The receiver's check: t, then v1 = HMAC-SHA256(secret, "<t>.<body>").
  const auto& sig = req.headers.at("purse-signature");
  auto comma = sig.find(",v1=");
  BOOST_TEST_REQUIRE(sig.rfind("t=", 0) == 0);
  BOOST_TEST_REQUIRE(comma != std::string::npos);
  BOOST_TEST(sig.substr(2, comma - 2) == std::to_string(now));
  auto mac = hmac_sha256(secret, std::to_string(now) + "." + req.body);
  std::string hex;
  for (auto b : mac) {
    hex += "0123456789abcdef"[b >> 4];
    hex += "0123456789abcdef"[b & 15];
  }
  BOOST_TEST(sig.substr(comma + 4) == hex);
}

BOOST_AUTO_TEST_CASE(a_host_name_is_resolved_and_delivered_to) {
  test_server server(200);
  webhook_sender sender(local_plain());
  auto r = sender.send(server.url("localhost", "/"), "evt_02", body, secret,
                       now);
  BOOST_TEST(r.delivered, r.error);
  BOOST_TEST(server.requests().size() == 1u);
}

BOOST_AUTO_TEST_CASE(a_server_error_is_not_delivered) {
  test_server server(500);
  webhook_sender sender(local_plain());
  auto r = sender.send(server.url("127.0.0.1", "/"), "evt_03", body, secret,
                       now);
  BOOST_TEST(!r.delivered);
  BOOST_TEST(r.status_code == 500);
  BOOST_TEST(r.error == "the endpoint answered 500");
  BOOST_TEST(server.requests().size() == 1u);
}

BOOST_AUTO_TEST_CASE(a_redirect_is_not_followed) {
  test_server server(302);
  auto elsewhere = server.url("127.0.0.1", "/elsewhere");
  test_server redirecting(302, "Location: " + elsewhere + "\r\n");
  webhook_sender sender(local_plain());
  auto r = sender.send(redirecting.url("127.0.0.1", "/in"), "evt_04", body,
                       secret, now);
  BOOST_TEST(!r.delivered);
  BOOST_TEST(r.status_code == 302);
  BOOST_TEST(r.error
             == "the endpoint answered 302 (redirects are not followed)");
  BOOST_TEST(redirecting.requests().size() == 1u);
  BOOST_TEST(server.connections() == 0);
}

BOOST_AUTO_TEST_CASE(a_silent_server_times_out) {
  test_server server(0);
  auto options = local_plain();
  options.timeout = 1s;
  webhook_sender sender(options);
  auto start = std::chrono::steady_clock::now();
  auto r = sender.send(server.url("127.0.0.1", "/"), "evt_05", body, secret,
                       now);
  auto took_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::steady_clock::now() - start)
                   .count();
  BOOST_TEST(!r.delivered);
  BOOST_TEST(r.status_code == 0);
  BOOST_TEST(r.error.find("timed out") != std::string::npos, r.error);
  BOOST_TEST(took_ms >= 900);
  BOOST_TEST(took_ms < 4000);
  BOOST_TEST(server.requests().size() == 1u); // it did arrive, unanswered
}

BOOST_AUTO_TEST_CASE(private_addresses_are_refused_before_connecting) {
  test_server server(200);
  auto options = local_plain();
  options.allow_private = false;
  webhook_sender sender(options);
  for (const char* host : {"127.0.0.1", "localhost"}) {
    auto r = sender.send(server.url(host, "/"), "evt_06", body, secret, now);
    BOOST_TEST(!r.delivered);
    BOOST_TEST(r.status_code == 0);
    BOOST_TEST(r.error.find("an address webhooks may not reach")
                 != std::string::npos,
               r.error);
  }
  std::this_thread::sleep_for(100ms);
  BOOST_TEST(server.connections() == 0);
}

BOOST_AUTO_TEST_CASE(http_is_refused_unless_allowed) {
  test_server server(200);
  auto options = local_plain();
  options.allow_http = false;
  webhook_sender sender(options);
  auto r = sender.send(server.url("127.0.0.1", "/"), "evt_07", body, secret,
                       now);
  BOOST_TEST(!r.delivered);
  BOOST_TEST(r.error == "refused URL: the URL must start with https://");
  std::this_thread::sleep_for(100ms);
  BOOST_TEST(server.connections() == 0);
}

BOOST_AUTO_TEST_CASE(errors_never_hold_the_secret) {
  test_server server(500);
  webhook_sender sender(local_plain());
  for (auto url : {server.url("127.0.0.1", "/"),
                   std::string("https://user:pw@example.com/"),
                   std::string("http://127.0.0.1:1/")}) {
    auto r = sender.send(url, "evt_08", body, secret, now);
    BOOST_TEST(!r.delivered);
    BOOST_TEST(!r.error.empty());
    BOOST_TEST(r.error.find(secret) == std::string::npos, r.error);
  }
}

BOOST_AUTO_TEST_CASE(tls_with_the_extra_ca_is_delivered) {
  test_pki pki;
  tls_context tls(pki);
  test_server server(200, {}, tls.ctx);
  sender_options options;
  options.allow_private = true; // https only
  options.timeout = 5s;
  options.extra_ca_file = pki.ca;
  webhook_sender sender(options);
  for (const char* host : {"127.0.0.1", "localhost"}) {
    auto r = sender.send(server.url(host, "/tls"), "evt_09", body, secret, now);
    BOOST_TEST(r.delivered, host << ": " << r.error);
    BOOST_TEST(r.status_code == 200);
  }
  auto got = server.requests();
  BOOST_TEST_REQUIRE(got.size() == 2u);
  BOOST_TEST(got[0].body == body);
  BOOST_TEST(got[0].headers.at("purse-signature")
             == webhook_signature(secret, now, body));
}

BOOST_AUTO_TEST_CASE(tls_without_the_ca_fails_on_the_certificate) {
  test_pki pki;
  tls_context tls(pki);
  test_server server(200, {}, tls.ctx);
  sender_options options;
  options.allow_private = true;
  options.timeout = 5s;
  webhook_sender sender(options);
  auto r = sender.send(server.url("127.0.0.1", "/tls"), "evt_10", body, secret,
                       now);
  BOOST_TEST(!r.delivered);
  BOOST_TEST(r.status_code == 0);
  BOOST_TEST(r.error.find("certificate") != std::string::npos, r.error);
  BOOST_TEST(server.requests().empty());
}

BOOST_AUTO_TEST_CASE(a_ca_file_without_certificates_is_refused) {
  test_pki pki;
  sender_options options;
  options.extra_ca_file = pki.key; // a key, not a certificate
  BOOST_CHECK_THROW(webhook_sender{options}, std::runtime_error);
  options.extra_ca_file = pki.dir + "/missing.pem";
  BOOST_CHECK_THROW(webhook_sender{options}, std::runtime_error);
}

BOOST_AUTO_TEST_SUITE_END()
