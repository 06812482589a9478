// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// What a connection lets through to RESTinio, decided from the request
// line and header fields before any byte of a body is read. Every byte the
// peer sends passes through a gate: the header block is held until it is
// complete (bounded), checked with http_parser (the parser RESTinio uses)
// and then either released as it came, or replaced:
//
// - malformed framing (a duplicate or invalid Content-Length, both
//   Content-Length and Transfer-Encoding, NUL or a bare CR in a field, an
//   unknown method, a header block too large): by a stand-in request that
//   carries the verdict (400, 411, 431 or 501), so the server answers it in
//   the envelope, logs it and closes;
// - a header field folded over lines (obsolete line folding, which RFC 9112
//   says to refuse): by the same kind of stand-in, 400;
// - a request whose body must not be read (over the route's limit, a
//   missing or malformed key, an unknown route, no room in the memory
//   budget for bodies): by the same header block without its body
//   (Content-Length: 0) and with a verdict, so the server answers from the
//   headers alone (413, 401, 404, 405, 503); the body's bytes are then
//   read and dropped as they come (never held), so the client gets its
//   answer and the connection goes on (RESTinio's read timeout bounds it);
// - every request of a connection over its address's cap (refuse_all):
//   the same, with 503 and Connection: close.
//
// Bodies that pass are counted to their end, so pipelined requests after
// them are gated too. Chunked request bodies are refused (411): a body's
// size must be known before it is read. Plain bytes in, bytes out: no
// sockets here (guarded_socket.hpp feeds it).

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <http_parser.h>

namespace purse::http {

/// The name of the field that carries a verdict to the request handler;
/// its value starts with the process's secret, so a client cannot forge it.
inline constexpr std::string_view verdict_field = "X-Purse-Gate";

/// Why a request was stopped at the gate.
struct gate_verdict {
  /// The status to answer; 0: answer what the headers call for (a body
  /// was withheld, the request must not reach the domain).
  int status = 0;
  /// What to say (the envelope's message); empty with status 0.
  std::string message;
};

/// What the gate needs to know about the server's routes and limits.
struct gate_rules {
  /// The largest header block (request line and fields) held, 431 beyond.
  std::size_t max_header_block = 64 * 1024;
  /// The largest body a request of `method` to `path` may carry.
  std::function<std::size_t(std::string_view method, std::string_view path)>
    body_limit;
  /// Whether a request of `method` to `path` with a body will be refused
  /// from its headers anyway (unknown route or method, no well-formed key
  /// where one is needed): its body is then withheld.
  std::function<bool(std::string_view method, std::string_view path,
                     std::string_view authorization, int authorizations)>
    refused_by_headers;
  /// Reserves `bytes` of the bodies' memory budget; false if there is no
  /// room (503). The reservation is given back by `release`.
  std::function<bool(std::size_t bytes)> reserve;
  std::function<void(std::size_t bytes)> release;
  /// The verdict field's value prefix (the process's secret).
  std::string secret;
};

class request_gate {
public:
  explicit request_gate(const gate_rules& rules);
  ~request_gate();
  request_gate(const request_gate&) = delete;
  request_gate& operator=(const request_gate&) = delete;

  /// Feeds bytes read from the peer; what RESTinio may read is appended
  /// to `out`.
  void feed(const char* data, std::size_t size, std::string& out);

  /// A request's header block has begun and is not complete yet.
  bool in_headers() const {
    return phase_ == phase::headers;
  }

  /// The body of a request answered from its headers is still coming
  /// (and dropped as it comes).
  bool dropping_body() const {
    return phase_ == phase::discard && body_left_ > 0;
  }

  /// Between requests: no header block begun, no body to come.
  bool between_requests() const {
    return phase_ == phase::idle;
  }

  /// Every request from now on is answered with `v` (503: the connection
  /// is over its address's cap) and the connection closed after it.
  void refuse_all(gate_verdict v) {
    refuse_all_ = std::move(v);
  }

  /// Bytes of a released body still to come (read them straight through).
  std::uint64_t body_left() const {
    return phase_ == phase::body ? body_left_ : 0;
  }

  /// Counts `n` body bytes read straight through.
  void passed_body(std::size_t n);

  /// An answer is being written: the request before it was handled, so
  /// the memory its body held is free again (one request at a time per
  /// connection: RESTinio reads the next after answering the last).
  void answered();

  /// Malformed framing was answered: nothing after it is passed on.
  bool closed() const {
    return phase_ == phase::closed;
  }

  /// The last verdict, for the log.
  const std::optional<gate_verdict>& verdict() const {
    return verdict_;
  }

  /// Parses a verdict field's value: the verdict if it carries `secret`.
  static std::optional<gate_verdict> read_verdict(std::string_view value,
                                                  std::string_view secret);

private:
  enum class phase { idle, headers, body, discard, closed };

  void start_message();
  void release_body();
  void headers_complete(std::string& out);
  void refuse_framing(int status, std::string message, std::string& out);
  void withhold_body(gate_verdict v, std::string& out);
  std::string verdict_line(const gate_verdict& v) const;

  static int on_url(http_parser* p, const char* at, std::size_t n);
  static int on_field(http_parser* p, const char* at, std::size_t n);
  static int on_value(http_parser* p, const char* at, std::size_t n);
  static int on_headers_complete(http_parser* p);

  const gate_rules& rules_;
  http_parser parser_{};
  http_parser_settings settings_{};
  phase phase_ = phase::idle;
  std::string head_; // the header block so far
  std::string url_;
  std::vector<std::pair<std::string, std::string>> fields_;
  bool in_value_ = false;
  bool complete_ = false;
  std::uint64_t body_left_ = 0;
  std::size_t reserved_ = 0;
  std::optional<gate_verdict> verdict_;
  std::optional<gate_verdict> refuse_all_;
};

} // namespace purse::http
