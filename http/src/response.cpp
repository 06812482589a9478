// SPDX-License-Identifier: GPL-2.0-or-later
#include "response.hpp"

namespace purse::http {

void add_rate_headers(outgoing& out, const rate_limit_state& s) {
  auto window = std::to_string(s.window_seconds);
  out.headers.emplace_back("RateLimit-Policy",
                           "\"read\";q=" + std::to_string(s.read_quota)
                             + ";w=" + window + ", \"write\";q="
                             + std::to_string(s.write_quota) + ";w=" + window);
  out.headers.emplace_back("RateLimit",
                           std::string{"\""} + (s.read ? "read" : "write")
                             + "\";r=" + std::to_string(s.remaining)
                             + ";t=" + std::to_string(s.reset_seconds));
  out.headers.emplace_back("RateLimit-Limit", std::to_string(s.limit));
  out.headers.emplace_back("RateLimit-Remaining", std::to_string(s.remaining));
  out.headers.emplace_back("RateLimit-Reset", std::to_string(s.reset_seconds));
}

outgoing from_result(const api_result& r) {
  outgoing out;
  out.status = status_of(r.code);
  out.error = error_code(r.code);
  out.message = r.message;
  out.data = r.data;
  out.plan_required_of = r.plan_required_of;
  out.deduplicated = r.deduplicated;
  auto& d = r.download;
  if (r.stream) {
    // A streamed body (page_stream.hpp): no version, no length.
    out.raw_type = d.media_type;
    if (!d.filename.empty())
      out.headers.emplace_back("Content-Disposition",
                               "attachment; filename=\"" + d.filename + "\"");
  } else if (!d.media_type.empty()) {
    out.headers.emplace_back("ETag", "\"" + d.version + "\"");
    out.headers.emplace_back("Content-Disposition",
                             "attachment; filename=\"" + d.filename + "\"");
    if (d.unchanged) {
      out.status = status_of(transport_status::not_modified);
      out.message = default_message(transport_status::not_modified);
      out.error = error_code(transport_status::not_modified);
      out.has_body = false;
    } else {
      out.raw_type = d.media_type;
    }
  }
  if (r.rate.present)
    add_rate_headers(out, r.rate);
  if (r.retry_after > 0)
    out.headers.emplace_back("Retry-After", std::to_string(r.retry_after));
  if (r.replayed)
    out.headers.emplace_back("Idempotent-Replayed", "true");
  return out;
}

const char* error_code_of(const outgoing& out) {
  if (out.status.code < 400)
    return "";
  if (*out.error != '\0')
    return out.error;
  // Answers built without a domain outcome or transport status (none
  // today) still carry a code: the outcome with the same status.
  switch (out.status.code) {
    case 400:
      return error_code(errc::bad_request);
    case 401:
      return error_code(errc::unauthenticated);
    case 403:
      return error_code(errc::forbidden);
    case 404:
      return error_code(errc::not_found);
    case 429:
      return error_code(errc::too_many_requests);
    case 503:
      return error_code(errc::unavailable);
    default:
      return out.status.code < 500 ? error_code(errc::bad_request)
                                   : error_code(errc::internal);
  }
}

outgoing transport_answer(transport_status s, std::string message) {
  outgoing out;
  out.status = status_of(s);
  out.error = error_code(s);
  out.message = message.empty() ? default_message(s) : std::move(message);
  out.has_body = s != transport_status::not_modified;
  return out;
}

} // namespace purse::http
