// SPDX-License-Identifier: GPL-2.0-or-later
// What a profile may hold, one set of rules for `purse-admin user create`
// and the settings page's profile form: a name (UTF-8, no control
// characters, at most 200 bytes), a default currency (an active ISO 4217
// code, as the API takes them) and an IANA time zone (as the reports take
// them).

#include <boost/test/unit_test.hpp>

#include "purse/actors/profile_rules.hpp"

using namespace purse;
using namespace purse::profile;

namespace {

/// The field a problem names, or "" when there is none.
std::string refused_field(const std::optional<failure>& f) {
  if (!f)
    return "";
  BOOST_TEST((f->code == errc::unprocessable));
  return f->field;
}

} // namespace

BOOST_AUTO_TEST_SUITE(profile_rules)

BOOST_AUTO_TEST_CASE(
  a_name_is_utf8_without_control_characters_up_to_200_bytes) {
  BOOST_TEST(refused_field(name_problem("")) == "");
  BOOST_TEST(refused_field(name_problem("Zoë Ångström")) == "");
  BOOST_TEST(refused_field(name_problem(std::string(200, 'a'))) == "");
  BOOST_TEST(refused_field(name_problem(std::string(201, 'a'))) == "name");
  BOOST_TEST(refused_field(name_problem("Ada\xff")) == "name");
  BOOST_TEST(refused_field(name_problem("Ada\tL")) == "name");
  BOOST_TEST(refused_field(name_problem("Ada\x7f")) == "name");
  BOOST_TEST(name_problem(std::string(201, 'a'))->message
             == "must be at most 200 bytes");
}

BOOST_AUTO_TEST_CASE(a_currency_is_an_active_upper_case_iso_4217_code) {
  BOOST_TEST(refused_field(currency_problem("EUR")) == "");
  BOOST_TEST(refused_field(currency_problem("JPY")) == "");
  BOOST_TEST(refused_field(currency_problem("eur")) == "currency_code");
  BOOST_TEST(refused_field(currency_problem("XYZ")) == "currency_code");
  BOOST_TEST(refused_field(currency_problem("")) == "currency_code");
  BOOST_TEST(refused_field(currency_problem("EURO")) == "currency_code");
}

BOOST_AUTO_TEST_CASE(a_time_zone_is_an_iana_name_this_server_knows) {
  BOOST_TEST(refused_field(timezone_problem("UTC")) == "");
  BOOST_TEST(refused_field(timezone_problem("Europe/Berlin")) == "");
  BOOST_TEST(refused_field(timezone_problem("America/Argentina/Buenos_Aires"))
             == "");
  BOOST_TEST(refused_field(timezone_problem("")) == "timezone");
  BOOST_TEST(refused_field(timezone_problem("Mars/Olympus_Mons"))
             == "timezone");
  BOOST_TEST(refused_field(timezone_problem("../../etc/passwd")) == "timezone");
  BOOST_TEST(refused_field(timezone_problem("/etc/localtime")) == "timezone");
  BOOST_TEST(refused_field(timezone_problem("europe/berlin")) == "timezone");
}

BOOST_AUTO_TEST_CASE(a_profile_names_its_first_problem_in_form_order) {
  BOOST_TEST(refused_field(profile_problem("Ada", "EUR", "UTC")) == "");
  BOOST_TEST(refused_field(profile_problem(std::string(201, 'a'), "xx", "x"))
             == "name");
  BOOST_TEST(refused_field(profile_problem("Ada", "xx", "x"))
             == "currency_code");
  BOOST_TEST(refused_field(profile_problem("Ada", "EUR", "x")) == "timezone");
}

BOOST_AUTO_TEST_SUITE_END()
