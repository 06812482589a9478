// SPDX-License-Identifier: GPL-2.0-or-later
#include "status.hpp"

namespace purse::http {

http_status status_of(errc code) {
  switch (code) {
    case errc::ok:
      return {200, "OK"};
    case errc::created:
      return {201, "Created"};
    case errc::bad_request:
      return {400, "Bad Request"};
    case errc::unauthenticated:
      return {401, "Unauthorized"};
    case errc::payment_required:
      return {402, "Payment Required"};
    case errc::forbidden:
      return {403, "Forbidden"};
    case errc::not_found:
      return {404, "Not Found"};
    case errc::conflict:
      return {409, "Conflict"};
    case errc::too_large:
      return {413, "Payload Too Large"};
    case errc::unprocessable:
    case errc::quota_exceeded:
      return {422, "Unprocessable Entity"};
    case errc::too_many_requests:
      return {429, "Too Many Requests"};
    case errc::unavailable:
      return {503, "Service Unavailable"};
    case errc::timeout:
      return {504, "Gateway Timeout"};
    case errc::internal:
      break;
  }
  return {500, "Internal Server Error"};
}

http_status status_of(transport_status s) {
  switch (s) {
    case transport_status::not_modified:
      return {304, "Not Modified"};
    case transport_status::method_not_allowed:
      return {405, "Method Not Allowed"};
    case transport_status::length_required:
      return {411, "Length Required"};
    case transport_status::not_implemented:
      return {501, "Not Implemented"};
    case transport_status::payload_too_large:
      return {413, "Payload Too Large"};
    case transport_status::uri_too_long:
      return {414, "URI Too Long"};
    case transport_status::unsupported_media_type:
      return {415, "Unsupported Media Type"};
    case transport_status::headers_too_large:
      break;
  }
  return {431, "Request Header Fields Too Large"};
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
