// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Sends one webhook delivery over HTTPS with libcurl, blocking: meant for a
// worker thread, never an actor's or an io thread. The URL and the
// addresses its host resolves to are vetted (webhooks' rules) before any
// connection, and the connection is pinned to the vetted addresses, so a
// second DNS answer cannot point it elsewhere.

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace purse::webhooks {

/// The extra CA file's certificates (webhook_sender.cpp).
struct extra_cas;

struct sender_options {
  /// Take http:// URLs too (tests, closed networks).
  bool allow_http = false;
  /// Reach loopback, private, link-local and multicast addresses too.
  bool allow_private = false;
  /// A PEM file of CA certificates trusted beside the system's; empty for
  /// none. Peers' certificates and host names are always verified.
  std::string extra_ca_file;
  /// The whole delivery's limit (connection, TLS, request and answer).
  std::chrono::seconds timeout{10};
  std::string user_agent = "Purse-Webhooks";
};

struct send_result {
  /// A 2xx answer came within the timeout.
  bool delivered = false;
  /// The answer's status, 0 when none came.
  int status_code = 0;
  /// Why it was not delivered, for the deliveries list and the logs (empty
  /// when delivered). It never holds the secret or the body.
  std::string error;
};

class webhook_sender {
public:
  /// Throws std::runtime_error when libcurl does not use OpenSSL while
  /// `extra_ca_file` is set, or when that file holds no certificate.
  explicit webhook_sender(sender_options options);
  ~webhook_sender();
  webhook_sender(const webhook_sender&) = delete;
  webhook_sender& operator=(const webhook_sender&) = delete;

  /// POSTs `body` (JSON) to `url` with the headers Content-Type,
  /// Purse-Event-Id, Purse-Signature (signed with `secret` at `now`, in
  /// Unix seconds) and User-Agent. A redirect is not followed (a 3xx is not
  /// delivered). Safe to call from several threads at once.
  send_result send(std::string_view url, std::string_view event_id,
                   std::string_view body, std::string_view secret,
                   std::int64_t now) const;

  const sender_options& options() const {
    return options_;
  }

private:
  sender_options options_;
  std::shared_ptr<const extra_cas> extra_cas_;
};

} // namespace purse::webhooks
