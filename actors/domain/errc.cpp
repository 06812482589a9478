// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/errc.hpp"

namespace purse {

namespace {

/// Every outcome with its stable name, its public error code and default
/// text.
struct outcome_text {
  errc code;
  const char* name;
  const char* error;
  const char* message;
};

constexpr outcome_text outcomes[] = {
  {errc::ok, "ok", "", "OK"},
  {errc::created, "created", "", "Created"},
  {errc::bad_request, "bad_request", "malformed_request",
   "The request is malformed"},
  {errc::unauthenticated, "unauthenticated", "unauthenticated",
   "A valid API key is required"},
  {errc::payment_required, "payment_required", "plan_upgrade_required",
   "This account's plan has no API access; Solo or Family is needed"},
  {errc::forbidden, "forbidden", "forbidden", "Access denied"},
  {errc::not_found, "not_found", "not_found", "Not found"},
  {errc::conflict, "conflict", "conflict",
   "The resource changed concurrently; retry the request"},
  {errc::too_large, "too_large", "content_too_large",
   "The content is too large"},
  {errc::unprocessable, "unprocessable", "validation_failed",
   "Validation failed"},
  {errc::too_many_requests, "too_many_requests", "rate_limited",
   "Rate limit exceeded"},
  {errc::internal, "internal", "internal_error", "Internal error"},
  {errc::unavailable, "unavailable", "unavailable",
   "The service is unavailable; retry later"},
  {errc::timeout, "timeout", "timeout", "The request timed out"},
  {errc::quota_exceeded, "quota_exceeded", "quota_exceeded", "Quota exceeded"},
  {errc::gone, "gone", "cursor_expired",
   "The cursor is older than the kept changes; read the feed from the "
   "beginning"},
};

const outcome_text& text_of(errc code) {
  for (auto& o : outcomes)
    if (o.code == code)
      return o;
  return text_of(errc::internal);
}

} // namespace

const char* default_message(errc code) {
  return text_of(code).message;
}

const char* error_code(errc code) {
  return text_of(code).error;
}

const char* errc_name(errc code) {
  return text_of(code).name;
}

bool errc_from_name(std::string_view name, errc& out) {
  for (auto& o : outcomes)
    if (name == o.name) {
      out = o.code;
      return true;
    }
  return false;
}

} // namespace purse
