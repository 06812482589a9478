#include "purse/actors/errc.hpp"

#include "purse/actors/api_call.hpp"

#include <caf/sec.hpp>

#include "purse/actors/log.hpp"

namespace purse {

const char* default_message(errc code) {
  switch (code) {
    case errc::ok:
      return "OK";
    case errc::created:
      return "Created";
    case errc::not_modified:
      return "Not Modified";
    case errc::bad_request:
      return "The request is malformed";
    case errc::unauthenticated:
      return "A valid API key is required: send 'Authorization: Bearer <key>'";
    case errc::payment_required:
      return "This account's plan has no API access; Solo or Family is needed";
    case errc::forbidden:
      return "Access denied";
    case errc::not_found:
      return "Not found";
    case errc::method_not_allowed:
      return "Method not allowed on this path";
    case errc::conflict:
      return "The resource changed concurrently; retry the request";
    case errc::payload_too_large:
      return "The request body is too large";
    case errc::uri_too_long:
      return "The request URL is too long";
    case errc::headers_too_large:
      return "The request header fields are too large";
    case errc::unsupported_media_type:
      return "Send the body as 'Content-Type: application/json'";
    case errc::unprocessable:
      return "Validation failed";
    case errc::too_many_requests:
      return "Rate limit exceeded";
    case errc::internal:
      return "Internal error";
    case errc::unavailable:
      return "The service is unavailable; retry later";
    case errc::timeout:
      return "The request timed out";
  }
  return "Internal error";
}

namespace {

constexpr errc all_codes[] = {
  errc::ok,
  errc::created,
  errc::not_modified,
  errc::bad_request,
  errc::unauthenticated,
  errc::payment_required,
  errc::forbidden,
  errc::not_found,
  errc::method_not_allowed,
  errc::conflict,
  errc::payload_too_large,
  errc::uri_too_long,
  errc::headers_too_large,
  errc::unsupported_media_type,
  errc::unprocessable,
  errc::too_many_requests,
  errc::internal,
  errc::unavailable,
  errc::timeout,
};

} // namespace

const char* errc_name(errc code) {
  switch (code) {
    case errc::ok:
      return "ok";
    case errc::created:
      return "created";
    case errc::not_modified:
      return "not_modified";
    case errc::bad_request:
      return "bad_request";
    case errc::unauthenticated:
      return "unauthenticated";
    case errc::payment_required:
      return "payment_required";
    case errc::forbidden:
      return "forbidden";
    case errc::not_found:
      return "not_found";
    case errc::method_not_allowed:
      return "method_not_allowed";
    case errc::conflict:
      return "conflict";
    case errc::payload_too_large:
      return "payload_too_large";
    case errc::uri_too_long:
      return "uri_too_long";
    case errc::headers_too_large:
      return "headers_too_large";
    case errc::unsupported_media_type:
      return "unsupported_media_type";
    case errc::unprocessable:
      return "unprocessable";
    case errc::too_many_requests:
      return "too_many_requests";
    case errc::internal:
      return "internal";
    case errc::unavailable:
      return "unavailable";
    case errc::timeout:
      return "timeout";
  }
  return "internal";
}

bool errc_from_name(std::string_view name, errc& out) {
  for (auto code : all_codes)
    if (name == errc_name(code)) {
      out = code;
      return true;
    }
  return false;
}

api_result make_result(errc code, std::string data, std::string message) {
  api_result r;
  r.code = code;
  r.data = std::move(data);
  r.message = message.empty() ? default_message(code) : std::move(message);
  return r;
}

api_result result_from_error(const caf::error& err) {
  if (err == caf::sec::request_timeout)
    return make_result(errc::timeout);
  if (err == caf::sec::request_receiver_down) {
    // The database (or a worker) is gone for now: say so, and when to retry.
    auto r = make_result(errc::unavailable, "null",
                         "The service is temporarily unavailable; retry "
                         "shortly");
    r.headers.emplace_back("Retry-After", "5");
    return r;
  }
  log_event(log_level::error, "request_failed",
            {{"error", caf::to_string(err)}});
  return make_result(errc::internal);
}

} // namespace purse
