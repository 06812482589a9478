// SPDX-License-Identifier: GPL-2.0-or-later
// load_references against the real database: one statement finds the
// referenced accounts (with their currency), categories, tags and files of
// one scope, and nothing of another scope.

#include <boost/test/unit_test.hpp>

#include <string>

#include "purse/persistence/reference_snapshot.hpp"
#include "purse/persistence/store.hpp"
#include "support/e2e.hpp"

using namespace purse;
using persistence::session;

namespace {

/// An id no other test run has made.
std::string fresh(const std::string& what) {
  return test::unique_id("refs-" + what);
}

} // namespace

BOOST_AUTO_TEST_SUITE(references)

BOOST_AUTO_TEST_CASE(only_rows_of_the_scope_among_the_given_ids_are_found) {
  persistence::store st({test::database_url(), 1});
  auto scope = fresh("scope");
  auto elsewhere = fresh("elsewhere");
  persistence::account_row usd, foreign;
  usd.id = fresh("usd");
  usd.scope_id = scope;
  usd.name = "USD";
  usd.currency_code = "USD";
  foreign.id = fresh("foreign");
  foreign.scope_id = elsewhere;
  foreign.name = "Other";
  foreign.currency_code = "EUR";
  persistence::category_row category;
  category.id = fresh("category");
  category.scope_id = scope;
  category.name = "Food";
  persistence::tag_row tag, unasked;
  tag.id = fresh("tag");
  tag.scope_id = scope;
  tag.name = tag.name_key = tag.id;
  unasked.id = fresh("unasked");
  unasked.scope_id = scope;
  unasked.name = unasked.name_key = unasked.id;
  st.write([&](session& s) {
    s.insert(usd);
    s.insert(foreign);
    s.insert(category);
    s.insert(tag);
    s.insert(unasked);
  });
  persistence::reference_snapshot found;
  st.read([&](session& s) {
    found = persistence::load_references(s, scope, {usd.id, foreign.id},
                                         {category.id, "missing"}, {tag.id},
                                         {"no-file"});
  });
  BOOST_TEST(found.accounts.size() == 1u);
  BOOST_TEST(found.accounts[usd.id] == "USD");
  BOOST_TEST(found.categories.count(category.id) == 1u);
  BOOST_TEST(found.categories.size() == 1u);
  BOOST_TEST(found.tags.size() == 1u);
  BOOST_TEST(found.tags.count(tag.id) == 1u);
  BOOST_TEST(found.files.empty());
  // The prepared statement serves the next call on the connection too.
  st.read([&](session& s) {
    found = persistence::load_references(s, elsewhere, {foreign.id}, {}, {},
                                         {});
  });
  BOOST_TEST(found.accounts.size() == 1u);
  BOOST_TEST(found.accounts[foreign.id] == "EUR");
  st.write([&](session& s) {
    s.erase<persistence::account_row>(usd.id);
    s.erase<persistence::account_row>(foreign.id);
    s.erase<persistence::category_row>(category.id);
    s.erase<persistence::tag_row>(tag.id);
    s.erase<persistence::tag_row>(unasked.id);
  });
}

BOOST_AUTO_TEST_SUITE_END()
