#include "purse/actors/errc.hpp"

namespace purse {

namespace {

/// Every outcome with its stable name and default text.
struct outcome_text {
  errc code;
  const char* name;
  const char* message;
};

constexpr outcome_text outcomes[] = {
  {errc::ok, "ok", "OK"},
  {errc::created, "created", "Created"},
  {errc::bad_request, "bad_request", "The request is malformed"},
  {errc::unauthenticated, "unauthenticated", "A valid API key is required"},
  {errc::payment_required, "payment_required",
   "This account's plan has no API access; Solo or Family is needed"},
  {errc::forbidden, "forbidden", "Access denied"},
  {errc::not_found, "not_found", "Not found"},
  {errc::conflict, "conflict",
   "The resource changed concurrently; retry the request"},
  {errc::too_large, "too_large", "The content is too large"},
  {errc::unprocessable, "unprocessable", "Validation failed"},
  {errc::too_many_requests, "too_many_requests", "Rate limit exceeded"},
  {errc::internal, "internal", "Internal error"},
  {errc::unavailable, "unavailable", "The service is unavailable; retry later"},
  {errc::timeout, "timeout", "The request timed out"},
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
