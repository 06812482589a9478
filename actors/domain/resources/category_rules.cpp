// SPDX-License-Identifier: GPL-2.0-or-later
#include "category_rules.hpp"

#include <cctype>

#include "common.hpp"

namespace purse::resources {

namespace {

constexpr std::size_t max_name = 100;

} // namespace

bool is_color(const std::string& text) {
  if (text.size() != 7 || text[0] != '#')
    return false;
  for (std::size_t i = 1; i < text.size(); ++i)
    if (!std::isxdigit(static_cast<unsigned char>(text[i])))
      return false;
  return true;
}

std::optional<category_input> read_category_input(body_reader& body,
                                                  bool full) {
  body.reject_unknown({"name", "kind", "parent_id", "color"});
  category_input in;
  in.name = read_name(body, full, max_name);
  in.kind = body.text("kind", false, 16);
  if (in.kind && *in.kind != "expense" && *in.kind != "income")
    body.errors().add("kind", "must be expense or income");
  in.parent_id = body.text("parent_id", false, 64);
  in.clear_parent = body.is_null("parent_id");
  if (in.parent_id && !valid_id(*in.parent_id))
    body.errors().add("parent_id", "must be the id of a category");
  in.color = body.text("color", false, 16);
  in.clear_color = body.is_null("color");
  if (in.color && !is_color(*in.color))
    body.errors().add("color", "must be a hex color like #1f77b4");
  if (!body.errors().empty())
    return std::nullopt;
  return in;
}

void apply_category_input(const category_input& in,
                          persistence::category_row& row, bool full) {
  assign_field(row.name, in.name, false);
  assign_field(row.kind, in.kind, full, "expense");
  assign_field(row.parent_id, in.parent_id, in.clear_parent || full);
  assign_field(row.color, in.color, in.clear_color || full);
}

bool parent_allowed(const persistence::category_row& row,
                    const parent_lookup& parent_of) {
  std::string cursor = row.parent_id;
  for (int depth = 0; !cursor.empty(); ++depth) {
    if (cursor == row.id || depth > max_category_depth)
      return false;
    auto next = parent_of(cursor);
    if (!next)
      return false;
    cursor = *next;
  }
  return true;
}

api_result bad_parent(const std::string& field) {
  return invalid(field, "must be the id of another category in this scope "
                        "that is not nested under this one");
}

std::optional<api_result> check_category_removal(std::int64_t uses,
                                                 std::int64_t children,
                                                 const std::string& target) {
  if ((uses == 0 && children == 0) || !target.empty())
    return std::nullopt;
  return invalid("reassign_to",
                 "the category has " + std::to_string(uses)
                   + " transactions and " + std::to_string(children)
                   + " subcategories; pass reassign_to=<category id> to move "
                     "them first");
}

} // namespace purse::resources
