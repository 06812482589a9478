// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The HTTP(S) front of Purse: parses requests, routes them, sends them into
// the domain as messages and writes the envelope when the reply arrives. It
// holds no business rule.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <caf/actor_system.hpp>

#include "purse/actors/front_door.hpp"
#include "purse/actors/settings_portal.hpp"

namespace asio {
class io_context;
} // namespace asio

namespace purse::http {

/// Everything the front needs; defaults are safe for production.
struct server_config {
  std::string host = "127.0.0.1";
  std::uint16_t port = 8080;
  /// Both set: HTTPS. Neither: plain HTTP (only with insecure_http).
  std::string tls_cert;
  std::string tls_key;
  std::size_t io_threads = 2;
  /// Largest request body answered with 413 beyond it.
  std::size_t max_body_bytes = 1024 * 1024;
  /// Largest file upload body (25 MiB of file as base64 plus the rest);
  /// the plan's file size limit applies to the decoded file.
  std::size_t max_upload_bytes = 36 * 1024 * 1024;
  /// Longest request target (path + query), 414 beyond it.
  std::size_t max_url_bytes = 8 * 1024;
  /// Sum of all header names and values, 431 beyond it.
  std::size_t max_header_bytes = 16 * 1024;
  std::size_t max_header_count = 100;
  std::size_t max_connections = 8192;
  /// A client that sends a request slower than this is dropped.
  std::chrono::seconds read_timeout{15};
  /// A TLS handshake not done within this is dropped.
  std::chrono::milliseconds handshake_timeout{5000};
  /// A request whose header block is not complete this long after its
  /// first byte is dropped (slow senders of headers).
  std::chrono::milliseconds header_timeout{5000};
  /// A connection that sends nothing this long after it was accepted (or
  /// after its TLS handshake) is closed.
  std::chrono::milliseconds first_byte_timeout{5000};
  /// A keep-alive connection that sends nothing this long after an answer
  /// is closed.
  std::chrono::milliseconds keepalive_timeout{5000};
  /// Open connections per client address, an IPv6 client by its /64 (0:
  /// no cap); trusted proxies are not capped. As many again are answered
  /// 503 (Retry-After, Connection: close); beyond that closed unanswered.
  std::size_t max_connections_per_address = 256;
  /// Strict-Transport-Security's max-age on answers over HTTPS (ours, or
  /// a trusted proxy's); 0: not sent.
  std::chrono::seconds hsts_max_age{31536000};
  /// Bytes of request bodies held at once over all connections; a body
  /// that does not fit is refused 503 before it is read.
  std::size_t max_body_memory = 256 * 1024 * 1024;
  std::chrono::seconds write_timeout{15};
  /// How long the domain may take for one request (504 beyond it).
  std::chrono::seconds request_timeout{30};
  /// The reference page's files (empty: the build's docs/, else the
  /// installed share/purse/docs).
  std::string docs_dir;
  /// Networks of proxies whose X-Forwarded-For / Forwarded headers say
  /// who the client is ("CIDR[,CIDR...]"; empty: the TCP peer is).
  std::string trusted_proxies;
  /// Where GET /metrics is served (Prometheus text, plain HTTP, apart
  /// from the API); port 0: nowhere.
  std::string metrics_host;
  std::uint16_t metrics_port = 0;
  /// The io context to run on (shared with a cluster node's call wires);
  /// unset: one of its own.
  std::shared_ptr<asio::io_context> io;
};

/// Why `spec` is not a valid --trusted-proxy value (empty: it is).
std::string trusted_proxies_error(const std::string& spec);

/// Every route served, HEAD implied by GET: the API's as
/// "METHOD /path/{placeholder}" relative to the API prefix, then the
/// developer settings page's (outside the prefix) as "page METHOD /path".
std::vector<std::string> served_routes();

/// A running server; stop() drains it.
class api_server {
public:
  /// With a `portal`, also serves the developer settings page.
  api_server(caf::actor_system& sys, std::shared_ptr<front_door> front,
             server_config cfg,
             std::shared_ptr<settings::portal> portal = nullptr);
  ~api_server();

  /// Binds and starts serving (and the metrics listener, if configured);
  /// throws std::runtime_error on failure.
  void start();

  /// Reads the TLS certificate and key files again (SIGHUP): new
  /// handshakes use the new pair. On failure the pair in use stays;
  /// `result` says why, or on success which certificate is served now.
  bool reload_tls(std::string& result);

  /// Still serves, but /readyz answers 503 and every answer closes its
  /// connection: load balancers stop sending here before stop().
  void announce_stop();

  /// Stops accepting, answers new requests 503, waits up to `deadline` for
  /// in-flight requests, then closes. Keeps the io context alive until
  /// destruction so late replies stay safe.
  void stop(std::chrono::milliseconds deadline);

  /// Number of requests being handled right now.
  std::size_t in_flight() const;

private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

} // namespace purse::http
