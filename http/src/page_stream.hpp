// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// A streamed answer (api_result::stream, e.g. GET …/transactions/
// export.csv): its pages are sent as chunks of one chunked response, and a
// page is asked of the domain only when the chunk before it has been
// written to the socket (RESTinio's after-write notification). That is the
// backpressure: a slow client leaves at most one page in memory, and holds
// no database connection while it reads (each page is a read of its own).
//
// An error after the header was sent cannot change the status: the
// response then ends without its terminating chunk and the connection is
// closed, so the client sees a truncated transfer.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include <restinio/all.hpp>

#include "purse/actors/api_call.hpp"
#include "purse/actors/api_result.hpp"

namespace purse::http {

/// RESTinio's output kind for page_stream: chunked transfer coding whose
/// end is ours to choose (RESTinio's chunked_output_t always writes the
/// terminating chunk, even when the body is incomplete).
struct stream_output_t {};

} // namespace purse::http

namespace restinio {

/// The response builder of purse::http::stream_output_t, over RESTinio's
/// own write groups (base_response_builder_t's connection and header).
template <>
class response_builder_t<purse::http::stream_output_t> final
  : public base_response_builder_t<
      response_builder_t<purse::http::stream_output_t>> {
public:
  using base_type_t
    = base_response_builder_t<response_builder_t<purse::http::stream_output_t>>;
  using base_type_t::base_type_t;

  response_builder_t(response_builder_t&&) = default;

  /// Sends the header (the first time) and `data` as one chunk; `written`
  /// runs once it has been written (or failed to be).
  void send_chunk(std::string data, write_status_cb_t written) {
    writable_items_container_t bufs;
    auto status_line = header_once(bufs);
    if (!data.empty()) {
      bufs.emplace_back(fmt::format("{:X}\r\n", data.size()));
      data.append("\r\n");
      bufs.emplace_back(std::move(data));
    }
    write(std::move(bufs), status_line, response_parts_attr_t::not_final_parts,
          connection_attr(), std::move(written));
  }

  /// Ends the response: the terminating chunk (with `body`; without, only
  /// the header, for HEAD).
  void finish(bool body = true) {
    writable_items_container_t bufs;
    auto status_line = header_once(bufs);
    if (body)
      bufs.emplace_back(const_buffer("0\r\n\r\n", 5));
    write(std::move(bufs), status_line, response_parts_attr_t::final_parts,
          connection_attr(), {});
  }

  /// Ends the response without its terminating chunk and closes the
  /// connection once what was sent before has been written.
  void abort() {
    writable_items_container_t bufs;
    auto status_line = header_once(bufs);
    write(std::move(bufs), status_line, response_parts_attr_t::final_parts,
          response_connection_attr_t::connection_close, {});
  }

private:
  std::size_t header_once(writable_items_container_t& bufs) {
    if (header_sent_)
      return 0;
    header_sent_ = true;
    keep_alive_ = m_header.should_keep_alive();
    m_header.add_field(http_field::transfer_encoding, "chunked");
    bufs.emplace_back(impl::create_header_string(
      m_header, impl::content_length_field_presence_t::skip_content_length));
    return calculate_status_line_size();
  }

  response_connection_attr_t connection_attr() const {
    return response_connection_attr(keep_alive_);
  }

  void write(writable_items_container_t bufs, std::size_t status_line,
             response_parts_attr_t parts, response_connection_attr_t conn,
             write_status_cb_t written) {
    if (!m_connection) {
      if (written)
        written(make_asio_compaible_error(
          asio_convertible_error_t::write_was_not_executed));
      return;
    }
    write_group_t wg{std::move(bufs)};
    wg.status_line_size(status_line);
    if (written)
      wg.after_write_notificator(std::move(written));
    auto connection = m_connection;
    if (parts == response_parts_attr_t::final_parts)
      m_connection.reset();
    connection->write_response_parts(
      m_request_id, response_output_flags_t{parts, conn}, std::move(wg));
  }

  bool header_sent_ = false;
  bool keep_alive_ = true;
};

} // namespace restinio

namespace purse::http {

/// Drives one streamed answer, page by page, to its end.
class page_stream : public std::enable_shared_from_this<page_stream> {
public:
  using response = restinio::response_builder_t<stream_output_t>;
  /// Asks the domain for a page: `call` carries the continuation; the
  /// answer goes to `on_page`, on whatever thread gives it.
  using ask_fn = std::function<void(
    api_call call, std::function<void(const api_result&)> on_page)>;
  /// Runs on an io thread after the current handler (never inside a
  /// RESTinio write notification).
  using defer_fn = std::function<void(std::function<void()>)>;
  /// Called once at the end: whether the body is complete, and if not why
  /// (for the log), and the body's bytes sent.
  using end_fn
    = std::function<void(bool complete, std::string why, std::uint64_t bytes)>;

  /// Sends `first` (a page with api_result::stream set) on `resp`, whose
  /// status and headers are set, and the pages after it. With `head`, the
  /// header only.
  static void start(response resp, bool head, api_result first, api_call call,
                    ask_fn ask, defer_fn defer, end_fn end);

  page_stream(response resp, api_call call, ask_fn ask, defer_fn defer,
              end_fn end);

private:
  void send(api_result page);
  void on_written(const asio::error_code& ec);
  void on_page(const api_result& r);
  void stop(bool complete, std::string why);

  response resp_;
  api_call call_;
  ask_fn ask_;
  defer_fn defer_;
  end_fn end_;
  std::string next_;
  std::uint64_t bytes_ = 0;
  bool ended_ = false;
};

} // namespace purse::http
