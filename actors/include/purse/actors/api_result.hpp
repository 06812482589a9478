// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The reply of the domain to an api_call: an outcome, a message, the data,
// and typed facts a front end renders (HTTP writes them as headers in one
// place, http/src/response_writer.cpp). Plain data with inspect().

#include <cstdint>
#include <string>

#include <caf/error.hpp>
#include <caf/meta/type_name.hpp>

#include "purse/actors/download_info.hpp"
#include "purse/actors/errc.hpp"
#include "purse/actors/rate_limit_state.hpp"

namespace purse {

/// The reply: an outcome, a message and the JSON text of `data`.
struct api_result {
  errc code = errc::ok;
  /// Short human-readable text; never internal details.
  std::string message;
  /// JSON text of the envelope's `data` member (or raw content, see
  /// `download`).
  std::string data = "null";
  /// The calling key's bucket state (absent before a key was accepted).
  rate_limit_state rate;
  /// Seconds after which a retry may succeed (0: not said).
  std::int64_t retry_after = 0;
  /// This is a stored answer to an earlier request with the same
  /// idempotency key, not a new one.
  bool replayed = false;
  /// Set for raw content (file downloads).
  download_info download;
  /// A 402's plan that failed: "caller" (the key owner's own) or
  /// "team_owner" (a team path's owner's); empty for any other answer.
  std::string plan_required_of;
  /// A create that found the record its external_id already names and
  /// answers with it instead of storing another (meta.deduplicated).
  bool deduplicated = false;
  /// `data` is one page of a streamed body (of download.media_type), not
  /// the whole answer: the front sends it and, while next_page is not
  /// empty, asks for the next page with that as api_call::continuation.
  bool stream = false;
  /// Where the next page of a stream starts; empty: this was the last.
  std::string next_page;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, api_result& x) {
  return f(caf::meta::type_name("purse::api_result"), x.code, x.message, x.data,
           x.rate, x.retry_after, x.replayed, x.download, x.plan_required_of,
           x.deduplicated, x.stream, x.next_page);
}

/// Builds a result with the default message of `code` unless one is given.
api_result make_result(errc code, std::string data = "null",
                       std::string message = {});

/// Turns a failed request (timeout, dead actor) into a result for clients.
api_result result_from_error(const caf::error& err);

} // namespace purse
