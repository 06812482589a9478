// SPDX-License-Identifier: GPL-2.0-or-later
#include "request_gate.hpp"

#include <algorithm>
#include <climits>

#include "ascii.hpp"

namespace purse::http {

namespace {

bool is_field(std::string_view name, std::string_view lower) {
  return name.size() == lower.size() && lower_ascii(name) == lower;
}

/// The status and message for a header block http_parser rejects.
std::pair<int, std::string> framing_error(http_errno e) {
  switch (e) {
    case HPE_INVALID_METHOD:
      return {501, "The request method is not one this server knows"};
    case HPE_HEADER_OVERFLOW:
      return {431, "The request header fields are too large"};
    case HPE_INVALID_CONTENT_LENGTH:
      return {400, "The Content-Length header is not a number"};
    case HPE_UNEXPECTED_CONTENT_LENGTH:
      return {400, "Content-Length is sent twice, or beside "
                   "Transfer-Encoding: send exactly one"};
    default:
      break;
  }
  return {400, std::string{"The request is malformed: "}
                 + http_errno_description(e)};
}

/// Whether a header block has a line that begins with a space or a tab
/// (a field value continued from the line before: obs-fold).
bool folded(std::string_view head) {
  for (auto at = head.find('\n');
       at != std::string_view::npos && at + 1 < head.size();
       at = head.find('\n', at + 1))
    if (head[at + 1] == ' ' || head[at + 1] == '\t')
      return true;
  return false;
}

} // namespace

request_gate::request_gate(const gate_rules& rules) : rules_(rules) {
  settings_.on_url = on_url;
  settings_.on_header_field = on_field;
  settings_.on_header_value = on_value;
  settings_.on_headers_complete = on_headers_complete;
}

request_gate::~request_gate() {
  release_body();
}

void request_gate::release_body() {
  if (reserved_ > 0 && rules_.release)
    rules_.release(reserved_);
  reserved_ = 0;
}

void request_gate::answered() {
  if (phase_ != phase::body)
    release_body();
}

void request_gate::start_message() {
  http_parser_init(&parser_, HTTP_REQUEST);
  parser_.data = this;
  head_.clear();
  url_.clear();
  fields_.clear();
  in_value_ = false;
  complete_ = false;
  // The previous request's body has been read and handled by now (a
  // connection reads its next request after answering the last).
  release_body();
  phase_ = phase::headers;
}

void request_gate::feed(const char* data, std::size_t size, std::string& out) {
  std::size_t pos = 0;
  while (pos < size) {
    switch (phase_) {
      case phase::closed:
        return;
      case phase::discard: {
        // The body of a request answered from its headers: read and
        // dropped, so the answer reaches the client (closing with unread
        // bytes would reset the connection under it) and the connection
        // can go on.
        auto take = static_cast<std::size_t>(
          std::min<std::uint64_t>(body_left_, size - pos));
        pos += take;
        body_left_ -= take;
        if (body_left_ == 0)
          phase_ = phase::idle;
        break;
      }
      case phase::body: {
        auto take = static_cast<std::size_t>(
          std::min<std::uint64_t>(body_left_, size - pos));
        out.append(data + pos, take);
        pos += take;
        passed_body(take);
        break;
      }
      case phase::idle:
        start_message();
        [[fallthrough]];
      case phase::headers: {
        auto n = http_parser_execute(&parser_, &settings_, data + pos,
                                     size - pos);
        if (complete_) {
          // Paused at the end of the header block: http_parser counts up
          // to, not including, its last LF.
          n = std::min(n + 1, size - pos);
          head_.append(data + pos, n);
          pos += n;
          if (head_.back() != '\n') {
            refuse_framing(400, "The request is malformed", out);
            return;
          }
          if (head_.size() > rules_.max_header_block) {
            refuse_framing(431, "The request header fields are too large", out);
            return;
          }
          headers_complete(out);
          break;
        }
        if (auto e = HTTP_PARSER_ERRNO(&parser_); e != HPE_OK) {
          auto [status, message] = framing_error(e);
          refuse_framing(status, std::move(message), out);
          return;
        }
        head_.append(data + pos, n);
        pos += n;
        if (head_.size() > rules_.max_header_block) {
          refuse_framing(431, "The request header fields are too large", out);
          return;
        }
        break;
      }
    }
  }
}

void request_gate::passed_body(std::size_t n) {
  body_left_ -= std::min<std::uint64_t>(n, body_left_);
  if (phase_ == phase::body && body_left_ == 0)
    phase_ = phase::idle;
}

void request_gate::headers_complete(std::string& out) {
  complete_ = false;
  std::string_view method
    = http_method_str(static_cast<http_method>(parser_.method));
  std::string_view path = url_;
  path = path.substr(0, path.find('?'));
  std::string_view authorization;
  int authorizations = 0;
  bool chunked = false;
  for (auto& [name, value] : fields_) {
    if (is_field(name, "transfer-encoding"))
      chunked = true;
    if (is_field(name, "authorization")) {
      if (authorizations++ == 0)
        authorization = value;
    }
  }
  if (chunked) {
    refuse_framing(411,
                   "Send the request body with a Content-Length header "
                   "(chunked request bodies are not accepted)",
                   out);
    return;
  }
  if (parser_.method == HTTP_CONNECT) {
    refuse_framing(501, "CONNECT is not served here", out);
    return;
  }
  if (folded(head_)) {
    refuse_framing(400,
                   "A header field is folded over several lines (obsolete "
                   "line folding): send each field on one line",
                   out);
    return;
  }
  if (refuse_all_) {
    withhold_body(*refuse_all_, out);
    return;
  }
  std::uint64_t length
    = parser_.content_length == ULLONG_MAX ? 0 : parser_.content_length;
  if (length > 0) {
    // Refused anyway (no key, unknown route): the handler says why, as
    // it would without a body; an anonymous client learns no limits.
    if (rules_.refused_by_headers(method, path, authorization,
                                  authorizations)) {
      withhold_body({0, {}}, out);
      return;
    }
    auto limit = rules_.body_limit(method, path);
    if (length > limit) {
      withhold_body(
        {413, "The request body exceeds " + std::to_string(limit) + " bytes"},
        out);
      return;
    }
    if (!rules_.reserve(static_cast<std::size_t>(length))) {
      withhold_body({503, "Too many request bodies are in flight; retry"}, out);
      return;
    }
    reserved_ = static_cast<std::size_t>(length);
  }
  out += head_;
  head_.clear();
  body_left_ = length;
  phase_ = length > 0 ? phase::body : phase::idle;
}

std::string request_gate::verdict_line(const gate_verdict& v) const {
  return std::string{verdict_field} + ": " + rules_.secret + " "
         + std::to_string(v.status) + " " + v.message + "\r\n";
}

void request_gate::refuse_framing(int status, std::string message,
                                  std::string& out) {
  verdict_ = gate_verdict{status, std::move(message)};
  // A stand-in request: the original's request line may be unreadable.
  out += "GET /.gate HTTP/1.1\r\nHost: gate\r\n";
  out += verdict_line(*verdict_);
  out += "Connection: close\r\n\r\n";
  phase_ = phase::closed;
}

void request_gate::withhold_body(gate_verdict v, std::string& out) {
  verdict_ = std::move(v);
  std::uint64_t length
    = parser_.content_length == ULLONG_MAX ? 0 : parser_.content_length;
  out += http_method_str(static_cast<http_method>(parser_.method));
  out += ' ';
  out += url_;
  out += " HTTP/" + std::to_string(parser_.http_major) + "."
         + std::to_string(parser_.http_minor) + "\r\n";
  for (auto& [name, value] : fields_) {
    if (is_field(name, "content-length")
        || (refuse_all_ && is_field(name, "connection"))
        || is_field(name, lower_ascii(verdict_field)))
      continue;
    out += name + ": " + value + "\r\n";
  }
  out += verdict_line(*verdict_);
  if (refuse_all_)
    out += "Connection: close\r\n";
  out += "Content-Length: 0\r\n\r\n";
  body_left_ = length;
  phase_ = length > 0 ? phase::discard : phase::idle;
}

std::optional<gate_verdict>
request_gate::read_verdict(std::string_view value, std::string_view secret) {
  if (secret.empty() || value.size() <= secret.size()
      || value.substr(0, secret.size()) != secret
      || value[secret.size()] != ' ')
    return std::nullopt;
  value.remove_prefix(secret.size() + 1);
  gate_verdict v;
  auto space = value.find(' ');
  auto number = value.substr(0, space);
  if (number.empty() || number.size() > 3)
    return std::nullopt;
  for (char c : number) {
    if (c < '0' || c > '9')
      return std::nullopt;
    v.status = v.status * 10 + (c - '0');
  }
  if (space != std::string_view::npos)
    v.message = std::string{value.substr(space + 1)};
  return v;
}

int request_gate::on_url(http_parser* p, const char* at, std::size_t n) {
  static_cast<request_gate*>(p->data)->url_.append(at, n);
  return 0;
}

int request_gate::on_field(http_parser* p, const char* at, std::size_t n) {
  auto* self = static_cast<request_gate*>(p->data);
  if (self->fields_.empty() || self->in_value_) {
    self->fields_.emplace_back();
    self->in_value_ = false;
  }
  self->fields_.back().first.append(at, n);
  return 0;
}

int request_gate::on_value(http_parser* p, const char* at, std::size_t n) {
  auto* self = static_cast<request_gate*>(p->data);
  if (self->fields_.empty())
    self->fields_.emplace_back();
  self->in_value_ = true;
  self->fields_.back().second.append(at, n);
  return 0;
}

int request_gate::on_headers_complete(http_parser* p) {
  static_cast<request_gate*>(p->data)->complete_ = true;
  http_parser_pause(p, 1);
  return 0;
}

} // namespace purse::http
