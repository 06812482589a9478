// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Where the other members' wires (wire.hpp) come in: a TLS listener beside
// the middleman's, on the same host. Each call read from a wire, presented
// with a key or admitted by its key's actor, is served as the ingress
// serves such a call handed on over the middleman, and its answer written
// back on the wire it came from. The port is told to members over the
// middleman (the ingress's wire_atom), so it may be any.
//
// Only a peer with a certificate of the cluster's CA gets past the
// handshake; a connection that does not finish its handshake in time is
// closed, and no error of one connection (or of accepting) stops the
// listener.

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>

#include <asio/ip/tcp.hpp>
#include <asio/steady_timer.hpp>

#include <caf/actor_system.hpp>
#include <caf/message_id.hpp>

#include "purse/actors/api_call.hpp"
#include "wire.hpp"

namespace purse {

class call_listener : public std::enable_shared_from_this<call_listener> {
public:
  /// Serves a call presented with a key (lookup id, SHA-256 of the whole
  /// token), answering `reply_to` as the response to `mid`.
  using serve_call = std::function<void(
    caf::strong_actor_ptr reply_to, caf::message_id mid, std::string lookup_id,
    std::string hash, api_call call)>;

  /// Serves a call its key's actor admitted on the member (for the scope's
  /// actor here), answering `reply_to` as the response to `mid`.
  using serve_admitted = std::function<void(
    caf::strong_actor_ptr reply_to, caf::message_id mid, api_call call)>;

  /// What serves the calls of both kinds.
  struct servers {
    serve_call keyed;
    serve_admitted admitted;
  };

  /// The most wires open at once (members dial one each; the rest are
  /// strangers, closed at their handshake's deadline).
  static constexpr std::size_t max_wires = 256;

  /// Listens on `host`:`port` (0: any free port). Throws
  /// std::runtime_error when it cannot.
  call_listener(caf::actor_system& sys, std::shared_ptr<wire_context> ctx,
                const std::string& host, std::uint16_t port);

  ~call_listener();
  call_listener(const call_listener&) = delete;
  call_listener& operator=(const call_listener&) = delete;

  /// The port it listens on.
  std::uint16_t port() const {
    return port_;
  }

  /// Accepts wires and serves their calls with `serve`.
  void start(servers serve);

  /// Stops accepting, closes every wire and lets go of `serve` (which
  /// holds the request path: what still waits on the io context must not
  /// keep the domain's actors alive).
  void stop();

  /// What serves the calls (null once stopped).
  std::shared_ptr<const servers> serving() const;

  /// A member's wire and what answers its calls (call_listener.cpp).
  class session;

private:
  void accept();
  void handshake(std::shared_ptr<wire_stream> wire);
  void forget(const std::shared_ptr<wire_stream>& wire);

  caf::actor_system& sys_;
  std::shared_ptr<wire_context> ctx_;
  asio::ip::tcp::acceptor acceptor_;
  asio::steady_timer pause_;
  std::uint16_t port_ = 0;
  mutable std::mutex mtx_;
  std::shared_ptr<const servers> serve_;
  bool stopped_ = false;
  std::set<std::shared_ptr<wire_stream>> wires_;
};

} // namespace purse
