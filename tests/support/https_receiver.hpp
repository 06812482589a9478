// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// A webhook receiver for tests: an HTTP/1.1 server on 127.0.0.1, over TLS
// with a certificate signed by a CA made for the test (or plain HTTP). It
// records every request and answers each with the status the test chose:
// a queue of statuses, then a default; 0 never answers (the connection is
// held until the client gives up).

#include <atomic>
#include <chrono>
#include <cstddef>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <openssl/ssl.h>

namespace purse::test {

/// One request as it arrived.
struct received_request {
  std::string method;
  /// The request target as sent ("/path?query").
  std::string target;
  /// Names in lowercase; a repeated header keeps its last value.
  std::map<std::string, std::string> headers;
  std::string body;
  /// When its head and body had arrived.
  std::chrono::steady_clock::time_point arrived;
  /// The status it was answered with (0: none, the connection was held).
  int answered = 0;
};

/// A CA and a server certificate it signed (127.0.0.1 and localhost, P-256
/// keys), made with the openssl tool as deploy/cluster-certs.sh makes the
/// cluster's, in a folder of its own under /tmp removed when it goes.
class test_ca {
public:
  /// Throws std::runtime_error when the openssl tool fails.
  test_ca();
  ~test_ca();
  test_ca(const test_ca&) = delete;
  test_ca& operator=(const test_ca&) = delete;

  /// The folder holding the files.
  const std::string& dir() const {
    return dir_;
  }
  /// The CA certificate (PEM): what a client must trust.
  const std::string& ca_file() const {
    return ca_;
  }
  /// The server certificate (PEM).
  const std::string& cert_file() const {
    return cert_;
  }
  /// The server certificate's private key (PEM).
  const std::string& key_file() const {
    return key_;
  }
  /// Writes the CA certificate (PEM) to `path`, e.g. for a server's
  /// --webhook-ca.
  void write_ca_pem(const std::string& path) const;

private:
  std::string dir_;
  std::string ca_;
  std::string cert_;
  std::string key_;
};

/// The receiver. Each connection is served on a thread of its own, one
/// request per connection ("Connection: close").
class https_receiver {
public:
  /// Plain HTTP, answering `status` (and `extra_headers`, raw lines ending
  /// in CRLF) unless a queued answer comes first.
  explicit https_receiver(int status = 200, std::string extra_headers = {});
  /// HTTPS with the server certificate of `ca`, which must outlive it.
  explicit https_receiver(const test_ca& ca, int status = 200,
                          std::string extra_headers = {});
  ~https_receiver();
  https_receiver(const https_receiver&) = delete;
  https_receiver& operator=(const https_receiver&) = delete;

  int port() const {
    return port_;
  }
  bool tls() const {
    return tls_ != nullptr;
  }
  /// "https://host:port/path" (http:// without TLS).
  std::string url(const std::string& host, const std::string& path) const;

  /// Answers the next requests with these statuses in order, then with
  /// the default again (0: never answer).
  void queue_answers(const std::vector<int>& statuses);
  /// The status of requests when no queued answer is left.
  void set_default_answer(int status);
  /// Waits this long after a request arrived before answering it (a slow
  /// receiver).
  void set_answer_delay(std::chrono::milliseconds delay);

  /// Every request so far, in order of arrival.
  std::vector<received_request> requests() const;
  /// How many requests arrived so far.
  std::size_t request_count() const;
  /// How many connections were accepted (a TLS handshake refused by the
  /// client counts, though no request arrives).
  int connections() const {
    return connections_;
  }
  /// Waits until at least `n` requests arrived; false if they did not
  /// within `limit`.
  bool wait_for_requests(std::size_t n, std::chrono::milliseconds limit) const;

private:
  void start(int status, std::string extra_headers);
  void accept_loop();
  void serve(int fd);
  int next_answer();

  SSL_CTX* tls_ = nullptr;
  std::string extra_headers_;
  int fd_ = -1;
  int port_ = 0;
  std::atomic<bool> stop_{false};
  std::atomic<int> connections_{0};
  mutable std::mutex mtx_;
  int default_status_ = 200;
  std::chrono::milliseconds delay_{0};
  std::deque<int> queued_;
  std::vector<received_request> requests_;
  std::vector<std::thread> workers_;
  std::thread acceptor_;
};

} // namespace purse::test
