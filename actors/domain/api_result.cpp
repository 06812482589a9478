// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/api_result.hpp"

#include <caf/sec.hpp>

#include "purse/actors/log.hpp"

namespace purse {

api_result make_result(errc code, std::string data, std::string message) {
  api_result r;
  r.code = code;
  r.data = std::move(data);
  r.message = message.empty() ? default_message(code) : std::move(message);
  return r;
}

api_result result_from_error(const caf::error& err) {
  if (err == caf::sec::request_timeout)
    return make_result(errc::timeout);
  if (err == caf::sec::request_receiver_down) {
    // The database (or a worker) is gone for now: say so, and when to retry.
    auto r = make_result(errc::unavailable, "null",
                         "The service is temporarily unavailable; retry "
                         "shortly");
    r.retry_after = 5;
    return r;
  }
  log_event(log_level::error, "request_failed",
            {{"error", caf::to_string(err)}});
  return make_result(errc::internal);
}

} // namespace purse
