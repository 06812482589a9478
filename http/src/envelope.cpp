// SPDX-License-Identifier: GPL-2.0-or-later
#include "envelope.hpp"

#include "purse/actors/json.hpp"

namespace purse::http {

std::string envelope(int code, const std::string& message,
                     const std::string& data_json, std::string_view error,
                     std::string_view request_id,
                     std::string_view plan_required_of, bool deduplicated) {
  json_writer w;
  w.reserve(data_json.size() + message.size() + 160);
  w.begin_object();
  w.key("meta").begin_object();
  w.key("code").value(std::int64_t{code});
  w.key("message").value(message);
  if (!error.empty()) {
    w.key("error").value(error);
    w.key("request_id").value(request_id);
  }
  if (!plan_required_of.empty())
    w.key("plan_required_of").value(plan_required_of);
  if (deduplicated)
    w.key("deduplicated").value(true);
  w.end_object();
  w.key("data").raw_json(data_json.empty() ? "null" : data_json);
  w.end_object();
  return w.str();
}

} // namespace purse::http
