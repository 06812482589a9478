// SPDX-License-Identifier: GPL-2.0-or-later
// The domain's one result type: a value, or a failure in errc terms.

#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <string>

#include "purse/actors/outcome.hpp"

using namespace purse;

BOOST_AUTO_TEST_SUITE(outcome_type)

BOOST_AUTO_TEST_CASE(a_value_is_a_success) {
  outcome<std::int64_t> r = std::int64_t{42};
  BOOST_TEST(r.ok());
  BOOST_TEST(static_cast<bool>(r));
  BOOST_TEST(*r == 42);
  BOOST_TEST(errc_name(r.code()) == std::string{"ok"});
}

BOOST_AUTO_TEST_CASE(a_failure_keeps_its_code_field_and_message) {
  outcome<std::string> r = refused(errc::unprocessable, "days",
                                   "must be from 1 to 365");
  BOOST_TEST(!r.ok());
  BOOST_TEST(errc_name(r.code()) == std::string{"unprocessable"});
  BOOST_TEST(r.error().field == "days");
  BOOST_TEST(r.error().message == "must be from 1 to 365");
  BOOST_TEST(r.error().retry_after == 0);
}

BOOST_AUTO_TEST_CASE(a_failure_about_no_input_names_no_field) {
  outcome<> r = refused(errc::not_found, "no user with id u1");
  BOOST_TEST(!r);
  BOOST_TEST(r.error().field.empty());
  BOOST_TEST(r.error().message == "no user with id u1");
}

BOOST_AUTO_TEST_CASE(an_empty_outcome_is_a_success) {
  outcome<> r;
  BOOST_TEST(r.ok());
  BOOST_TEST(errc_name(r.code()) == std::string{"ok"});
}

BOOST_AUTO_TEST_SUITE_END()
