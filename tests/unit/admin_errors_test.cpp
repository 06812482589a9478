// SPDX-License-Identifier: GPL-2.0-or-later
// The operator console reports database failures in its own types, so its
// front ends never depend on persistence/, and never echo the secret URL.

#include <boost/test/unit_test.hpp>

#include <string>

#include "purse/actors/admin.hpp"

using namespace purse;

BOOST_AUTO_TEST_SUITE(admin_errors)

BOOST_AUTO_TEST_CASE(an_unreachable_database_is_a_database_error) {
  // Port 1 on the loopback refuses at once; no server is needed.
  auto url = std::string{"postgresql://operator:s3cret-pw@127.0.0.1:1/purse"};
  try {
    admin::console console{url};
    BOOST_FAIL("connected to a port that refuses");
  } catch (const admin::database_error& e) {
    std::string what = e.what();
    BOOST_TEST(!what.empty());
    BOOST_TEST(what.find("s3cret-pw") == std::string::npos);
    BOOST_TEST(what.find(url) == std::string::npos);
  }
}

BOOST_AUTO_TEST_SUITE_END()
