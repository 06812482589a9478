// SPDX-License-Identifier: GPL-2.0-or-later
#include "page_stream.hpp"

#include "purse/actors/errc.hpp"

namespace purse::http {

void page_stream::start(response resp, bool head, api_result first,
                        api_call call, ask_fn ask, defer_fn defer, end_fn end) {
  auto s = std::make_shared<page_stream>(std::move(resp), std::move(call),
                                         std::move(ask), std::move(defer),
                                         std::move(end));
  if (head) {
    // HEAD: the header GET would send, and no body (RFC 9110, 9.3.2).
    s->resp_.finish(false);
    s->stop(true, {});
    return;
  }
  s->send(std::move(first));
}

page_stream::page_stream(response resp, api_call call, ask_fn ask,
                         defer_fn defer, end_fn end)
  : resp_(std::move(resp)),
    call_(std::move(call)),
    ask_(std::move(ask)),
    defer_(std::move(defer)),
    end_(std::move(end)) {
  // nop
}

void page_stream::send(api_result page) {
  next_ = std::move(page.next_page);
  bytes_ += page.data.size();
  // The next page is asked for only once this one is on its way to the
  // client: at most one page is held per stream.
  resp_.send_chunk(std::move(page.data),
                   [self = shared_from_this()](const asio::error_code& ec) {
                     self->on_written(ec);
                   });
}

void page_stream::on_written(const asio::error_code& ec) {
  if (ec) {
    // The client is gone (or the write timed out): no more pages.
    stop(false, "the client stopped reading: " + ec.message());
    return;
  }
  if (next_.empty()) {
    defer_([self = shared_from_this()] {
      self->resp_.finish();
      self->stop(true, {});
    });
    return;
  }
  call_.continuation = next_;
  ask_(call_, [self = shared_from_this()](const api_result& r) {
    self->on_page(r);
  });
}

void page_stream::on_page(const api_result& r) {
  if (r.code == errc::ok && r.stream) {
    send(r);
    return;
  }
  // Too late for a status: the body ends short and the connection closes.
  auto why = "a page failed: " + std::string{errc_name(r.code)}
             + (r.message.empty() ? "" : " (" + r.message + ")");
  defer_([self = shared_from_this(), why = std::move(why)]() mutable {
    self->resp_.abort();
    self->stop(false, std::move(why));
  });
}

void page_stream::stop(bool complete, std::string why) {
  if (ended_)
    return;
  ended_ = true;
  end_(complete, std::move(why), bytes_);
}

} // namespace purse::http
