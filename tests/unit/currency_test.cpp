// SPDX-License-Identifier: GPL-2.0-or-later
// The currency list: active ISO 4217 codes, their names and minor units.

#include <set>
#include <string_view>

#include <boost/test/unit_test.hpp>

#include "purse/actors/currency.hpp"

using namespace purse;

namespace {

int minor_units(std::string_view code) {
  auto c = find_currency(code);
  BOOST_REQUIRE_MESSAGE(c != nullptr, code << " is missing");
  return c->minor_units;
}

} // namespace

BOOST_AUTO_TEST_SUITE(currencies)

BOOST_AUTO_TEST_CASE(lookup_is_exact_and_upper_case_only) {
  auto usd = find_currency("USD");
  BOOST_REQUIRE(usd != nullptr);
  BOOST_TEST(usd->code == "USD");
  for (std::string_view bad : {"usd", "Usd", "uSD", "US", "USDX", " USD",
                               "USD ", "", "U$D", "ZZZ", "AAA", "ZZZZ"})
    BOOST_TEST(find_currency(bad) == nullptr, '"' << bad << '"');
}

BOOST_AUTO_TEST_CASE(minor_units_follow_iso_4217) {
  for (auto code : {"USD", "EUR", "GBP", "CHF", "CNY", "INR", "MXN", "BRL"})
    BOOST_TEST(minor_units(code) == 2, code);
  for (auto code : {"JPY", "KRW", "ISK", "VND", "CLP", "PYG", "UGX", "XAF",
                    "XOF", "XPF", "BIF", "DJF", "GNF", "KMF", "RWF", "VUV"})
    BOOST_TEST(minor_units(code) == 0, code);
  for (auto code : {"BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"})
    BOOST_TEST(minor_units(code) == 3, code);
  for (auto code : {"CLF", "UYW"})
    BOOST_TEST(minor_units(code) == 4, code);
}

BOOST_AUTO_TEST_CASE(names_and_symbols_are_the_usual_ones) {
  BOOST_TEST(find_currency("EUR")->name == "Euro");
  BOOST_TEST(find_currency("EUR")->symbol == "€");
  BOOST_TEST(find_currency("GBP")->name == "Pound Sterling");
  BOOST_TEST(find_currency("GBP")->symbol == "£");
  BOOST_TEST(find_currency("JPY")->name == "Yen");
  BOOST_TEST(find_currency("USD")->name == "US Dollar");
  BOOST_TEST(find_currency("USD")->symbol == "$");
}

BOOST_AUTO_TEST_CASE(funds_metals_units_and_testing_codes_are_left_out) {
  for (auto code : {"XAU", "XAG", "XPD", "XPT", "XTS", "XXX", "XDR",
                    "XSU", "XUA", "XAD", "XBA", "XBB", "XBC", "XBD",
                    "BOV", "CHE", "CHW", "COU", "MXV", "USN", "UYI"})
    BOOST_TEST(find_currency(code) == nullptr, code);
}

BOOST_AUTO_TEST_CASE(withdrawn_codes_are_gone_and_successors_present) {
  for (auto code : {"HRK", "BGN", "ANG", "SLL", "ZWL", "CUC", "VEF", "MRO",
                    "STD", "LTL", "LVL", "EEK", "DEM", "FRF", "BYR"})
    BOOST_TEST(find_currency(code) == nullptr, code);
  for (auto code : {"XCG", "SLE", "ZWG", "VES", "VED", "MRU", "STN", "BYN"})
    BOOST_TEST(find_currency(code) != nullptr, code);
}

BOOST_AUTO_TEST_CASE(the_list_is_sorted_unique_and_well_formed) {
  auto& all = all_currencies();
  BOOST_TEST(all.size() > 150u);
  std::set<std::string_view> codes;
  for (std::size_t i = 0; i < all.size(); ++i) {
    auto& c = all[i];
    codes.insert(c.code);
    if (i > 0)
      BOOST_TEST(all[i - 1].code < c.code, c.code);
    BOOST_TEST(c.code.size() == 3u, c.code);
    for (char ch : c.code)
      BOOST_TEST((ch >= 'A' && ch <= 'Z'), c.code);
    BOOST_TEST(!c.name.empty(), c.code);
    BOOST_TEST(c.name.front() != ' ', c.code);
    BOOST_TEST(c.name.back() != ' ', c.code);
    BOOST_TEST(!c.symbol.empty(), c.code);
    BOOST_TEST((c.minor_units == 0 || c.minor_units == 2 || c.minor_units == 3
                || c.minor_units == 4),
               c.code);
  }
  BOOST_TEST(codes.size() == all.size());
}

BOOST_AUTO_TEST_CASE(every_listed_currency_is_found_in_place) {
  for (auto& c : all_currencies())
    BOOST_TEST(find_currency(c.code) == &c, c.code);
}

BOOST_AUTO_TEST_SUITE_END()
