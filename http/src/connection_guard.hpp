// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// What every connection of one server shares before a request reaches the
// handler: the deadlines for the TLS handshake and for a request's header
// block, the cap on connections per client address, the memory budget for
// request bodies in flight, and the rules of the request gate
// (request_gate.hpp). guarded_socket.hpp applies them.

#include <atomic>
#include <chrono>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include <asio/ip/address.hpp>

#include "client_address.hpp"
#include "request_gate.hpp"

namespace purse::http {

struct guard_limits {
  std::chrono::milliseconds handshake_timeout{5000};
  std::chrono::milliseconds header_timeout{5000};
  /// From the connection (or its TLS handshake) to its first byte.
  std::chrono::milliseconds first_byte_timeout{5000};
  /// From an answer to the next request's first byte (keep-alive).
  std::chrono::milliseconds keepalive_timeout{5000};
  /// Open connections per client address, an IPv6 client by its /64 (0:
  /// no cap). Trusted proxies carry many clients: they are not capped.
  /// As many again are let in only to be answered 503 and closed.
  std::size_t max_per_address = 256;
  /// Bytes of request bodies held at once, over all connections.
  std::size_t max_body_memory = 256 * 1024 * 1024;
};

class connection_guard {
public:
  connection_guard(guard_limits limits, const trusted_proxies& proxies,
                   gate_rules rules);

  const guard_limits& limits() const {
    return limits_;
  }

  const gate_rules& rules() const {
    return rules_;
  }

  /// What a new connection may do.
  struct admission {
    enum class verdict {
      /// Served as usual.
      serve,
      /// Over its address's cap: its first request is answered 503 with
      /// Retry-After and the connection closed.
      answer_busy,
      /// Over twice the cap: closed unanswered.
      refuse
    };
    verdict what = verdict::refuse;
    /// Held while the connection is open (null when refused).
    std::shared_ptr<void> slot;
  };

  /// Counts a new connection from `address` (its address_group()).
  admission admit(const asio::ip::address& address);

  /// Bytes of request bodies reserved now (for tests and metrics).
  std::size_t body_bytes_reserved() const {
    return reserved_.load();
  }

private:
  bool reserve(std::size_t bytes);
  void release(std::size_t bytes);

  guard_limits limits_;
  const trusted_proxies& proxies_;
  gate_rules rules_;
  std::mutex mutex_;
  /// Connections per address group: served, and let in to be refused.
  std::unordered_map<std::string, std::size_t> open_;
  std::unordered_map<std::string, std::size_t> busy_;
  std::atomic<std::size_t> reserved_{0};
};

/// The guard the sockets made from now on use (one server per process:
/// RESTinio's acceptor builds sockets with no way to hand them ours).
void install_connection_guard(std::shared_ptr<connection_guard> guard);
std::shared_ptr<connection_guard> installed_connection_guard();

} // namespace purse::http
