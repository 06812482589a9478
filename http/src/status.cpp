// SPDX-License-Identifier: GPL-2.0-or-later
#include "status.hpp"

namespace purse::http {

namespace {

/// Every status the server sends, with its reason phrase as RFC 9110
/// (section 15) names it.
constexpr http_status statuses[] = {
  {200, "OK"},
  {201, "Created"},
  {303, "See Other"},
  {304, "Not Modified"},
  {400, "Bad Request"},
  {401, "Unauthorized"},
  {402, "Payment Required"},
  {403, "Forbidden"},
  {404, "Not Found"},
  {405, "Method Not Allowed"},
  {409, "Conflict"},
  {410, "Gone"},
  {411, "Length Required"},
  {413, "Content Too Large"},
  {414, "URI Too Long"},
  {415, "Unsupported Media Type"},
  {422, "Unprocessable Content"},
  {429, "Too Many Requests"},
  {431, "Request Header Fields Too Large"},
  {500, "Internal Server Error"},
  {501, "Not Implemented"},
  {503, "Service Unavailable"},
  {504, "Gateway Timeout"},
};

} // namespace

http_status status_line(int code) {
  for (auto& s : statuses)
    if (s.code == code)
      return s;
  return status_line(500);
}

http_status status_of(errc code) {
  switch (code) {
    case errc::ok:
      return status_line(200);
    case errc::created:
      return status_line(201);
    case errc::bad_request:
      return status_line(400);
    case errc::unauthenticated:
      return status_line(401);
    case errc::payment_required:
      return status_line(402);
    case errc::forbidden:
      return status_line(403);
    case errc::not_found:
      return status_line(404);
    case errc::conflict:
      return status_line(409);
    case errc::gone:
      return status_line(410);
    case errc::too_large:
      return status_line(413);
    case errc::unprocessable:
    case errc::quota_exceeded:
      return status_line(422);
    case errc::too_many_requests:
      return status_line(429);
    case errc::unavailable:
      return status_line(503);
    case errc::timeout:
      return status_line(504);
    case errc::internal:
      break;
  }
  return status_line(500);
}

http_status status_of(transport_status s) {
  switch (s) {
    case transport_status::not_modified:
      return status_line(304);
    case transport_status::method_not_allowed:
      return status_line(405);
    case transport_status::length_required:
      return status_line(411);
    case transport_status::not_implemented:
      return status_line(501);
    case transport_status::payload_too_large:
      return status_line(413);
    case transport_status::uri_too_long:
      return status_line(414);
    case transport_status::unsupported_media_type:
      return status_line(415);
    case transport_status::headers_too_large:
      break;
  }
  return status_line(431);
}

const char* error_code(transport_status s) {
  switch (s) {
    case transport_status::not_modified:
      return "";
    case transport_status::method_not_allowed:
      return "method_not_allowed";
    case transport_status::length_required:
      return "length_required";
    case transport_status::not_implemented:
      return "not_implemented";
    case transport_status::payload_too_large:
      return "body_too_large";
    case transport_status::uri_too_long:
      return "uri_too_long";
    case transport_status::unsupported_media_type:
      return "unsupported_media_type";
    case transport_status::headers_too_large:
      break;
  }
  return "headers_too_large";
}

const char* default_message(transport_status s) {
  switch (s) {
    case transport_status::not_modified:
      return "Not Modified";
    case transport_status::method_not_allowed:
      return "Method not allowed on this path";
    case transport_status::length_required:
      return "Send the request body with a Content-Length header";
    case transport_status::not_implemented:
      return "The request method is not one this server knows";
    case transport_status::payload_too_large:
      return "The request body is too large";
    case transport_status::uri_too_long:
      return "The request URL is too long";
    case transport_status::unsupported_media_type:
      return "Send the body as 'Content-Type: application/json'";
    case transport_status::headers_too_large:
      break;
  }
  return "The request header fields are too large";
}

} // namespace purse::http
