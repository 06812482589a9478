#pragma once

// The one mapping from domain outcomes to HTTP statuses.

#include "purse/actors/errc.hpp"

namespace purse::http {

/// An HTTP status code and its reason phrase.
struct http_status {
  int code;
  const char* reason;
};

/// The HTTP status of a domain outcome.
http_status status_of(errc code);

} // namespace purse::http
