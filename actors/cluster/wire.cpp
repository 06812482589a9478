// SPDX-License-Identifier: GPL-2.0-or-later
#include "wire.hpp"

#include <stdexcept>
#include <string_view>
#include <utility>

#include <asio/bind_executor.hpp>
#include <asio/buffer.hpp>
#include <asio/connect.hpp>
#include <asio/dispatch.hpp>
#include <asio/post.hpp>
#include <asio/read.hpp>
#include <asio/steady_timer.hpp>
#include <asio/write.hpp>

#include <openssl/ssl.h>

namespace purse {

namespace {

/// The cluster's TLS for one end of a wire: TLS 1.2 or newer, this node's
/// certificate and key, and a peer certificate of the cluster's CA
/// required.
void load_cluster_tls(asio::ssl::context& tls, const cluster_options& opts) {
  tls.set_options(asio::ssl::context::default_workarounds
                  | asio::ssl::context::no_sslv2 | asio::ssl::context::no_sslv3
                  | asio::ssl::context::no_tlsv1
                  | asio::ssl::context::no_tlsv1_1);
  tls.load_verify_file(opts.ca_file);
  tls.use_certificate_chain_file(opts.cert_file);
  tls.use_private_key_file(opts.key_file, asio::ssl::context::pem);
  tls.set_verify_mode(asio::ssl::verify_peer
                      | asio::ssl::verify_fail_if_no_peer_cert);
}

/// `wire::protocol` as an ALPN list: its length, then its bytes.
std::string alpn_list() {
  std::string out(1, static_cast<char>(wire::protocol.size()));
  out.append(wire::protocol);
  return out;
}

/// The listener's choice among the protocols a dialler offers:
/// wire::protocol if offered, else none (the wire carries keyed calls
/// only).
int select_protocol(SSL*, const unsigned char** out, unsigned char* outlen,
                    const unsigned char* in, unsigned int inlen, void*) {
  for (unsigned int i = 0; i < inlen;) {
    unsigned int len = in[i];
    if (i + 1 + len > inlen)
      break;
    std::string_view offered{reinterpret_cast<const char*>(in + i + 1), len};
    if (offered == wire::protocol) {
      *out = in + i + 1;
      *outlen = static_cast<unsigned char>(len);
      return SSL_TLSEXT_ERR_OK;
    }
    i += 1 + len;
  }
  return SSL_TLSEXT_ERR_NOACK;
}

/// Whether the handshake of `ssl` agreed on wire::protocol.
bool agreed_protocol(SSL* ssl) {
  const unsigned char* name = nullptr;
  unsigned int len = 0;
  SSL_get0_alpn_selected(ssl, &name, &len);
  return name != nullptr
         && std::string_view{reinterpret_cast<const char*>(name), len}
              == wire::protocol;
}

} // namespace

wire_context::wire_context(std::shared_ptr<asio::io_context> io_context,
                           const cluster_options& opts)
  : io(std::move(io_context)),
    client(asio::ssl::context::tls_client),
    server(asio::ssl::context::tls_server) {
  try {
    load_cluster_tls(client, opts);
    load_cluster_tls(server, opts);
  } catch (const asio::system_error& e) {
    throw std::runtime_error(std::string{"cannot load the cluster's TLS "
                                         "files for its call wires: "}
                             + e.what());
  }
  auto offer = alpn_list();
  if (SSL_CTX_set_alpn_protos(
        client.native_handle(),
        reinterpret_cast<const unsigned char*>(offer.data()),
        static_cast<unsigned int>(offer.size()))
      != 0)
    throw std::runtime_error("cannot set up the call wires' TLS (ALPN)");
  SSL_CTX_set_alpn_select_cb(server.native_handle(), select_protocol, nullptr);
}

wire_stream::wire_stream(asio::io_context& io, asio::ssl::context& tls)
  : strand_(asio::make_strand(io)), stream_(strand_, tls) {
  // nop
}

wire_stream::~wire_stream() = default;

void wire_stream::start(frame_handler on_frame, end_handler on_end) {
  asio::dispatch(strand_, [self = shared_from_this(),
                           on_frame = std::move(on_frame),
                           on_end = std::move(on_end)]() mutable {
    if (self->ended_) {
      on_end();
      return;
    }
    asio::error_code ec;
    self->stream_.lowest_layer().set_option(asio::ip::tcp::no_delay{true}, ec);
    self->on_frame_ = std::move(on_frame);
    self->on_end_ = std::move(on_end);
    self->admitted_ = agreed_protocol(self->stream_.native_handle());
    self->up_.store(true, std::memory_order_release);
    self->read_header();
  });
}

bool wire_stream::write(std::vector<char> frame) {
  if (!up())
    return false;
  // Inline when called on a thread of the io context while the strand is
  // free (the HTTP thread that parsed the call): the frame goes out at once.
  asio::dispatch(strand_, [self = shared_from_this(),
                           frame = std::move(frame)]() mutable {
    if (self->ended_)
      return;
    self->queued_.push_back(std::move(frame));
    if (self->writing_.empty())
      self->write_queued();
  });
  return true;
}

void wire_stream::close() {
  // Posted, never run inline: a frame handler may close its own wire, and
  // the end destroys that handler.
  asio::post(strand_, [self = shared_from_this()] {
    self->end();
  });
}

void wire_stream::read_header() {
  asio::async_read(
    stream_, asio::buffer(header_),
    asio::bind_executor(strand_, [self = shared_from_this()](
                                   const asio::error_code& ec, std::size_t) {
      if (ec || self->ended_) {
        self->end();
        return;
      }
      auto& h = self->header_;
      std::uint32_t size = 0;
      for (int i = 0; i < 4; ++i)
        size = (size << 8) | h[i];
      std::uint64_t id = 0;
      for (int i = 4; i < 12; ++i)
        id = (id << 8) | h[i];
      if (size > wire::max_payload) {
        self->end();
        return;
      }
      self->read_payload(id, size);
    }));
}

void wire_stream::read_payload(std::uint64_t id, std::uint32_t size) {
  payload_.resize(size);
  asio::async_read(
    stream_, asio::buffer(payload_),
    asio::bind_executor(strand_, [self = shared_from_this(),
                                  id](const asio::error_code& ec, std::size_t) {
      if (ec || self->ended_) {
        self->end();
        return;
      }
      self->on_frame_(id, self->payload_.data(), self->payload_.size());
      // A large payload's buffer is not kept for the small ones after it.
      if (self->payload_.capacity() > 64 * 1024)
        std::vector<char>{}.swap(self->payload_);
      self->read_header();
    }));
}

void wire_stream::write_queued() {
  std::vector<asio::const_buffer> buffers;
  while (!queued_.empty()) {
    writing_.push_back(std::move(queued_.front()));
    queued_.pop_front();
  }
  buffers.reserve(writing_.size());
  for (auto& f : writing_)
    buffers.emplace_back(asio::buffer(f));
  asio::async_write(
    stream_, buffers,
    asio::bind_executor(strand_, [self = shared_from_this()](
                                   const asio::error_code& ec, std::size_t) {
      self->writing_.clear();
      if (ec || self->ended_) {
        self->end();
        return;
      }
      if (!self->queued_.empty())
        self->write_queued();
    }));
}

void dial_wire(const std::shared_ptr<wire_context>& ctx,
               const std::string& host, std::uint16_t port,
               std::function<void(std::shared_ptr<wire_stream>)> done) {
  struct dialling {
    std::shared_ptr<wire_context> ctx;
    std::shared_ptr<wire_stream> wire;
    asio::ip::tcp::resolver resolver;
    asio::steady_timer deadline;
    std::function<void(std::shared_ptr<wire_stream>)> done;
    void finish(bool ok) {
      deadline.cancel();
      if (auto d = std::exchange(done, nullptr))
        d(ok ? wire : nullptr);
      if (!ok)
        wire->close();
    }
  };
  auto& io = *ctx->io;
  auto wire = std::make_shared<wire_stream>(io, ctx->client);
  auto d = std::make_shared<dialling>(
    dialling{ctx, wire, asio::ip::tcp::resolver{wire->strand()},
             asio::steady_timer{wire->strand(), wire_handshake_timeout},
             std::move(done)});
  d->deadline.async_wait([d](const asio::error_code& ec) {
    if (!ec)
      d->finish(false);
  });
  d->resolver.async_resolve(
    host, std::to_string(port),
    [d](const asio::error_code& ec,
        const asio::ip::tcp::resolver::results_type& found) {
      if (ec || !d->done) {
        d->finish(false);
        return;
      }
      asio::async_connect(
        d->wire->stream().lowest_layer(), found,
        [d](const asio::error_code& ec, const asio::ip::tcp::endpoint&) {
          if (ec || !d->done) {
            d->finish(false);
            return;
          }
          d->wire->stream().async_handshake(asio::ssl::stream_base::client,
                                            [d](const asio::error_code& ec) {
                                              d->finish(!ec && d->done);
                                            });
        });
    });
}

void wire_stream::end() {
  if (ended_)
    return;
  ended_ = true;
  up_.store(false, std::memory_order_release);
  queued_.clear();
  asio::error_code ec;
  stream_.lowest_layer().shutdown(asio::ip::tcp::socket::shutdown_both, ec);
  stream_.lowest_layer().close(ec);
  on_frame_ = nullptr;
  if (auto on_end = std::exchange(on_end_, nullptr))
    on_end();
}

} // namespace purse
