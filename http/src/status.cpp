#include "status.hpp"

namespace purse::http {

http_status status_of(errc code) {
  switch (code) {
    case errc::ok:
      return {200, "OK"};
    case errc::created:
      return {201, "Created"};
    case errc::not_modified:
      return {304, "Not Modified"};
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
    case errc::method_not_allowed:
      return {405, "Method Not Allowed"};
    case errc::conflict:
      return {409, "Conflict"};
    case errc::payload_too_large:
      return {413, "Payload Too Large"};
    case errc::uri_too_long:
      return {414, "URI Too Long"};
    case errc::unsupported_media_type:
      return {415, "Unsupported Media Type"};
    case errc::unprocessable:
      return {422, "Unprocessable Entity"};
    case errc::too_many_requests:
      return {429, "Too Many Requests"};
    case errc::headers_too_large:
      return {431, "Request Header Fields Too Large"};
    case errc::unavailable:
      return {503, "Service Unavailable"};
    case errc::timeout:
      return {504, "Gateway Timeout"};
    case errc::internal:
      break;
  }
  return {500, "Internal Server Error"};
}

} // namespace purse::http
