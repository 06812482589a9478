// SPDX-License-Identifier: GPL-2.0-or-later
#include "call_listener.hpp"

#include <stdexcept>
#include <utility>

#include <asio/dispatch.hpp>
#include <asio/strand.hpp>

#include <caf/binary_deserializer.hpp>

#include "purse/actors/api_result.hpp"
#include "relay_companion.hpp"

namespace purse {

namespace {

/// How long accepting pauses after an error (out of descriptors).
constexpr auto accept_pause = std::chrono::milliseconds(100);

/// The answer in `ptr` (an api_result, or the error of a call that could
/// not be delivered here).
api_result answer_in(caf::mailbox_element& element) {
  auto& content = element.content();
  if (content.match_elements<api_result>())
    return std::move(content.get_mutable_as<api_result>(0));
  if (content.match_elements<caf::error>())
    return result_from_error(content.get_as<caf::error>(0));
  return result_from_error(caf::make_error(caf::sec::unexpected_response));
}

} // namespace

/// A member's wire: each call read from it goes to `serve` with this
/// session's companion as the asker, and the companion writes each answer
/// back on the wire, on the thread that delivers it.
class call_listener::session {
public:
  session(caf::actor_system& sys, const std::shared_ptr<wire_stream>& wire)
    : wire_(wire),
      replies_(sys, [weak = std::weak_ptr<wire_stream>{wire}](
                      caf::mailbox_element_ptr ptr) {
        if (!ptr || !ptr->mid.is_response())
          return;
        auto to = weak.lock();
        if (!to)
          return; // the wire went: the member answered its asker itself
        auto r = answer_in(*ptr);
        std::vector<char> frame;
        if (wire::frame(frame, ptr->mid.request_id().integer_value(), r))
          to->write(std::move(frame));
      }) {
    // nop
  }

  /// A call read from the wire; a frame that is not one ends the wire.
  void on_frame(const call_listener& listener, std::uint64_t id,
                const char* data, std::size_t size) {
    auto wire = wire_.lock();
    if (!wire)
      return;
    bool admitted = (id & wire::admitted_call) != 0;
    id &= ~wire::admitted_call;
    std::string lookup_id;
    std::string hash;
    api_call call;
    caf::binary_deserializer source{nullptr, data, size};
    bool read = admitted ? wire->takes_admitted() && !source(call)
                         : !source(lookup_id, hash, call);
    if (!read || source.remaining() != 0
        || id > caf::message_id::request_id_mask) {
      wire->close();
      return;
    }
    auto serve = listener.serving();
    if (!serve)
      return;
    if (admitted)
      serve->admitted(replies_.handle(), caf::make_message_id(id),
                      std::move(call));
    else
      serve->keyed(replies_.handle(), caf::make_message_id(id),
                   std::move(lookup_id), std::move(hash), std::move(call));
  }

private:
  std::weak_ptr<wire_stream> wire_;
  relay_companion replies_;
};

call_listener::call_listener(caf::actor_system& sys,
                             std::shared_ptr<wire_context> ctx,
                             const std::string& host, std::uint16_t port)
  : sys_(sys),
    ctx_(std::move(ctx)),
    acceptor_(asio::make_strand(*ctx_->io)),
    pause_(acceptor_.get_executor()) {
  auto fail = [&](const asio::error_code& ec) {
    throw std::runtime_error("cannot listen for the members' call wires on "
                             + host + ":" + std::to_string(port) + ": "
                             + ec.message());
  };
  asio::error_code ec;
  asio::ip::tcp::resolver resolver{*ctx_->io};
  auto found = resolver.resolve(host, std::to_string(port),
                                asio::ip::resolver_base::passive, ec);
  if (ec)
    fail(ec);
  if (found.empty())
    fail(asio::error::host_not_found);
  auto at = found.begin()->endpoint();
  acceptor_.open(at.protocol(), ec);
  if (!ec)
    acceptor_.set_option(asio::ip::tcp::acceptor::reuse_address{true}, ec);
  if (!ec)
    acceptor_.bind(at, ec);
  if (!ec)
    acceptor_.listen(asio::socket_base::max_listen_connections, ec);
  if (ec)
    fail(ec);
  port_ = acceptor_.local_endpoint().port();
}

call_listener::~call_listener() = default;

void call_listener::start(servers serve) {
  {
    std::lock_guard<std::mutex> guard{mtx_};
    serve_ = std::make_shared<const servers>(std::move(serve));
  }
  asio::dispatch(acceptor_.get_executor(), [self = shared_from_this()] {
    self->accept();
  });
}

void call_listener::stop() {
  std::set<std::shared_ptr<wire_stream>> wires;
  {
    std::lock_guard<std::mutex> guard{mtx_};
    stopped_ = true;
    serve_ = nullptr;
    wires.swap(wires_);
  }
  asio::dispatch(acceptor_.get_executor(), [self = shared_from_this()] {
    asio::error_code ec;
    self->acceptor_.close(ec);
    self->pause_.cancel();
  });
  for (auto& w : wires)
    w->close();
}

std::shared_ptr<const call_listener::servers> call_listener::serving() const {
  std::lock_guard<std::mutex> guard{mtx_};
  return serve_;
}

void call_listener::accept() {
  auto wire = std::make_shared<wire_stream>(*ctx_->io, ctx_->server);
  acceptor_.async_accept(
    wire->stream().lowest_layer(),
    [self = shared_from_this(), wire](const asio::error_code& ec) {
      {
        std::lock_guard<std::mutex> guard{self->mtx_};
        if (self->stopped_) {
          wire->close();
          return;
        }
      }
      if (ec) {
        // Out of descriptors, or the like: accepting goes on after a
        // pause; one error never stops the listener.
        wire->close();
        self->pause_.expires_after(accept_pause);
        self->pause_.async_wait([self](const asio::error_code& e) {
          if (!e)
            self->accept();
        });
        return;
      }
      self->handshake(wire);
      self->accept();
    });
}

void call_listener::handshake(std::shared_ptr<wire_stream> wire) {
  {
    std::lock_guard<std::mutex> guard{mtx_};
    if (wires_.size() >= max_wires) {
      wire->close();
      return;
    }
    wires_.insert(wire);
  }
  auto deadline = std::make_shared<asio::steady_timer>(wire->strand(),
                                                       wire_handshake_timeout);
  deadline->async_wait([wire](const asio::error_code& ec) {
    if (!ec)
      wire->close();
  });
  wire->stream().async_handshake(
    asio::ssl::stream_base::server,
    [self = shared_from_this(), wire, deadline](const asio::error_code& ec) {
      deadline->cancel();
      if (ec) {
        // A stranger's certificate, or none, or too slow.
        wire->close();
        self->forget(wire);
        return;
      }
      auto s = std::make_shared<session>(self->sys_, wire);
      wire->start(
        [s, self](std::uint64_t id, const char* data, std::size_t size) {
          s->on_frame(*self, id, data, size);
        },
        [self, wire, s] {
          self->forget(wire);
        });
    });
}

void call_listener::forget(const std::shared_ptr<wire_stream>& wire) {
  std::lock_guard<std::mutex> guard{mtx_};
  wires_.erase(wire);
}

} // namespace purse
