// SPDX-License-Identifier: GPL-2.0-or-later
#include "webhook_input.hpp"

#include <algorithm>
#include <variant>

#include "common.hpp"
#include "purse/actors/utf8.hpp"

namespace purse::resources {

namespace {

std::vector<std::string> split_events(const std::string& joined) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= joined.size() && !joined.empty()) {
    auto comma = joined.find(',', start);
    if (comma == std::string::npos)
      comma = joined.size();
    out.push_back(joined.substr(start, comma - start));
    start = comma + 1;
  }
  return out;
}

std::string join_events(const std::vector<std::string>& events) {
  std::string out;
  for (auto& e : events) {
    if (!out.empty())
      out += ',';
    out += e;
  }
  return out;
}

std::optional<std::vector<std::string>> read_events(body_reader& body,
                                                    bool full) {
  auto given = body.text_array("events", full, webhooks::max_events);
  if (!given)
    return std::nullopt;
  std::vector<std::string> out;
  for (auto& name : *given) {
    if (!webhooks::valid_event_name(name)) {
      body.errors().add("events",
                        "'" + name.substr(0, 64)
                          + "' is not an event: use \"*\", \"<type>.*\" or "
                            "\"<type>.<verb>\" with type transaction, "
                            "account, category, tag or file and verb "
                            "created, updated, deleted or voided");
      return std::nullopt;
    }
    if (std::find(out.begin(), out.end(), name) == out.end())
      out.push_back(name);
  }
  if (out.empty()) {
    body.errors().add("events", "must name at least one event");
    return std::nullopt;
  }
  return out;
}

/// Code points in well-formed UTF-8 (the reader checked it).
std::size_t characters(std::string_view text) {
  std::size_t n = 0;
  for (std::size_t at = 0; at < text.size(); ++n)
    at += std::max<std::size_t>(1, utf8_sequence(text, at));
  return n;
}

} // namespace

std::optional<webhook_input> read_webhook_input(body_reader& body, bool full,
                                                webhooks::url_policy policy) {
  body.reject_unknown({"url", "events", "description", "active"});
  webhook_input in;
  if (auto url = body.text("url", full, webhooks::max_url_length)) {
    auto parsed = webhooks::parse_webhook_url(*url, policy.allow_http);
    if (auto* why = std::get_if<std::string>(&parsed))
      body.errors().add("url", *why);
    else
      in.url = std::get<webhooks::webhook_url>(parsed).normalized;
  }
  in.events = read_events(body, full);
  in.description = body.text("description", false, 4 * max_webhook_description);
  if (in.description && characters(*in.description) > max_webhook_description)
    body.errors().add("description", "must be at most "
                                       + std::to_string(max_webhook_description)
                                       + " characters");
  in.clear_description = body.is_null("description")
                         || (full && !body.has("description"));
  in.active = body.boolean("active", false);
  if (!body.errors().empty())
    return std::nullopt;
  return in;
}

void apply_webhook_input(const webhook_input& in, persistence::webhook_row& row,
                         bool full) {
  if (in.url)
    row.url = *in.url;
  if (in.events)
    row.events = join_events(*in.events);
  if (in.description)
    row.description = *in.description;
  else if (in.clear_description)
    row.description.clear();
  if (in.active)
    row.active = *in.active;
  else if (full)
    row.active = true;
}

std::string encode_webhook(const persistence::webhook_row& row,
                           bool with_secret) {
  json_writer w;
  w.begin_object();
  w.key("id").value(row.id).key("url").value(row.url);
  w.key("events").begin_array();
  for (auto& e : split_events(row.events))
    w.value(e);
  w.end_array();
  w.key("description").value_or_null(row.description);
  w.key("active").value(row.active);
  if (with_secret)
    w.key("secret").value(row.secret);
  w.key("created_at").time_or_null(row.created_at);
  w.key("updated_at").time_or_null(row.updated_at);
  write_authors(w, row.created_by, row.updated_by);
  w.end_object();
  return w.str();
}

std::string encode_delivery(const persistence::webhook_delivery_row& row) {
  json_writer w;
  w.begin_object();
  w.key("event_id").value(row.event_id).key("type").value(row.type);
  w.key("record_id").value(row.record_id);
  w.key("created_at").time_or_null(row.created_at);
  w.key("status").value(row.status);
  w.key("attempts").value(row.attempts);
  w.key("last_status_code");
  if (row.last_status_code > 0)
    w.value(row.last_status_code);
  else
    w.null();
  w.key("last_error").value_or_null(row.last_error);
  w.key("last_attempt_at").time_or_null(row.last_attempt_at);
  w.key("next_attempt_at")
    .time_or_null(row.status == "pending" ? row.next_attempt_at : 0);
  w.end_object();
  return w.str();
}

} // namespace purse::resources
