// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The response envelope: {"meta":{"code":N,"message":"..."},"data":...};
// an error's meta also carries its public code and the request id:
// {"meta":{"code":422,"message":"...","error":"validation_failed",
// "request_id":"..."},"data":...}.

#include <string>
#include <string_view>

namespace purse::http {

/// Renders the envelope around already-serialised `data` JSON; a non-empty
/// `error` (the public error code) adds it and `request_id` to meta, a
/// non-empty `plan_required_of` (a 402's: whose plan failed) adds that,
/// `deduplicated` (a create that found its external_id) adds
/// `"deduplicated": true`.
std::string
envelope(int code, const std::string& message, const std::string& data_json,
         std::string_view error = {}, std::string_view request_id = {},
         std::string_view plan_required_of = {}, bool deduplicated = false);

} // namespace purse::http
