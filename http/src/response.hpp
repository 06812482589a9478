// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// A response as the HTTP front writes it, and the one place that turns the
// domain's typed facts (rate-limit state, retry-after, replays, downloads)
// into HTTP headers.

#include <string>
#include <utility>
#include <vector>

#include "purse/actors/api_result.hpp"
#include "status.hpp"

namespace purse::http {

/// Status, headers and body of one response (X-Request-Id and the headers
/// every response carries are added when it is written).
struct outgoing {
  http_status status{200, "OK"};
  /// The envelope's meta.message and data (JSON text).
  std::string message = "OK";
  std::string data = "null";
  /// Non-empty: the body is `data` itself, of this type, not an envelope.
  std::string raw_type;
  /// False: no body at all (304).
  bool has_body = true;
  /// The public error code of an error envelope (meta.error); empty for a
  /// success. An error answer without one gets a code from its status.
  const char* error = "";
  /// Cache-Control of the response (the API's answers are never stored).
  const char* cache_control = "no-store";
  /// A 402's meta.plan_required_of ("caller" or "team_owner"); else empty.
  std::string plan_required_of;
  /// meta.deduplicated: a create answered with the record its external_id
  /// already names.
  bool deduplicated = false;
  std::vector<std::pair<std::string, std::string>> headers;
};

/// The response for a domain result.
outgoing from_result(const api_result& r);

/// A response the transport gives on its own; an empty message takes the
/// status's default text.
outgoing transport_answer(transport_status s, std::string message = {});

/// The public error code the envelope of `out` carries: "" for a
/// success, else its own or, lacking one, that of its status.
const char* error_code_of(const outgoing& out);

/// The rate-limit headers of a bucket state (IETF draft RateLimit and
/// RateLimit-Policy, plus the RateLimit-Limit/-Remaining/-Reset trio).
void add_rate_headers(outgoing& out, const rate_limit_state& s);

} // namespace purse::http
