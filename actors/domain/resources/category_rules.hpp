// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The rules of categories as plain functions: reading a body, applying it to
// a row, where a category may sit in the hierarchy, and when one may be
// deleted. No actor, no database; unit-tested directly.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "purse/actors/api_result.hpp"
#include "purse/actors/json.hpp"
#include "purse/persistence/rows.hpp"

namespace purse::resources {

/// A parent chain longer than this is treated as a cycle.
constexpr int max_category_depth = 32;

/// Whether `text` is a hex color like #1f77b4.
bool is_color(const std::string& text);

/// Body fields; for nullable ones, `clear_` says the body sent null.
struct category_input {
  std::optional<std::string> name;
  std::optional<std::string> kind;
  std::optional<std::string> parent_id;
  bool clear_parent = false;
  std::optional<std::string> color;
  bool clear_color = false;
};

/// Reads and checks a body; `full` (create, PUT) requires the name. Empty
/// when `body.errors()` says what is wrong.
std::optional<category_input> read_category_input(body_reader& body, bool full);

/// Applies input to a row.
void apply_category_input(const category_input& in,
                          persistence::category_row& row, bool full);

/// The parent id of a category of the scope, or nothing if the scope has
/// no category with this id.
using parent_lookup
  = std::function<std::optional<std::string>(const std::string& id)>;

/// Whether `row` may have its parent: the parent exists in the scope, and
/// walking up from it never meets `row` itself (nor runs deeper than
/// max_category_depth).
bool parent_allowed(const persistence::category_row& row,
                    const parent_lookup& parent_of);

/// The 422 of a category whose parent is not allowed, for `field`.
api_result bad_parent(const std::string& field);

/// The 422 when a category used by `uses` transactions and with `children`
/// subcategories is deleted without a category to move them to (`target`).
std::optional<api_result> check_category_removal(std::int64_t uses,
                                                 std::int64_t children,
                                                 const std::string& target);

} // namespace purse::resources
