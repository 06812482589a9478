// SPDX-License-Identifier: GPL-2.0-or-later
// Report calendars: zone names, strict dates, local day starts across DST,
// and splitting ranges into days, ISO weeks and months.

#include <boost/test/unit_test.hpp>

#include "purse/actors/calendar.hpp"

using namespace purse;

namespace {

std::int64_t start_of(int y, int m, int d, const char* zone) {
  auto tz = find_time_zone(zone);
  BOOST_REQUIRE(tz.has_value());
  return day_start(cctz::civil_day(y, m, d), *tz);
}

std::string render(const std::vector<day_range>& parts) {
  std::string out;
  for (auto& p : parts)
    out += format_civil_day(p.first) + ".." + format_civil_day(p.last) + " ";
  return out;
}

} // namespace

BOOST_AUTO_TEST_SUITE(calendar)

BOOST_AUTO_TEST_CASE(zone_names_come_from_the_tz_database_only) {
  BOOST_TEST(find_time_zone("UTC").has_value());
  BOOST_TEST(find_time_zone("Europe/Berlin").has_value());
  BOOST_TEST(find_time_zone("America/Argentina/Buenos_Aires").has_value());
  BOOST_TEST(find_time_zone("Etc/GMT+5").has_value());
  BOOST_TEST(!find_time_zone("Mars/Olympus").has_value());
  BOOST_TEST(!find_time_zone("").has_value());
  BOOST_TEST(!find_time_zone("localtime").has_value());
  BOOST_TEST(!find_time_zone("../../etc/passwd").has_value());
  BOOST_TEST(!find_time_zone("/etc/localtime").has_value());
  BOOST_TEST(!find_time_zone("Europe//Berlin").has_value());
  BOOST_TEST(!find_time_zone("Europe/Berlin ").has_value());
  BOOST_TEST(!find_time_zone(std::string(65, 'A')).has_value());
}

BOOST_AUTO_TEST_CASE(dates_are_strict_and_must_exist) {
  BOOST_TEST(format_civil_day(*parse_civil_day("2024-02-29")) == "2024-02-29");
  BOOST_TEST(!parse_civil_day("2026-02-29").has_value());
  BOOST_TEST(!parse_civil_day("2026-04-31").has_value());
  BOOST_TEST(!parse_civil_day("2026-13-01").has_value());
  BOOST_TEST(!parse_civil_day("2026-1-01").has_value());
  BOOST_TEST(!parse_civil_day("2026-01-01T00:00:00Z").has_value());
  BOOST_TEST(!parse_civil_day("1899-12-31").has_value());
  BOOST_TEST(!parse_civil_day("+026-01-01").has_value());
  BOOST_TEST(format_civil_month(*parse_civil_month("2026-11")) == "2026-11");
  BOOST_TEST(!parse_civil_month("2026-00").has_value());
  BOOST_TEST(!parse_civil_month("2026-11-01").has_value());
}

BOOST_AUTO_TEST_CASE(day_starts_follow_the_zone_and_its_transitions) {
  // 2026-11-01 00:00 in Berlin (CET, +1) is 2026-10-31T23:00Z.
  BOOST_TEST(start_of(2026, 11, 1, "Europe/Berlin") == 1793487600);
  BOOST_TEST(start_of(2026, 11, 1, "UTC") == 1793491200);
  // Kathmandu is +05:45.
  BOOST_TEST(start_of(2026, 11, 1, "Asia/Kathmandu") == 1793491200 - 20700);
  // The DST days are 23 and 25 hours long.
  BOOST_TEST(start_of(2026, 3, 30, "Europe/Berlin")
               - start_of(2026, 3, 29, "Europe/Berlin")
             == 23 * 3600);
  BOOST_TEST(start_of(2026, 10, 26, "Europe/Berlin")
               - start_of(2026, 10, 25, "Europe/Berlin")
             == 25 * 3600);
  // Santiago skips midnight when DST starts (2026-09-06): that day begins
  // at the transition, 01:00 local = 04:00Z, and is 23 hours long.
  BOOST_TEST(start_of(2026, 9, 6, "America/Santiago") == 1788667200);
  BOOST_TEST(start_of(2026, 9, 7, "America/Santiago")
               - start_of(2026, 9, 6, "America/Santiago")
             == 23 * 3600);
  auto berlin = *find_time_zone("Europe/Berlin");
  BOOST_TEST(format_civil_day(local_day(1793487600, berlin)) == "2026-11-01");
  BOOST_TEST(format_civil_day(local_day(1793487599, berlin)) == "2026-10-31");
}

BOOST_AUTO_TEST_CASE(ranges_split_into_calendar_buckets) {
  day_range r{cctz::civil_day(2026, 10, 28), cctz::civil_day(2026, 11, 10)};
  BOOST_TEST(render(split_range(r, report_interval::week))
             == "2026-10-28..2026-11-01 2026-11-02..2026-11-08 "
                "2026-11-09..2026-11-10 ");
  BOOST_TEST(render(split_range(r, report_interval::month))
             == "2026-10-28..2026-10-31 2026-11-01..2026-11-10 ");
  BOOST_TEST(split_range(r, report_interval::day).size() == 14u);
  day_range monday{cctz::civil_day(2026, 11, 2), cctz::civil_day(2026, 11, 2)};
  BOOST_TEST(render(split_range(monday, report_interval::week))
             == "2026-11-02..2026-11-02 ");
  day_range year{cctz::civil_day(2025, 1, 1), cctz::civil_day(2025, 12, 31)};
  BOOST_TEST(split_range(year, report_interval::month).size() == 12u);
  // 2025-01-01 is a Wednesday: a partial first week, 52 more weeks.
  BOOST_TEST(split_range(year, report_interval::week).size() == 53u);
}

BOOST_AUTO_TEST_CASE(ranges_are_limited_to_five_years) {
  BOOST_TEST(spans_less_than_years(
    {cctz::civil_day(2021, 1, 1), cctz::civil_day(2025, 12, 31)}, 5));
  BOOST_TEST(!spans_less_than_years(
    {cctz::civil_day(2021, 1, 1), cctz::civil_day(2026, 1, 1)}, 5));
  BOOST_TEST(spans_less_than_years(
    {cctz::civil_day(2020, 2, 29), cctz::civil_day(2025, 2, 28)}, 5));
}

BOOST_AUTO_TEST_SUITE_END()
