// SPDX-License-Identifier: GPL-2.0-or-later
// RFC 3339 date-times and plain dates to UTC epoch seconds and back.

#include <cstdint>
#include <ctime>
#include <limits>
#include <string>
#include <string_view>

#include <boost/test/unit_test.hpp>

#include "purse/actors/timestamp.hpp"

using namespace purse;

namespace {

std::int64_t at(std::string_view text) {
  auto t = parse_rfc3339(text);
  BOOST_REQUIRE_MESSAGE(t.has_value(), text << " was refused");
  return *t;
}

std::int64_t day(std::string_view text) {
  auto t = parse_date(text);
  BOOST_REQUIRE_MESSAGE(t.has_value(), text << " was refused");
  return *t;
}

// Reference values computed independently (Python's datetime).
constexpr std::int64_t jan_31_2026_noon = 1'769'860'800;
constexpr std::int64_t mar_1_2026 = 1'772'323'200;
constexpr std::int64_t feb_29_2000 = 951'782'400;
constexpr std::int64_t jan_1_1900 = -2'208'988'800;
constexpr std::int64_t last_second_of_9999 = 253'402'300'799;

} // namespace

BOOST_AUTO_TEST_SUITE(timestamps)

BOOST_AUTO_TEST_CASE(rfc3339_is_parsed_to_utc_epoch_seconds) {
  BOOST_TEST(at("1970-01-01T00:00:00Z") == 0);
  BOOST_TEST(at("1970-01-01T00:00:01Z") == 1);
  BOOST_TEST(at("1969-12-31T23:59:59Z") == -1);
  BOOST_TEST(at("2026-01-31T12:00:00Z") == jan_31_2026_noon);
  BOOST_TEST(at("2026-07-04T09:30:15Z") == 1'783'157'415);
  BOOST_TEST(at("1900-01-01T00:00:00Z") == jan_1_1900);
  BOOST_TEST(at("9999-12-31T23:59:59Z") == last_second_of_9999);
}

BOOST_AUTO_TEST_CASE(lower_case_t_and_z_are_accepted) {
  BOOST_TEST(at("2026-01-31t12:00:00z") == jan_31_2026_noon);
  BOOST_TEST(at("2026-01-31t12:00:00Z") == jan_31_2026_noon);
}

BOOST_AUTO_TEST_CASE(fractions_of_a_second_are_truncated) {
  BOOST_TEST(at("2026-01-31T12:00:00.999Z") == jan_31_2026_noon);
  BOOST_TEST(at("2026-01-31T12:00:00.123+02:00") == jan_31_2026_noon - 7200);
  BOOST_TEST(at("2026-01-31T12:00:00.0Z") == jan_31_2026_noon);
  BOOST_TEST(at("2026-01-31T12:00:00.999999999999Z") == jan_31_2026_noon);
  // Truncation keeps the second as written, also before the epoch.
  BOOST_TEST(at("1969-12-31T23:59:59.5Z") == -1);
}

BOOST_AUTO_TEST_CASE(offsets_shift_the_instant_and_the_date) {
  BOOST_TEST(at("2026-01-31T14:00:00+02:00") == jan_31_2026_noon);
  BOOST_TEST(at("2026-01-31T07:30:00-04:30") == jan_31_2026_noon);
  BOOST_TEST(at("2026-01-01T01:00:00+02:00") == at("2025-12-31T23:00:00Z"));
  BOOST_TEST(at("2025-12-31T23:30:00-01:00") == at("2026-01-01T00:30:00Z"));
  BOOST_TEST(at("2024-03-01T00:30:00+01:00") == at("2024-02-29T23:30:00Z"));
  BOOST_TEST(at("2026-01-31T12:00:00+00:00") == jan_31_2026_noon);
  BOOST_TEST(at("2026-01-31T12:00:00-00:00") == jan_31_2026_noon);
  BOOST_TEST(at("2026-01-31T12:00:00+23:59") == jan_31_2026_noon - 86'340);
  BOOST_TEST(at("2026-01-31T12:00:00-23:59") == jan_31_2026_noon + 86'340);
}

BOOST_AUTO_TEST_CASE(impossible_dates_and_times_are_refused) {
  for (std::string_view bad :
       {"2026-02-30T00:00:00Z", "2026-02-29T00:00:00Z", "2026-13-01T00:00:00Z",
        "2026-00-10T00:00:00Z", "2026-01-00T00:00:00Z", "2026-01-32T00:00:00Z",
        "2026-04-31T00:00:00Z", "2026-06-31T00:00:00Z", "2026-09-31T00:00:00Z",
        "2026-11-31T00:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T00:60:00Z",
        "2026-01-01T00:00:60Z", "2026-12-31T23:59:60Z", "2026-01-01T99:00:00Z"})
    BOOST_TEST(!parse_rfc3339(bad), bad);
}

BOOST_AUTO_TEST_CASE(malformed_texts_are_refused) {
  for (std::string_view bad : {"2026-01-01T00:00:00",
                               "2026-01-01T00:00:00.5",
                               "2026-01-01 00:00:00Z",
                               "2026-01-01_00:00:00Z",
                               "2026-1-01T00:00:00Z",
                               "2026-01-1T00:00:00Z",
                               "26-01-01T00:00:00Z",
                               "2026-01-01T0:00:00Z",
                               "2026-01-01T00:00Z",
                               "2026-01-01T00:00:00.Z",
                               "2026-01-01T00:00:00+2:00",
                               "2026-01-01T00:00:00+0200",
                               "2026-01-01T00:00:00+02",
                               "2026-01-01T00:00:00+02:0",
                               "2026-01-01T00:00:00+24:00",
                               "2026-01-01T00:00:00+05:60",
                               "2026-01-01T00:00:00ZZ",
                               "2026-01-01T00:00:00Z ",
                               " 2026-01-01T00:00:00Z",
                               "2026-01-01T00:00:00+02:00x",
                               "2026/01/01T00:00:00Z",
                               "+2026-01-01T00:00:00Z",
                               "2026-01-01T00:00:00UTC",
                               "2026-01-01",
                               "yesterday",
                               "",
                               "T",
                               "2026-01-01T",
                               "-001-01-01T00:00:00Z"})
    BOOST_TEST(!parse_rfc3339(bad), '"' << bad << '"');
}

BOOST_AUTO_TEST_CASE(fields_keep_their_fixed_widths) {
  // The date library's parser alone would read short fields, signs and
  // spaces, and offsets of any size; none of that passes.
  for (std::string_view bad :
       {"2026-01-+1T00:00:00Z",         "2026-+1-01T00:00:00Z",
        "+026-01-01T00:00:00Z",         "2026-01-01T+1:00:00Z",
        "2026-01-01T00:+1:00Z",         "2026-01-01T00:00:+1Z",
        "2026-01-01T 1:00:00Z",         "2026-01-01T00:00:00+ 2:00",
        "2026-01-01T00:00:00++2:00",    "2026-01-01T00:00:00+02:+1",
        "2026-01-01T00:00:00+02:00:00", "2026-01-01T00:00:00.5.5Z",
        "2026-01-01T00:00:00.-5Z",      "2026-01-01T00:00:00.5 Z",
        "2026-01-01T00:00:00Zx",        "2026-01-01T00:00:00z\n",
        "2026-01-01T00:00:00+01:60",    "2026-01-01T00:00:00-00:60",
        "2026-01-01T00:00:00-24:00",    "2026-01-01T00:00:00+99:99",
        "2026-01-01t00:00:00+2"})
    BOOST_TEST(!parse_rfc3339(bad), '"' << bad << '"');
  for (std::string_view bad : {"2026-03-+1", "2026-+3-01", "2026-03-01\n",
                               "0000-01-01", "02026-03-01"})
    BOOST_TEST(!parse_date(bad), '"' << bad << '"');
}

BOOST_AUTO_TEST_CASE(the_year_limits_apply_to_the_date_as_written) {
  // The offset may carry the instant across 1900 or 9999.
  BOOST_TEST(at("1900-01-01T00:30:00+01:00") == jan_1_1900 - 1800);
  BOOST_TEST(at("9999-12-31T23:59:59-23:59") == last_second_of_9999 + 86'340);
}

BOOST_AUTO_TEST_CASE(leap_years_follow_the_gregorian_rules) {
  BOOST_TEST(at("2024-02-29T00:00:00Z") == 1'709'164'800);
  BOOST_TEST(!parse_rfc3339("2023-02-29T00:00:00Z"));
  BOOST_TEST(at("2000-02-29T00:00:00Z") == feb_29_2000); // divisible by 400
  BOOST_TEST(!parse_rfc3339("1900-02-29T00:00:00Z"));    // by 100, not 400
  BOOST_TEST(!parse_rfc3339("2100-02-29T00:00:00Z"));
  BOOST_TEST(at("2400-02-29T00:00:00Z") == 13'574'563'200);
  BOOST_TEST(day("2024-02-29") == 1'709'164'800);
  BOOST_TEST(!parse_date("2023-02-29"));
  BOOST_TEST(!parse_date("1900-02-29"));
  BOOST_TEST(day("2000-02-29") == feb_29_2000);
  // The day after Feb 28 is Mar 1 in a common year, Feb 29 in a leap year.
  BOOST_TEST(day("2023-03-01") - day("2023-02-28") == 86'400);
  BOOST_TEST(day("2024-03-01") - day("2024-02-28") == 2 * 86'400);
}

BOOST_AUTO_TEST_CASE(years_outside_1900_to_9999_are_refused) {
  BOOST_TEST(!parse_rfc3339("1899-12-31T23:59:59Z"));
  BOOST_TEST(!parse_rfc3339("0000-01-01T00:00:00Z"));
  BOOST_TEST(!parse_rfc3339("10000-01-01T00:00:00Z"));
  BOOST_TEST(!parse_date("1899-12-31"));
  BOOST_TEST(!parse_date("10000-01-01"));
  BOOST_TEST(day("1900-01-01") == jan_1_1900);
  BOOST_TEST(day("9999-12-31") == last_second_of_9999 - 86'399);
}

BOOST_AUTO_TEST_CASE(plain_dates_are_midnight_utc) {
  BOOST_TEST(day("2026-03-01") == mar_1_2026);
  BOOST_TEST(day("1970-01-01") == 0);
  BOOST_TEST(day("1969-12-31") == -86'400);
  for (std::string_view bad :
       {"2026-03-01T00:00:00Z", "2026-3-01", "2026-03-1", "2026/03/01",
        "2026-03-01 ", " 2026-03-01", "2026-02-30", "2026-13-01", "2026-03-00",
        "20260301", "", "2026-03-0a"})
    BOOST_TEST(!parse_date(bad), '"' << bad << '"');
}

BOOST_AUTO_TEST_CASE(list_filters_accept_a_date_or_a_date_time) {
  BOOST_TEST(*parse_date_or_time("2026-03-01") == mar_1_2026);
  BOOST_TEST(*parse_date_or_time("2026-03-01T00:00:00Z") == mar_1_2026);
  BOOST_TEST(*parse_date_or_time("2026-03-01T01:00:00+01:00") == mar_1_2026);
  BOOST_TEST(!parse_date_or_time("2026-02-30"));
  BOOST_TEST(!parse_date_or_time("2026-03-01T00:00:00"));
  BOOST_TEST(!parse_date_or_time("today"));
  BOOST_TEST(!parse_date_or_time(""));
}

BOOST_AUTO_TEST_CASE(formatting_writes_utc_with_a_z) {
  BOOST_TEST(format_utc(0) == "1970-01-01T00:00:00Z");
  BOOST_TEST(format_utc(-1) == "1969-12-31T23:59:59Z");
  BOOST_TEST(format_utc(jan_31_2026_noon) == "2026-01-31T12:00:00Z");
  BOOST_TEST(format_utc(1'783'157'415) == "2026-07-04T09:30:15Z");
  BOOST_TEST(format_utc(feb_29_2000) == "2000-02-29T00:00:00Z");
  BOOST_TEST(format_utc(jan_1_1900) == "1900-01-01T00:00:00Z");
  BOOST_TEST(format_utc(last_second_of_9999) == "9999-12-31T23:59:59Z");
}

BOOST_AUTO_TEST_CASE(formatting_extreme_values_is_defined) {
  // Not RFC 3339 any more, but no overflow (the sanitizer build checks).
  auto low = format_utc(std::numeric_limits<std::int64_t>::min());
  auto high = format_utc(std::numeric_limits<std::int64_t>::max());
  BOOST_TEST(low.front() == '-');
  BOOST_TEST(low.back() == 'Z');
  BOOST_TEST(high.back() == 'Z');
  BOOST_TEST(high.size() > 20u);
  // The proleptic Gregorian calendar all the way, the year as printf's %04lld
  // writes it.
  BOOST_TEST(low == "-292277022657-01-27T08:29:52Z");
  BOOST_TEST(high == "292277026596-12-04T15:30:07Z");
  BOOST_TEST(format_utc(last_second_of_9999 + 1) == "10000-01-01T00:00:00Z");
  BOOST_TEST(format_utc(-62'167'219'200) == "0000-01-01T00:00:00Z");
  BOOST_TEST(format_utc(-62'167'219'201) == "-001-12-31T23:59:59Z");
}

BOOST_AUTO_TEST_CASE(format_and_parse_round_trip) {
  // A step coprime with 86'400 lands on ever different times of day and days
  // of the month across the whole range.
  for (std::int64_t t = jan_1_1900; t <= last_second_of_9999; t += 77'777'777)
    BOOST_TEST_REQUIRE(at(format_utc(t)) == t, t);
  for (std::int64_t d = jan_1_1900; d <= last_second_of_9999; d += 86'400 * 97)
    BOOST_TEST_REQUIRE(day(format_utc(d).substr(0, 10)) == d, d);
}

BOOST_AUTO_TEST_CASE(now_is_the_system_clock_in_seconds) {
  auto before = static_cast<std::int64_t>(std::time(nullptr));
  auto now = now_seconds();
  auto after = static_cast<std::int64_t>(std::time(nullptr));
  // time() may read a coarser clock: allow it to lag by one second.
  BOOST_TEST(now >= before);
  BOOST_TEST(now <= after + 1);
  BOOST_TEST(now > at("2024-01-01T00:00:00Z"));
}

BOOST_AUTO_TEST_SUITE_END()
