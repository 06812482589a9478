// Exact decimal amounts: parsing JSON number text into minor units and back.

#include <boost/test/unit_test.hpp>

#include "purse/actors/currency.hpp"
#include "purse/actors/money.hpp"

using namespace purse;

namespace {

std::int64_t minor(const char* text, int units = 2) {
  auto r = parse_amount(text, units);
  BOOST_REQUIRE_MESSAGE(r.ok, text << ": " << r.error);
  return r.minor;
}

std::string error(const char* text, int units = 2) {
  auto r = parse_amount(text, units);
  BOOST_REQUIRE_MESSAGE(!r.ok, text << " parsed as " << r.minor);
  return r.error;
}

} // namespace

BOOST_AUTO_TEST_SUITE(money)

BOOST_AUTO_TEST_CASE(decimals_parse_exactly_without_floating_point) {
  BOOST_TEST(minor("19.99") == 1999);
  BOOST_TEST(minor("0.1") == 10);
  BOOST_TEST(minor("0.2") == 20);
  BOOST_TEST(minor("0.30") == 30);
  BOOST_TEST(minor("5") == 500);
  BOOST_TEST(minor("-2.5") == -250);
  BOOST_TEST(minor("-0") == 0);
  // 0.1 + 0.2 style inputs never drift: 0.3 is exactly 30 minor units.
  BOOST_TEST(minor("0.1") + minor("0.2") == minor("0.3"));
}

BOOST_AUTO_TEST_CASE(exponents_are_applied_exactly) {
  BOOST_TEST(minor("1e3") == 100000);
  BOOST_TEST(minor("1E-2") == 1);
  BOOST_TEST(minor("1.50E+1") == 1500);
  BOOST_TEST(minor("1234e-2") == 1234);
  BOOST_TEST(minor("0e999999999") == 0);
  BOOST_TEST(error("1e-3").find("decimal places") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(trailing_zeros_are_fine_extra_digits_are_not) {
  BOOST_TEST(minor("5.000") == 500);
  BOOST_TEST(minor("5.0000000000000000000") == 500);
  BOOST_TEST(error("1.005") == "must have at most 2 decimal places");
  BOOST_TEST(error("12.5", 0) == "must have at most 0 decimal places");
  BOOST_TEST(minor("1200", 0) == 1200);
  BOOST_TEST(minor("1.234", 3) == 1234);
  BOOST_TEST(minor("0.0001", 4) == 1);
}

BOOST_AUTO_TEST_CASE(huge_amounts_are_refused_not_wrapped) {
  BOOST_TEST(minor("999999999999999.99") == 99999999999999999);
  BOOST_TEST(error("1000000000000000") == "is too large");
  BOOST_TEST(error("1e15") == "is too large");
  BOOST_TEST(error("1e30") == "is too large");
  BOOST_TEST(error("99999999999999999999") == "is too large");
  BOOST_TEST(error("1e99999999999999999999") == "is too large");
  BOOST_TEST(minor("99999999999999", 4) == 999999999999990000);
}

BOOST_AUTO_TEST_CASE(malformed_text_is_not_a_number) {
  for (auto bad : {"", "-", "1.", ".5", "1e", "1e+", "abc", "1,5", "1.2.3",
                   "+1", "1 ", "0x10", "NaN", "Infinity"})
    BOOST_TEST(error(bad) == "must be a number", bad);
}

BOOST_AUTO_TEST_CASE(formatting_writes_exactly_the_currency_digits) {
  BOOST_TEST(format_amount(1999, 2) == "19.99");
  BOOST_TEST(format_amount(500, 2) == "5.00");
  BOOST_TEST(format_amount(5, 2) == "0.05");
  BOOST_TEST(format_amount(-5, 2) == "-0.05");
  BOOST_TEST(format_amount(0, 2) == "0.00");
  BOOST_TEST(format_amount(1200, 0) == "1200");
  BOOST_TEST(format_amount(7, 3) == "0.007");
  BOOST_TEST(format_amount(std::numeric_limits<std::int64_t>::min(), 2)
             == "-92233720368547758.08");
}

BOOST_AUTO_TEST_CASE(format_and_parse_round_trip) {
  for (std::int64_t v : {0LL, 1LL, 99LL, 100LL, 123456789LL, -42LL})
    for (int units : {0, 2, 3, 4})
      BOOST_TEST(minor(format_amount(v, units).c_str(), units) == v);
}

BOOST_AUTO_TEST_CASE(the_currency_list_knows_minor_units) {
  BOOST_REQUIRE(find_currency("USD") != nullptr);
  BOOST_TEST(find_currency("USD")->minor_units == 2);
  BOOST_TEST(find_currency("JPY")->minor_units == 0);
  BOOST_TEST(find_currency("BHD")->minor_units == 3);
  BOOST_TEST(find_currency("CLF")->minor_units == 4);
  BOOST_TEST(find_currency("EUR")->name == "Euro");
  BOOST_TEST(find_currency("usd") == nullptr);
  BOOST_TEST(find_currency("XXX") == nullptr);
  BOOST_TEST(find_currency("") == nullptr);
  auto& all = all_currencies();
  BOOST_TEST(all.size() > 150u);
  for (std::size_t i = 1; i < all.size(); ++i)
    BOOST_TEST(all[i - 1].code < all[i].code);
}

BOOST_AUTO_TEST_SUITE_END()
