// SPDX-License-Identifier: GPL-2.0-or-later
// Exact decimal amounts: JSON number text into integer minor units and
// back, never through a double.

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include <boost/test/unit_test.hpp>

#include "purse/actors/money.hpp"

using namespace purse;

namespace {

std::int64_t minor(std::string_view text, int units = 2) {
  auto r = parse_amount(text, units);
  BOOST_REQUIRE_MESSAGE(r.ok(), text << ": " << (r ? "" : r.error().message));
  return *r;
}

std::string error(std::string_view text, int units = 2) {
  auto r = parse_amount(text, units);
  BOOST_REQUIRE_MESSAGE(!r.ok(), text << " parsed as " << (r ? *r : 0));
  BOOST_TEST(errc_name(r.error().code) == std::string{"unprocessable"});
  BOOST_TEST(r.error().field.empty());
  return r.error().message;
}

constexpr auto int64_min = std::numeric_limits<std::int64_t>::min();
constexpr auto int64_max = std::numeric_limits<std::int64_t>::max();

} // namespace

BOOST_AUTO_TEST_SUITE(money)

BOOST_AUTO_TEST_CASE(decimals_parse_exactly_without_floating_point) {
  BOOST_TEST(minor("19.99") == 1999);
  BOOST_TEST(minor("0.1") == 10);
  BOOST_TEST(minor("0.2") == 20);
  BOOST_TEST(minor("0.30") == 30);
  BOOST_TEST(minor("0.10") == 10);
  BOOST_TEST(minor("5") == 500);
  BOOST_TEST(minor("0.01") == 1);
  // In binary floating point 0.1 + 0.2 != 0.3; in minor units it is.
  BOOST_TEST(minor("0.1") + minor("0.2") == minor("0.3"));
  // 1.15 is 1.149999... as a double; truncation would give 114.
  BOOST_TEST(minor("1.15") == 115);
  BOOST_TEST(minor("4.35") == 435);
  // Beyond 2^53 a double cannot hold every integer.
  BOOST_TEST(minor("90071992547409.93") == 9007199254740993);
}

BOOST_AUTO_TEST_CASE(negative_amounts_keep_their_sign) {
  BOOST_TEST(minor("-2.5") == -250);
  BOOST_TEST(minor("-0.01") == -1);
  BOOST_TEST(minor("-19.99") == -1999);
}

BOOST_AUTO_TEST_CASE(negative_zero_is_plain_zero) {
  BOOST_TEST(minor("-0") == 0);
  BOOST_TEST(minor("-0.00") == 0);
  BOOST_TEST(minor("-0e5") == 0);
  BOOST_TEST(minor("0") == 0);
  BOOST_TEST(minor("0.000000000000000000000") == 0);
}

BOOST_AUTO_TEST_CASE(exponents_are_applied_exactly) {
  BOOST_TEST(minor("1e3") == 100000);
  BOOST_TEST(minor("1E3") == 100000);
  BOOST_TEST(minor("1E-2") == 1);
  BOOST_TEST(minor("1e+0") == 100);
  BOOST_TEST(minor("1.50E+1") == 1500);
  BOOST_TEST(minor("1234e-2") == 1234);
  BOOST_TEST(minor("12.5e-1") == 125);
  BOOST_TEST(minor("-2.5e1") == -2500);
  BOOST_TEST(minor("0.0001e4") == 100);
  BOOST_TEST(minor("1E2", 0) == 100);
  BOOST_TEST(minor("0e999999999") == 0);
  BOOST_TEST(minor("0e-999999999") == 0);
  BOOST_TEST(minor("10000e-4") == 100);
}

BOOST_AUTO_TEST_CASE(trailing_zeros_are_fine_extra_digits_are_not) {
  BOOST_TEST(minor("5.000") == 500);
  BOOST_TEST(minor("5.0000000000000000000") == 500);
  BOOST_TEST(minor("0.1000") == 10);
  BOOST_TEST(error("1.005") == "must have at most 2 decimal places");
  BOOST_TEST(error("0.001") == "must have at most 2 decimal places");
  BOOST_TEST(error("1.0000001") == "must have at most 2 decimal places");
  BOOST_TEST(error("1e-3") == "must have at most 2 decimal places");
  BOOST_TEST(error("1E-99999999999999999999")
             == "must have at most 2 decimal places");
  BOOST_TEST(error("-0.015") == "must have at most 2 decimal places");
}

BOOST_AUTO_TEST_CASE(each_currency_precision_is_enforced) {
  // JPY, KRW: no minor unit.
  BOOST_TEST(minor("1200", 0) == 1200);
  BOOST_TEST(minor("1200.000", 0) == 1200);
  BOOST_TEST(minor("1.2e3", 0) == 1200);
  BOOST_TEST(error("12.5", 0) == "must be a whole number");
  BOOST_TEST(error("0.5", 0) == "must be a whole number");
  BOOST_TEST(error("125e-1", 0) == "must be a whole number");
  // BHD, KWD: three decimals.
  BOOST_TEST(minor("1.234", 3) == 1234);
  BOOST_TEST(minor("0.001", 3) == 1);
  BOOST_TEST(minor("1.5", 3) == 1500);
  BOOST_TEST(error("1.2345", 3) == "must have at most 3 decimal places");
  // CLF: four decimals.
  BOOST_TEST(minor("0.0001", 4) == 1);
  BOOST_TEST(minor("12.3456", 4) == 123456);
  BOOST_TEST(error("0.00001", 4) == "must have at most 4 decimal places");
  BOOST_TEST(error("0.05", 1) == "must have at most 1 decimal place");
}

BOOST_AUTO_TEST_CASE(amounts_up_to_the_maximum_are_accepted) {
  BOOST_TEST(minor("999999999999999.99") == 99999999999999999);
  BOOST_TEST(minor("-999999999999999.99") == -99999999999999999);
  BOOST_TEST(minor("999999999999999", 0) == 999999999999999);
  BOOST_TEST(minor("999999999999999.999", 3) == 999999999999999999);
  BOOST_TEST(minor("9.9999999999999999e14") == 99999999999999999);
  // 4 decimals: int64 minor units run out before 1e15 major units.
  BOOST_TEST(minor("922337203685477.5807", 4) == int64_max);
  BOOST_TEST(minor("-922337203685477.5807", 4) == -int64_max);
}

BOOST_AUTO_TEST_CASE(huge_amounts_are_refused_not_wrapped) {
  BOOST_TEST(error("1000000000000000") == "is too large");
  BOOST_TEST(error("-1000000000000000") == "is too large");
  BOOST_TEST(error("1e15") == "is too large");
  BOOST_TEST(error("1000000000000000", 0) == "is too large");
  BOOST_TEST(error("1e15", 3) == "is too large");
  BOOST_TEST(error("1e30") == "is too large");
  BOOST_TEST(error("99999999999999999999") == "is too large");
  BOOST_TEST(error("18446744073709551616") == "is too large"); // 2^64
  BOOST_TEST(error("1e99999999999999999999") == "is too large");
  BOOST_TEST(error("922337203685477.5808", 4) == "is too large");
  BOOST_TEST(error("-922337203685477.5808", 4) == "is too large");
  BOOST_TEST(error("999999999999999.9999", 4) == "is too large");
  // Many digits, most of them zeros after the point, still fit.
  BOOST_TEST(minor("1" + std::string(14, '0') + "." + std::string(1000, '0'))
             == 10000000000000000);
  BOOST_TEST(error(std::string(1000, '9')) == "is too large");
}

BOOST_AUTO_TEST_CASE(text_outside_the_json_number_grammar_is_not_a_number) {
  for (std::string_view bad :
       {"",      "-",     "1.",    ".5",   "-.5",      "1e",        "1e+",
        "1e-",   "e5",    "1.e5",  "abc",  "1,5",      "1.2.3",     "+1",
        " 1",    "1 ",    "0x10",  "NaN",  "Infinity", "-Infinity", "--1",
        "1-",    "1e1.5", "1e5e5", "00.5", "01",       "-01",       "007",
        "\"5\"", "5\n",   "１"})
    BOOST_TEST(error(bad) == "must be a number", '"' << bad << '"');
  BOOST_TEST(error(std::string_view{"1\0", 2}) == "must be a number");
}

BOOST_AUTO_TEST_CASE(a_single_leading_zero_is_allowed) {
  BOOST_TEST(minor("0.5") == 50);
  BOOST_TEST(minor("-0.5") == -50);
  BOOST_TEST(minor("0e0") == 0);
}

BOOST_AUTO_TEST_CASE(unsupported_precisions_are_refused) {
  BOOST_TEST(!parse_amount("1", -1).ok());
  BOOST_TEST(!parse_amount("1", 19).ok());
  BOOST_TEST(minor("1", 18) == 1'000'000'000'000'000'000);
  BOOST_TEST(error("10", 18) == "is too large");
}

BOOST_AUTO_TEST_CASE(formatting_writes_exactly_the_currency_digits) {
  BOOST_TEST(format_amount(1999, 2) == "19.99");
  BOOST_TEST(format_amount(500, 2) == "5.00");
  BOOST_TEST(format_amount(5, 2) == "0.05");
  BOOST_TEST(format_amount(50, 2) == "0.50");
  BOOST_TEST(format_amount(-5, 2) == "-0.05");
  BOOST_TEST(format_amount(-1999, 2) == "-19.99");
  BOOST_TEST(format_amount(0, 2) == "0.00");
  BOOST_TEST(format_amount(0, 0) == "0");
  BOOST_TEST(format_amount(1200, 0) == "1200");
  BOOST_TEST(format_amount(-1200, 0) == "-1200");
  BOOST_TEST(format_amount(7, 3) == "0.007");
  BOOST_TEST(format_amount(1234, 3) == "1.234");
  BOOST_TEST(format_amount(123, 4) == "0.0123");
  BOOST_TEST(format_amount(5, -1) == "5");
  BOOST_TEST(format_amount(int64_max, 2) == "92233720368547758.07");
  BOOST_TEST(format_amount(int64_min, 2) == "-92233720368547758.08");
  BOOST_TEST(format_amount(int64_min, 0) == "-9223372036854775808");
}

BOOST_AUTO_TEST_CASE(parsing_then_formatting_gives_the_canonical_text) {
  BOOST_TEST(format_amount(minor("1.50E+1"), 2) == "15.00");
  BOOST_TEST(format_amount(minor("-0"), 2) == "0.00");
  BOOST_TEST(format_amount(minor("0.1"), 2) == "0.10");
  BOOST_TEST(format_amount(minor("1e3", 0), 0) == "1000");
  BOOST_TEST(format_amount(minor("1.2", 3), 3) == "1.200");
}

BOOST_AUTO_TEST_CASE(format_and_parse_round_trip) {
  const std::int64_t values[] = {0,  1,   -1,        9,   10,
                                 99, 100, 123456789, -42, 99999999999999};
  for (auto v : values)
    for (int units : {0, 1, 2, 3, 4})
      BOOST_TEST(minor(format_amount(v, units), units) == v,
                 v << " with " << units << " decimals");
  // The largest value each precision accepts survives the round trip.
  BOOST_TEST(minor(format_amount(99999999999999999, 2)) == 99999999999999999);
  BOOST_TEST(minor(format_amount(int64_max, 4), 4) == int64_max);
}

BOOST_AUTO_TEST_SUITE_END()
