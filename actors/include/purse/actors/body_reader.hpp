// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Reading JSON request bodies field by field. Numbers are read as their
// source text (never through a double) so money stays exact.

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "purse/actors/field_errors.hpp"

namespace purse {

/// True for text PostgreSQL can store: well-formed UTF-8 (no overlong
/// forms, no surrogate code points such as a JSON "\udc00" decodes to) and
/// no NUL character.
bool storable_text(std::string_view text);

/// The message for text that storable_text() refuses.
constexpr const char* unstorable_text_message
  = "must be UTF-8 text without NUL characters or unpaired surrogates";

/// Reads a JSON object body field by field, recording what is wrong.
class body_reader {
public:
  /// Maximum nesting depth accepted in a body.
  static constexpr int max_depth = 32;

  /// Parses `json`; check `syntax_error()` before anything else.
  explicit body_reader(std::string_view json);
  ~body_reader();

  /// Empty when the body parsed as a JSON object; else what is wrong.
  const std::string& syntax_error() const {
    return syntax_error_;
  }

  /// True if the member is present (even when null).
  bool has(const char* name) const;

  /// True if the member is present and null.
  bool is_null(const char* name) const;

  /// A string member. Missing or null yields nullopt; `required` records
  /// "is required" for that. Non-strings and over-long text are recorded.
  std::optional<std::string> text(const char* name, bool required,
                                  std::size_t max_length = 1000);

  /// The source text of a number member (see purse::parse_amount).
  std::optional<std::string> number_text(const char* name, bool required);

  /// A boolean member.
  std::optional<bool> boolean(const char* name, bool required);

  /// An array of strings.
  std::optional<std::vector<std::string>>
  text_array(const char* name, bool required, std::size_t max_items);

  /// An array of JSON objects, each read by a reader of its own (their
  /// numbers stay exact source text); at most `max_items`.
  std::optional<std::vector<std::unique_ptr<body_reader>>>
  object_array(const char* name, bool required, std::size_t max_items);

  /// Records "is not a known field" for every member not in `known`.
  void reject_unknown(const std::vector<std::string_view>& known);

  /// What was recorded so far.
  field_errors& errors() {
    return errors_;
  }

private:
  struct impl;
  std::unique_ptr<impl> impl_;
  std::string syntax_error_;
  field_errors errors_;
};

} // namespace purse
