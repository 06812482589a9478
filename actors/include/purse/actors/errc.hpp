// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The one outcome vocabulary of the domain. Protocol-neutral: http/ maps it
// to HTTP statuses in exactly one place (http/src/status.cpp); statuses
// that only a transport has (304, 405, 413 for bodies, 414, 415, 431) live
// in http/ alone.

#include <cstdint>
#include <string>
#include <string_view>

namespace purse {

/// Outcome of an operation; the first two are successes.
enum class errc : std::uint8_t {
  ok,                ///< Done; the result carries the resource.
  created,           ///< A new resource was stored.
  bad_request,       ///< Malformed syntax (e.g. broken JSON).
  unauthenticated,   ///< Missing, malformed, unknown, revoked or expired key.
  payment_required,  ///< The plan has no API access.
  forbidden,         ///< Wrong audience, not a member, or role too low.
  not_found,         ///< No such resource in this scope.
  conflict,          ///< State changed underneath (concurrent write).
  too_large,         ///< Content over a plan's size limit.
  unprocessable,     ///< Validation failed; data maps fields to messages.
  too_many_requests, ///< A rate limit was exceeded.
  internal,          ///< A fault on our side; details only in the log.
  unavailable,       ///< Shutting down or a dependency is down.
  timeout,           ///< An internal step took too long.
  quota_exceeded,    ///< A create past a plan quota; data names the quota.
  gone,              ///< A changes-feed cursor older than the kept history.
};

/// Default human-readable text for an outcome.
const char* default_message(errc code);

/// The outcome's stable name ("ok", "unprocessable", ...): what is stored
/// (idempotent responses) and what crosses process boundaries as text. A
/// name never changes once released; new outcomes add new names.
const char* errc_name(errc code);

/// The public error code of a failed outcome ("validation_failed",
/// "quota_exceeded", ...; "" for the two successes): what clients branch
/// on, beside the status. A code never changes once released; a new
/// outcome gets a new code. README's error table and the OpenAPI document
/// list them.
const char* error_code(errc code);

/// The outcome named `name`; false for an unknown name.
bool errc_from_name(std::string_view name, errc& out);

} // namespace purse
