// SPDX-License-Identifier: GPL-2.0-or-later
#include "support/https_receiver.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <utility>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <openssl/err.h>

namespace purse::test {

// -- test_ca --------------------------------------------------------------------

test_ca::test_ca() {
  char tmpl[] = "/tmp/purse-webhook-pki-XXXXXX";
  if (mkdtemp(tmpl) == nullptr)
    throw std::runtime_error("mkdtemp failed");
  dir_ = tmpl;
  ca_ = dir_ + "/ca.pem";
  cert_ = dir_ + "/server.pem";
  key_ = dir_ + "/server.key";
  std::ofstream(dir_ + "/ext") << "basicConstraints=critical,CA:FALSE\n"
                                  "keyUsage=critical,digitalSignature,"
                                  "keyAgreement\n"
                                  "extendedKeyUsage=serverAuth\n"
                                  "subjectAltName=IP:127.0.0.1,DNS:localhost\n";
  std::string cmd
    = "cd " + dir_
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

test_ca::~test_ca() {
  std::system(("rm -rf " + dir_).c_str());
}

void test_ca::write_ca_pem(const std::string& path) const {
  std::ifstream in(ca_, std::ios::binary);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << in.rdbuf();
  if (!in || !out)
    throw std::runtime_error("writing the CA certificate to " + path
                             + " failed");
}

// -- https_receiver: set-up -----------------------------------------------------

https_receiver::https_receiver(int status, std::string extra_headers) {
  start(status, std::move(extra_headers));
}

https_receiver::https_receiver(const test_ca& ca, int status,
                               std::string extra_headers) {
  tls_ = SSL_CTX_new(TLS_server_method());
  if (tls_ == nullptr
      || SSL_CTX_use_certificate_chain_file(tls_, ca.cert_file().c_str()) != 1
      || SSL_CTX_use_PrivateKey_file(tls_, ca.key_file().c_str(),
                                     SSL_FILETYPE_PEM)
           != 1) {
    SSL_CTX_free(tls_);
    throw std::runtime_error("the test receiver's TLS context failed");
  }
  start(status, std::move(extra_headers));
}

void https_receiver::start(int status, std::string extra_headers) {
  default_status_ = status;
  extra_headers_ = std::move(extra_headers);
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
      || ::listen(fd_, 64) != 0
      || getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &len) != 0) {
    ::close(fd_);
    SSL_CTX_free(tls_);
    throw std::runtime_error("bind/listen failed");
  }
  port_ = ntohs(a.sin_port);
  acceptor_ = std::thread([this] {
    accept_loop();
  });
}

https_receiver::~https_receiver() {
  stop_ = true;
  acceptor_.join();
  for (auto& w : workers_)
    w.join();
  ::close(fd_);
  SSL_CTX_free(tls_);
}

std::string https_receiver::url(const std::string& host,
                                const std::string& path) const {
  return std::string(tls_ ? "https" : "http") + "://" + host + ":"
         + std::to_string(port_) + path;
}

// -- https_receiver: what the test chooses and reads ----------------------------

void https_receiver::queue_answers(const std::vector<int>& statuses) {
  std::lock_guard<std::mutex> lock(mtx_);
  queued_.insert(queued_.end(), statuses.begin(), statuses.end());
}

void https_receiver::set_default_answer(int status) {
  std::lock_guard<std::mutex> lock(mtx_);
  default_status_ = status;
}

void https_receiver::set_answer_delay(std::chrono::milliseconds delay) {
  std::lock_guard<std::mutex> lock(mtx_);
  delay_ = delay;
}

std::vector<received_request> https_receiver::requests() const {
  std::lock_guard<std::mutex> lock(mtx_);
  return requests_;
}

std::size_t https_receiver::request_count() const {
  std::lock_guard<std::mutex> lock(mtx_);
  return requests_.size();
}

bool https_receiver::wait_for_requests(std::size_t n,
                                       std::chrono::milliseconds limit) const {
  auto until = std::chrono::steady_clock::now() + limit;
  while (request_count() < n) {
    if (std::chrono::steady_clock::now() > until)
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

int https_receiver::next_answer() {
  if (queued_.empty())
    return default_status_;
  auto status = queued_.front();
  queued_.pop_front();
  return status;
}

// -- https_receiver: serving ----------------------------------------------------

void https_receiver::accept_loop() {
  while (!stop_) {
    pollfd p{fd_, POLLIN, 0};
    if (poll(&p, 1, 50) <= 0)
      continue;
    int c = ::accept(fd_, nullptr, nullptr);
    if (c < 0)
      continue;
    ++connections_;
    workers_.emplace_back([this, c] {
      serve(c);
      ::close(c);
    });
  }
}

namespace {

/// One connection's reads and writes, over TLS or not.
class connection {
public:
  connection(int fd, SSL* ssl, const std::atomic<bool>& stop)
    : fd_(fd), ssl_(ssl), stop_(stop) {
  }

  /// Appends what arrives within `limit_ms` to `into`; false when the
  /// peer closed, failed, or sent nothing in time (or the receiver stops).
  bool read_some(std::string& into, int limit_ms) {
    if (ssl_ == nullptr || SSL_pending(ssl_) == 0) {
      int waited = 0;
      for (;;) {
        if (stop_)
          return false;
        pollfd p{fd_, POLLIN, 0};
        if (poll(&p, 1, 50) > 0)
          break;
        waited += 50;
        if (limit_ms >= 0 && waited >= limit_ms)
          return false;
      }
    }
    char buf[4096];
    long n = ssl_ != nullptr ? SSL_read(ssl_, buf, sizeof buf)
                             : ::recv(fd_, buf, sizeof buf, 0);
    if (n <= 0)
      return false;
    into.append(buf, static_cast<std::size_t>(n));
    return true;
  }

  void write(const std::string& out) {
    if (ssl_ != nullptr)
      SSL_write(ssl_, out.data(), static_cast<int>(out.size()));
    else
      ::send(fd_, out.data(), out.size(), MSG_NOSIGNAL);
  }

private:
  int fd_;
  SSL* ssl_;
  const std::atomic<bool>& stop_;
};

std::string lowercase(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](char ch) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  });
  return s;
}

/// Parses the request line and the headers of `head` into `r`.
void parse_head(const std::string& head, received_request& r) {
  auto line_end = head.find("\r\n");
  auto first = head.substr(0, line_end);
  r.method = first.substr(0, first.find(' '));
  r.target = first.substr(first.find(' ') + 1);
  r.target = r.target.substr(0, r.target.find(' '));
  std::size_t pos = line_end == std::string::npos ? head.size() : line_end + 2;
  while (pos < head.size()) {
    auto end = head.find("\r\n", pos);
    if (end == std::string::npos)
      end = head.size();
    auto line = head.substr(pos, end - pos);
    auto colon = line.find(':');
    if (colon != std::string::npos) {
      auto value = line.substr(colon + 1);
      value.erase(0, value.find_first_not_of(" \t"));
      value.erase(value.find_last_not_of(" \t") + 1);
      r.headers[lowercase(line.substr(0, colon))] = value;
    }
    pos = end + 2;
  }
}

} // namespace

void https_receiver::serve(int fd) {
  constexpr int read_limit_ms = 5000;
  SSL* ssl = nullptr;
  if (tls_ != nullptr) {
    // The handshake blocks; a client that stalls in it is given up.
    timeval tv{3, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    ssl = SSL_new(tls_);
    SSL_set_fd(ssl, fd);
    if (SSL_accept(ssl) != 1) { // e.g. the client refused our certificate
      ERR_clear_error();
      SSL_free(ssl);
      return;
    }
  }
  auto finish = [ssl] {
    if (ssl != nullptr) {
      SSL_shutdown(ssl);
      SSL_free(ssl);
      ERR_clear_error();
    }
  };
  connection conn(fd, ssl, stop_);
  std::string in;
  std::size_t head_end;
  while ((head_end = in.find("\r\n\r\n")) == std::string::npos)
    if (!conn.read_some(in, read_limit_ms))
      return finish();
  received_request r;
  parse_head(in.substr(0, head_end), r);
  std::size_t length = 0;
  if (auto i = r.headers.find("content-length"); i != r.headers.end())
    length = std::stoul(i->second);
  if (auto i = r.headers.find("expect");
      i != r.headers.end() && lowercase(i->second) == "100-continue")
    conn.write("HTTP/1.1 100 Continue\r\n\r\n");
  r.body = in.substr(head_end + 4);
  while (r.body.size() < length)
    if (!conn.read_some(r.body, read_limit_ms))
      break;
  r.arrived = std::chrono::steady_clock::now();
  int status;
  std::chrono::milliseconds delay;
  {
    std::lock_guard<std::mutex> lock(mtx_);
    status = next_answer();
    delay = delay_;
    r.answered = status;
    requests_.push_back(r);
  }
  for (auto until = std::chrono::steady_clock::now() + delay;
       !stop_ && std::chrono::steady_clock::now() < until;)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  if (status == 0) {
    // Never answer: hold on until the client gives up (or the test ends).
    std::string ignored;
    while (conn.read_some(ignored, -1))
      ;
    return finish();
  }
  std::string answer_body = "{\"ok\":true}";
  conn.write("HTTP/1.1 " + std::to_string(status) + " Test\r\n" + extra_headers_
             + "Content-Type: application/json\r\nContent-Length: "
             + std::to_string(answer_body.size())
             + "\r\nConnection: close\r\n\r\n" + answer_body);
  finish();
}

} // namespace purse::test
