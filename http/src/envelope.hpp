#pragma once

// The response envelope: {"meta":{"code":N,"message":"..."},"data":...}.

#include <string>

namespace purse::http {

/// Renders the envelope around already-serialised `data` JSON.
std::string envelope(int code, const std::string& message,
                     const std::string& data_json);

} // namespace purse::http
