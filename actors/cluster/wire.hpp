// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The cluster's own transport for the calls the HTTP front hands to another
// member (link_door.hpp, call_listener.hpp): one TLS connection from a node
// to each member, carrying frames of a call id and a CAF-serialized
// payload, on the io context the HTTP front runs on. A call is written from
// the thread that parsed its request, and its answer read by a thread that
// writes HTTP answers: no actor, no middleman thread and no thread hand-off
// beyond those a call served here has. CAF's middleman (node_link.hpp)
// still carries everything else between members, and the calls when a
// node has no wire to a member.
//
// A frame: the payload's length (4 bytes, big-endian), the call id (8
// bytes, big-endian), the payload. Both ends present a certificate of the
// cluster's CA, as on the middleman's links.
//
// Two kinds of call: one presented with a key (lookup id, token hash,
// api_call), which every listener takes, and one its key's actor admitted
// (api_call alone, for the scope's actor there; its id carries
// wire::admitted_call). The dialler offers wire::protocol by ALPN in its
// handshake, and sends admitted calls only over a wire whose listener
// selected it (takes_admitted()): a listener of an older version selects
// none and gets keyed calls only, as before.

#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <asio/io_context.hpp>
#include <asio/ip/tcp.hpp>
#include <asio/ssl/context.hpp>
#include <asio/ssl/stream.hpp>
#include <asio/strand.hpp>

#include <caf/binary_serializer.hpp>

#include "purse/cluster/options.hpp"

namespace purse {

/// What a node's wires share: the io context they run on and the cluster's
/// TLS, for dialling and for accepting.
struct wire_context {
  /// Throws std::runtime_error when the cluster's PEM files cannot be
  /// loaded (the node's credentials were checked before: not expected).
  wire_context(std::shared_ptr<asio::io_context> io,
               const cluster_options& opts);

  std::shared_ptr<asio::io_context> io;
  asio::ssl::context client;
  asio::ssl::context server;
};

namespace wire {

/// The frame header: payload length, call id.
constexpr std::size_t header_bytes = 12;

/// The largest payload (an upload's call, 36 MiB of body, fits); a peer
/// that announces more is cut off.
constexpr std::uint32_t max_payload = 64u << 20;

/// The protocol of wires that carry admitted calls too, offered by ALPN.
constexpr std::string_view protocol = "purse-call/2";

/// Set in the id of an admitted call's frame (call ids stay below CAF's
/// request id mask, far below this bit; answers carry the plain id).
constexpr std::uint64_t admitted_call = std::uint64_t{1} << 63;

/// A frame for call `id` holding `xs` (false: they cannot be serialized).
template <class... Ts>
bool frame(std::vector<char>& out, std::uint64_t id, Ts&... xs) {
  out.assign(header_bytes, 0);
  caf::binary_serializer sink{nullptr, out};
  if (sink(xs...))
    return false;
  auto size = out.size() - header_bytes;
  if (size > max_payload)
    return false;
  for (int i = 0; i < 4; ++i)
    out[i] = static_cast<char>((size >> (24 - 8 * i)) & 0xff);
  for (int i = 0; i < 8; ++i)
    out[4 + i] = static_cast<char>((id >> (56 - 8 * i)) & 0xff);
  return true;
}

} // namespace wire

/// One wire: a TLS connection carrying frames both ways. Reads and writes
/// run on its strand; write() and close() may be called from any thread.
class wire_stream : public std::enable_shared_from_this<wire_stream> {
public:
  using tls_stream = asio::ssl::stream<asio::ip::tcp::socket>;
  /// A frame read: its call id and payload (valid during the call).
  using frame_handler
    = std::function<void(std::uint64_t id, const char* data, std::size_t size)>;
  /// The wire ended (closed, broken, or a frame it could not take).
  using end_handler = std::function<void()>;

  wire_stream(asio::io_context& io, asio::ssl::context& tls);

  ~wire_stream();
  wire_stream(const wire_stream&) = delete;
  wire_stream& operator=(const wire_stream&) = delete;

  /// The TLS stream, for connecting or accepting and the handshake (before
  /// start()).
  tls_stream& stream() {
    return stream_;
  }

  /// The strand that reads and writes.
  asio::strand<asio::io_context::executor_type>& strand() {
    return strand_;
  }

  /// Starts reading frames (on the strand, after the handshake); `on_end`
  /// runs once, when the wire ends.
  void start(frame_handler on_frame, end_handler on_end);

  /// Queues a frame (wire::frame); false when the wire has ended.
  bool write(std::vector<char> frame);

  /// Ends the wire (its end handler runs).
  void close();

  /// Whether frames can be written.
  bool up() const {
    return up_.load(std::memory_order_acquire);
  }

  /// Whether the peer takes admitted calls (both ends agreed on
  /// wire::protocol in the handshake); known once up().
  bool takes_admitted() const {
    return up() && admitted_;
  }

private:
  void read_header();
  void read_payload(std::uint64_t id, std::uint32_t size);
  void write_queued();
  void end();

  asio::strand<asio::io_context::executor_type> strand_;
  tls_stream stream_;
  std::atomic<bool> up_{false};
  /// Set before up_ (release), read after it (acquire).
  bool admitted_ = false;
  bool ended_ = false;
  frame_handler on_frame_;
  end_handler on_end_;
  std::array<unsigned char, wire::header_bytes> header_{};
  std::vector<char> payload_;
  /// Frames waiting to be written, and those being written (strand).
  std::deque<std::vector<char>> queued_;
  std::vector<std::vector<char>> writing_;
};

/// How long a dial or an accepted connection may take to finish its TLS
/// handshake.
constexpr std::chrono::seconds wire_handshake_timeout{5};

/// Dials `host`:`port` and shakes hands as the client; `done` gets the
/// wire, not started yet (null: it could not be reached, or its certificate
/// is not of the cluster's CA).
void dial_wire(const std::shared_ptr<wire_context>& ctx,
               const std::string& host, std::uint16_t port,
               std::function<void(std::shared_ptr<wire_stream>)> done);

} // namespace purse
