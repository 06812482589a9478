// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Writing JSON documents (compact, through RapidJSON).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace purse {

/// Writes compact JSON; a thin layer over RapidJSON's writer.
class json_writer {
public:
  json_writer();
  ~json_writer();

  json_writer& begin_object();
  json_writer& end_object();
  json_writer& begin_array();
  json_writer& end_array();
  json_writer& key(std::string_view k);
  json_writer& value(std::string_view v);
  json_writer& value(const char* v) {
    return value(std::string_view{v});
  }
  json_writer& value(std::int64_t v);
  json_writer& value(bool v);
  json_writer& null();
  /// A string, or null when empty (optional references).
  json_writer& value_or_null(const std::string& v);
  /// An RFC 3339 UTC time, or null when 0.
  json_writer& time_or_null(std::int64_t epoch_seconds);
  /// A number written from its exact decimal text (money).
  json_writer& raw_number(const std::string& text);
  /// Embeds already-serialised JSON (copied as one block: it must be
  /// valid JSON, as every json_writer's output is).
  json_writer& raw_json(const std::string& json);
  /// Makes room for `bytes` more characters, so that a document whose size
  /// is known (a page of items written before) grows its buffer once.
  json_writer& reserve(std::size_t bytes);

  /// The document written so far.
  std::string str() const;

private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

/// Renders a paginated collection: {"items":[...],"pagination":{...}}.
std::string page_json(const std::vector<std::string>& items_json,
                      std::int64_t page, std::int64_t per_page,
                      std::int64_t total);

/// The same with keyset pagination: "page" (null when the page was asked
/// for by cursor), "has_more" as given, and "next_cursor" (null on the
/// last page).
std::string cursor_page_json(const std::vector<std::string>& items_json,
                             std::int64_t page, std::int64_t per_page,
                             std::int64_t total, bool has_more,
                             const std::string& next_cursor);

} // namespace purse
