// SPDX-License-Identifier: GPL-2.0-or-later
// The quota table and its configuration syntax.

#include <boost/test/unit_test.hpp>

#include "purse/actors/quotas.hpp"

using namespace purse;

BOOST_AUTO_TEST_SUITE(quotas)

BOOST_AUTO_TEST_CASE(defaults_grow_with_the_plan) {
  auto t = quota_table::defaults();
  for (auto& name : quota_table::names()) {
    BOOST_TEST(t.limit("free", name) <= t.limit("solo", name), name);
    BOOST_TEST(t.limit("solo", name) <= t.limit("family", name), name);
  }
  BOOST_TEST(t.limit("solo", "accounts") == 25);
  BOOST_TEST(t.limit("gold", "accounts") == 0);
  BOOST_TEST(t.limit("solo", "widgets") == 0);
}

BOOST_AUTO_TEST_CASE(overrides_change_only_what_they_name) {
  auto t = quota_table::defaults();
  std::string error;
  BOOST_TEST(t.apply("solo.tags=3,family.accounts=0", error));
  BOOST_TEST(t.limit("solo", "tags") == 3);
  BOOST_TEST(t.limit("family", "accounts") == 0);
  BOOST_TEST(t.limit("solo", "accounts") == 25);
}

BOOST_AUTO_TEST_CASE(malformed_overrides_are_refused_with_a_reason) {
  for (auto bad :
       {"solo.tags", "solo=3", "gold.tags=3", "solo.widgets=3", "solo.tags=-1",
        "solo.tags=x", "solo.tags=3x", "tags.solo=3"}) {
    auto t = quota_table::defaults();
    std::string error;
    BOOST_TEST(!t.apply(bad, error), bad);
    BOOST_TEST(!error.empty());
  }
}

BOOST_AUTO_TEST_SUITE_END()
