// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The one mapping from domain outcomes to HTTP statuses, the statuses only
// the transport has, and the one table of reason phrases.

#include "purse/actors/errc.hpp"

namespace purse::http {

/// An HTTP status code and its reason phrase.
struct http_status {
  int code;
  const char* reason;
};

/// Answers the HTTP front gives on its own, before or instead of the domain.
enum class transport_status {
  not_modified,           ///< 304: the client's cached copy is current.
  method_not_allowed,     ///< 405: the path exists, the method does not.
  length_required,        ///< 411: a body without Content-Length.
  payload_too_large,      ///< 413: the body is over the route's limit.
  uri_too_long,           ///< 414: the request target is over the limit.
  unsupported_media_type, ///< 415: the body is not in a form the route takes.
  headers_too_large,      ///< 431: the header fields are over the limit.
  not_implemented,        ///< 501: a method the server does not know.
};

/// The status `code` with its reason phrase (RFC 9110): the one table of
/// reason phrases, for the API and the settings pages alike. A code the
/// server never sends yields 500.
http_status status_line(int code);

/// The HTTP status of a domain outcome.
http_status status_of(errc code);

/// The HTTP status of a transport answer.
http_status status_of(transport_status s);

/// The public error code (meta.error) of a transport answer ("" for 304,
/// which has no body); domain outcomes have theirs in errc.hpp.
const char* error_code(transport_status s);

/// The default message of a transport answer.
const char* default_message(transport_status s);

} // namespace purse::http
