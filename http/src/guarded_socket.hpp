// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The socket type the server's RESTinio traits use (plain TCP or TLS): the
// library's own socket with a connection_guard in front of it.
//
// - A connection over its address's cap has its first request answered
//   503 and is closed; over twice the cap it is closed at once.
// - A TLS handshake must finish within the handshake deadline (RESTinio
//   0.6 starts its read timer only after the handshake).
// - The first byte must come within the first-byte deadline of the
//   connection (or its handshake), and the next request's first byte
//   within the keep-alive deadline of an answer: idle connections go.
// - A request's header block must be complete within the header deadline
//   of its first byte (RESTinio's read timeout, which also covers the
//   body, stays as it is).
// - A connection closed while the client is still sending a body that
//   the gate drops is shut down for sending first and drained for a
//   moment, so the answer is not lost to a reset.
// - Every byte read passes through a request_gate, so framing errors and
//   bodies that must not be read are decided before RESTinio buffers them.
//
// RESTinio reaches the socket through a handful of members and two free
// functions found by argument-dependent lookup
// (prepare_connection_and_start_read, make_tls_socket_pointer_for_state_
// listener); the specialisations at the end make its acceptor build them.
// One server per process: the acceptor builds sockets without a way to
// pass them our state, so the guard is installed for the process.

#include <algorithm>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include <restinio/all.hpp>
#include <restinio/tls.hpp>

#include "connection_guard.hpp"
#include "purse/actors/log.hpp"

namespace purse::http {

/// What a connection is being timed for.
enum class deadline { none, handshake, first_byte, headers, next_request };

template <class Inner>
class guarded_socket {
public:
  struct state {
    template <class... Args>
    explicit state(std::shared_ptr<connection_guard> g, Args&&... args)
      : inner(std::forward<Args>(args)...),
        guard(std::move(g)),
        gate(guard->rules()),
        timer(inner.get_executor()),
        strand(inner.get_executor()) {
      // nop
    }

    Inner inner;
    std::shared_ptr<connection_guard> guard;
    request_gate gate;
    /// Bytes the gate released that RESTinio has not read yet.
    std::string pending;
    std::array<char, 8192> scratch{};
    asio::steady_timer timer;
    /// The connection's executor (its strand): deadlines and the drain
    /// before a close run on it, never beside RESTinio's own handlers.
    asio::any_io_executor strand;
    /// What the timer is running for (one deadline at a time).
    deadline running = deadline::none;
    std::uint64_t timer_round = 0;
    /// A request's header block has been seen on this connection.
    bool seen_request = false;
    std::shared_ptr<void> slot;

    void close() {
      asio::error_code ignored;
      ++timer_round;
      timer.cancel();
      inner.lowest_layer().close(ignored);
    }
  };

  using executor_type = typename Inner::executor_type;

  explicit guarded_socket(asio::io_context& io)
    : ex_(io.get_executor()),
      st_(std::make_shared<state>(installed_connection_guard(), io)) {
    // nop
  }

  /// From the library's socket (the TLS acceptor hands over its own).
  guarded_socket(Inner&& inner)
    : ex_(inner.get_executor()),
      st_(std::make_shared<state>(installed_connection_guard(),
                                  std::move(inner))) {
    // nop
  }

  /// The acceptor accepts into a socket of its pool, moves it into the
  /// connection and accepts into the same slot again: a moved-from socket
  /// gets a fresh one when it is next used (see fresh()).
  guarded_socket(guarded_socket&& other) noexcept
    : ex_(other.ex_), st_(std::move(other.st_)) {
    // nop
  }
  guarded_socket& operator=(guarded_socket&& other) noexcept {
    ex_ = other.ex_;
    st_ = std::move(other.st_);
    return *this;
  }

  auto& lowest_layer() {
    return fresh().inner.lowest_layer();
  }
  const auto& lowest_layer() const {
    return st_->inner.lowest_layer();
  }
  executor_type get_executor() {
    return st_->inner.get_executor();
  }
  bool is_open() const {
    return st_->inner.lowest_layer().is_open();
  }
  auto remote_endpoint() {
    return st_->inner.lowest_layer().remote_endpoint();
  }
  template <class... Args>
  void cancel(Args&&... args) {
    st_->inner.lowest_layer().cancel(std::forward<Args>(args)...);
  }
  /// RESTinio shuts both ways before it closes; while the client still
  /// sends a body the gate drops, only the sending side is shut (a read
  /// side shut with bytes unread would reset the connection).
  void shutdown(asio::socket_base::shutdown_type what, asio::error_code& ec) {
    if (st_->gate.dropping_body())
      what = asio::socket_base::shutdown_send;
    st_->inner.lowest_layer().shutdown(what, ec);
  }
  void close() {
    if (st_->gate.dropping_body()) {
      linger(st_);
      return;
    }
    st_->close();
  }

  template <class Buffers, class Handler>
  void async_write_some(const Buffers& buffers, Handler&& handler) {
    st_->gate.answered();
    st_->inner.async_write_some(buffers, std::forward<Handler>(handler));
  }

  template <class Buffers, class Handler>
  void async_read_some(const Buffers& buffers, Handler&& handler) {
    // RESTinio wants the next request with nothing of it read yet and no
    // deadline running: the connection is idle from now on.
    if (st_->pending.empty() && st_->gate.between_requests()
        && st_->running == deadline::none)
      arm(st_,
          st_->seen_request ? deadline::next_request : deadline::first_byte);
    asio::mutable_buffer out = *asio::buffer_sequence_begin(buffers);
    read_step(st_, out, std::decay_t<Handler>(std::forward<Handler>(handler)),
              false);
  }

  Inner& inner() {
    return st_->inner;
  }

  const std::shared_ptr<state>& shared_state() const {
    return st_;
  }

  /// Takes a slot of the peer's address; false if it has none left (or
  /// the peer is gone). A connection over the cap is let in to have its
  /// first request answered 503.
  bool admit() {
    using verdict = connection_guard::admission::verdict;
    asio::error_code ec;
    auto peer = st_->inner.lowest_layer().remote_endpoint(ec);
    if (ec)
      return false;
    auto admission = st_->guard->admit(peer.address());
    st_->slot = std::move(admission.slot);
    if (admission.what == verdict::serve)
      return true;
    // At most a line every 10 s each: a flood must not fill the log.
    if (admission.what == verdict::answer_busy) {
      st_->gate.refuse_all(
        {503, "Too many connections from your address (at most "
                + std::to_string(st_->guard->limits().max_per_address)
                + "); retry, or reuse fewer connections"});
      log_event_rarely(log_level::warn,
                       "connection answered 503: too many from address",
                       {{"client", address_group(peer.address())}});
      return true;
    }
    log_event_rarely(log_level::warn,
                     "connection refused: too many from address",
                     {{"client", address_group(peer.address())}});
    return false;
  }

  /// Starts the deadline `what` (replacing any other).
  static void arm(const std::shared_ptr<state>& st, deadline what) {
    auto& limits = st->guard->limits();
    std::chrono::milliseconds after{0};
    switch (what) {
      case deadline::handshake:
        after = limits.handshake_timeout;
        break;
      case deadline::first_byte:
        after = limits.first_byte_timeout;
        break;
      case deadline::headers:
        after = limits.header_timeout;
        break;
      case deadline::next_request:
        after = limits.keepalive_timeout;
        break;
      case deadline::none:
        disarm(st);
        return;
    }
    st->running = what;
    auto round = ++st->timer_round;
    st->timer.expires_after(after);
    st->timer.async_wait(asio::bind_executor(
      st->strand, [st, round, what](const asio::error_code& ec) {
        if (ec || round != st->timer_round)
          return;
        if (what == deadline::headers) {
          asio::error_code ignored;
          auto peer = st->inner.lowest_layer().remote_endpoint(ignored);
          log_event(log_level::info,
                    "connection closed: request headers too slow",
                    {{"client", peer.address().to_string()}});
        }
        st->running = deadline::none;
        st->close();
      }));
  }

  static void disarm(const std::shared_ptr<state>& st) {
    if (st->running == deadline::none)
      return;
    st->running = deadline::none;
    ++st->timer_round;
    st->timer.cancel();
  }

private:
  /// The state, made anew if this socket was moved from (the plain
  /// acceptor's pool; the TLS acceptor pools the library's sockets).
  state& fresh() {
    if (!st_) {
      if constexpr (std::is_constructible_v<Inner, executor_type>)
        st_ = std::make_shared<state>(installed_connection_guard(), ex_);
      else
        throw std::logic_error("a moved-from TLS socket cannot be reused");
    }
    return *st_;
  }

  executor_type ex_;
  std::shared_ptr<state> st_;

  /// Fills RESTinio's buffer `out` from what the gate released, or reads
  /// more: a released body straight through, anything else through the
  /// gate. Completes `h` once bytes are there (or on an error): directly
  /// when called from a read's completion (`completing`), else posted (a
  /// handler never runs inside the call that started the read).
  template <class Handler>
  static void read_step(std::shared_ptr<state> st, asio::mutable_buffer out,
                        Handler h, bool completing) {
    auto ex = asio::get_associated_executor(h, st->inner.get_executor());
    if (!st->pending.empty()) {
      auto n = std::min(out.size(), st->pending.size());
      std::memcpy(out.data(), st->pending.data(), n);
      st->pending.erase(0, n);
      if (completing)
        h(asio::error_code{}, n);
      else
        asio::post(ex, [h = std::move(h), n]() mutable {
          h(asio::error_code{}, n);
        });
      return;
    }
    if (auto left = st->gate.body_left(); left > 0) {
      auto size
        = static_cast<std::size_t>(std::min<std::uint64_t>(out.size(), left));
      st->inner.async_read_some(
        asio::buffer(out.data(), size),
        asio::bind_executor(ex,
                            [st, h = std::move(h)](const asio::error_code& ec,
                                                   std::size_t n) mutable {
                              st->gate.passed_body(n);
                              h(ec, n);
                            }));
      return;
    }
    st->inner.async_read_some(
      asio::buffer(st->scratch),
      asio::bind_executor(ex, [st, out, ex,
                               h = std::move(h)](const asio::error_code& ec,
                                                 std::size_t n) mutable {
        if (ec) {
          h(ec, 0);
          return;
        }
        st->gate.feed(st->scratch.data(), n, st->pending);
        watch_headers(st);
        read_step(std::move(st), out, std::move(h), true);
      }));
  }

  /// After bytes came: the header deadline while a header block is
  /// incomplete; no deadline once it is (the request is being handled).
  static void watch_headers(const std::shared_ptr<state>& st) {
    if (st->gate.in_headers()) {
      if (st->running != deadline::headers)
        arm(st, deadline::headers);
      return;
    }
    st->seen_request = true;
    disarm(st);
  }

  /// Closes once the body the gate drops has come, or after a second: the
  /// answer already sent is read by the client before the close.
  static void linger(const std::shared_ptr<state>& st) {
    auto round = ++st->timer_round;
    st->running = deadline::none;
    st->timer.expires_after(std::chrono::seconds(1));
    st->timer.async_wait(
      asio::bind_executor(st->strand, [st, round](const asio::error_code& ec) {
        if (!ec && round == st->timer_round)
          st->close();
      }));
    drain(st, round);
  }

  static void drain(const std::shared_ptr<state>& st, std::uint64_t round) {
    st->inner.async_read_some(
      asio::buffer(st->scratch),
      asio::bind_executor(st->strand, [st, round](const asio::error_code& ec,
                                                  std::size_t n) {
        if (round != st->timer_round)
          return;
        std::string ignored;
        if (!ec)
          st->gate.feed(st->scratch.data(), n, ignored);
        if (ec || !st->gate.dropping_body())
          st->close();
        else
          drain(st, round);
      }));
  }
};

using guarded_tcp_socket = guarded_socket<asio::ip::tcp::socket>;
using guarded_tls_socket = guarded_socket<restinio::impl::tls_socket_t>;

// -- what RESTinio's connection calls (found by argument-dependent lookup) --

template <class Connection, class Start, class Failed>
void prepare_connection_and_start_read(guarded_tcp_socket& socket,
                                       Connection& con, Start start,
                                       Failed failed) {
  if (!socket.admit()) {
    failed(asio::error::make_error_code(asio::error::connection_refused));
    return;
  }
  socket.shared_state()->strand = con.get_executor();
  guarded_tcp_socket::arm(socket.shared_state(), deadline::first_byte);
  start();
}

template <class Connection, class Start, class Failed>
void prepare_connection_and_start_read(guarded_tls_socket& socket,
                                       Connection& con, Start start,
                                       Failed failed) {
  if (!socket.admit()) {
    failed(asio::error::make_error_code(asio::error::connection_refused));
    return;
  }
  auto st = socket.shared_state();
  auto ex = con.get_executor();
  st->strand = ex;
  guarded_tls_socket::arm(st, deadline::handshake);
  st->inner.async_handshake(
    asio::ssl::stream_base::server,
    asio::bind_executor(
      ex, [st, start = std::move(start), failed = std::move(failed),
           keep = con.shared_from_this()](const asio::error_code& ec) mutable {
        if (ec) {
          guarded_tls_socket::disarm(st);
          failed(ec);
          return;
        }
        guarded_tls_socket::arm(st, deadline::first_byte);
        start();
      }));
}

inline restinio::tls_socket_t*
make_tls_socket_pointer_for_state_listener(guarded_tcp_socket&) noexcept {
  return nullptr;
}

inline restinio::tls_socket_t*
make_tls_socket_pointer_for_state_listener(guarded_tls_socket& s) noexcept {
  return &s.inner();
}

} // namespace purse::http

namespace restinio {

/// Server settings for the guarded TLS socket: those of the library's.
template <class Settings>
class socket_type_dependent_settings_t<Settings,
                                       purse::http::guarded_tls_socket>
  : public socket_type_dependent_settings_t<Settings, tls_socket_t> {
public:
  // User-provided: an aggregate here would be built without access to
  // the base's protected destructor.
  socket_type_dependent_settings_t() {
  }
  socket_type_dependent_settings_t(socket_type_dependent_settings_t&&)
    = default;

protected:
  ~socket_type_dependent_settings_t() = default;
};

namespace impl {

/// The TLS acceptor's sockets: the library's, wrapped when a connection
/// takes one (guarded_socket converts from it).
template <>
class socket_supplier_t<purse::http::guarded_tls_socket>
  : public socket_supplier_t<tls_socket_t> {
protected:
  using socket_supplier_t<tls_socket_t>::socket_supplier_t;
};

} // namespace impl
} // namespace restinio
