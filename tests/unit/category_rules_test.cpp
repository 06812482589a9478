// SPDX-License-Identifier: GPL-2.0-or-later
// The rules of categories without actors or a database: where a category
// may sit in the hierarchy and when one may be deleted.

#include <boost/test/unit_test.hpp>

#include <map>

#include "resources/category_rules.hpp"

using namespace purse;
using namespace purse::resources;
using persistence::category_row;

namespace {

/// A scope's categories as id -> parent id.
parent_lookup scope_of(std::map<std::string, std::string> parents) {
  return [parents](const std::string& id) -> std::optional<std::string> {
    auto it = parents.find(id);
    if (it == parents.end())
      return std::nullopt;
    return it->second;
  };
}

category_row category(const std::string& id, const std::string& parent) {
  category_row c;
  c.id = id;
  c.parent_id = parent;
  return c;
}

} // namespace

BOOST_AUTO_TEST_SUITE(category_rules)

BOOST_AUTO_TEST_CASE(a_top_level_category_needs_no_parent) {
  BOOST_TEST(parent_allowed(category("a", ""), scope_of({})));
}

BOOST_AUTO_TEST_CASE(the_parent_must_exist_in_the_scope) {
  auto scope = scope_of({{"p", ""}});
  BOOST_TEST(parent_allowed(category("a", "p"), scope));
  BOOST_TEST(!parent_allowed(category("a", "elsewhere"), scope));
}

BOOST_AUTO_TEST_CASE(a_category_cannot_sit_below_itself) {
  // a <- b <- c: making a a child of c closes a cycle.
  auto scope = scope_of({{"a", ""}, {"b", "a"}, {"c", "b"}});
  BOOST_TEST(!parent_allowed(category("a", "c"), scope));
  BOOST_TEST(!parent_allowed(category("a", "a"), scope));
  BOOST_TEST(parent_allowed(category("c", "a"), scope));
}

BOOST_AUTO_TEST_CASE(a_chain_deeper_than_the_limit_counts_as_a_cycle) {
  std::map<std::string, std::string> parents;
  for (int i = 0; i <= max_category_depth + 1; ++i)
    parents["c" + std::to_string(i)] = i == 0 ? ""
                                              : "c" + std::to_string(i - 1);
  auto deepest = "c" + std::to_string(max_category_depth + 1);
  BOOST_TEST(!parent_allowed(category("new", deepest), scope_of(parents)));
  BOOST_TEST(parent_allowed(category("new", "c5"), scope_of(parents)));
}

BOOST_AUTO_TEST_CASE(a_used_category_needs_somewhere_to_move_things) {
  BOOST_TEST(!check_category_removal(0, 0, ""));
  BOOST_TEST(!check_category_removal(3, 1, "t"));
  auto err = check_category_removal(3, 1, "");
  BOOST_REQUIRE(err);
  BOOST_TEST(err->data.find("has 3 transactions and 1 subcategories")
             != std::string::npos);
}

BOOST_AUTO_TEST_CASE(colors_are_six_hex_digits) {
  BOOST_TEST(is_color("#1f77B4"));
  BOOST_TEST(!is_color("1f77b4"));
  BOOST_TEST(!is_color("#1f77b"));
  BOOST_TEST(!is_color("#1f77bg"));
}

BOOST_AUTO_TEST_SUITE_END()
