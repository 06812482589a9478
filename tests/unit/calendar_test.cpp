// SPDX-License-Identifier: GPL-2.0-or-later
// Report calendars: zone names, strict dates, local day starts across DST,
// and splitting ranges into days, ISO weeks and months.

#include <boost/test/unit_test.hpp>

#include "purse/actors/calendar.hpp"

using namespace purse;

namespace {

civil_day civil(int y, int m, int d) {
  return civil_day{date::year{y} / m / d};
}

std::int64_t start_of(int y, int m, int d, const char* zone) {
  auto tz = find_time_zone(zone);
  BOOST_REQUIRE(tz.has_value());
  return day_start(civil(y, m, d), *tz);
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
  // Debian's posix/ folder names every zone again; right/ (leap seconds)
  // was never read. Factory, the zone of unconfigured machines, is UTC.
  BOOST_TEST(find_time_zone("posix/Europe/Berlin").has_value());
  BOOST_TEST(!find_time_zone("posix/localtime").has_value());
  BOOST_TEST(!find_time_zone("posix/").has_value());
  BOOST_TEST(!find_time_zone("right/UTC").has_value());
  BOOST_TEST(!find_time_zone("posixrules").has_value());
  BOOST_TEST(!find_time_zone("Fixed/UTC+05").has_value());
  BOOST_TEST(!find_time_zone("Europe").has_value());
  BOOST_TEST(!find_time_zone("zone.tab").has_value());
  BOOST_TEST(!find_time_zone("tzdata.zi").has_value());
  BOOST_TEST(!find_time_zone("leapseconds").has_value());
  BOOST_TEST(start_of(2026, 7, 1, "posix/Europe/Berlin")
             == start_of(2026, 7, 1, "Europe/Berlin"));
  BOOST_TEST(start_of(2026, 7, 1, "Factory") == start_of(2026, 7, 1, "UTC"));
  // The same zone twice is the same entry.
  BOOST_TEST(find_time_zone("Europe/Berlin")->rules()
             == find_time_zone("Europe/Berlin")->rules());
  BOOST_TEST(find_time_zone("UTC")->rules() == nullptr);
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

BOOST_AUTO_TEST_CASE(dates_keep_their_fixed_widths_and_limits) {
  // The date library's parser would read short fields, signs and spaces,
  // and stop before trailing text: none of that passes.
  for (const char* bad :
       {"2026-01-+1", "2026-+1-01", "2026-01- 1", " 2026-01-01", "2026-01-01 ",
        "2026-01-01x", "2026-01-1", "02026-01-01", "0000-01-01", "10000-01-01",
        "2026/01/01", "2026-01-00", "2026-01-32", "2026-00-01", ""})
    BOOST_TEST(!parse_civil_day(bad).has_value(), bad);
  for (const char* bad :
       {"2026-+1", "2026-1", "2026-1x", "2026-11 ", " 2026-11", "2026-13",
        "1899-12", "0000-01", "10000-01", "2026/11", "2026-11x", ""})
    BOOST_TEST(!parse_civil_month(bad).has_value(), bad);
  BOOST_TEST(format_civil_day(*parse_civil_day("1900-01-01")) == "1900-01-01");
  BOOST_TEST(format_civil_day(*parse_civil_day("9999-12-31")) == "9999-12-31");
  BOOST_TEST(format_civil_month(*parse_civil_month("1900-01")) == "1900-01");
  BOOST_TEST(format_civil_month(*parse_civil_month("9999-12")) == "9999-12");
  // The dashboard's month before 1900-01.
  BOOST_TEST(format_civil_month(*parse_civil_month("1900-01") - date::months{1})
             == "1899-12");
}

BOOST_AUTO_TEST_CASE(months_have_a_first_and_a_last_day) {
  auto february = *parse_civil_month("2024-02");
  BOOST_TEST(format_civil_day(first_day(february)) == "2024-02-01");
  BOOST_TEST(format_civil_day(last_day(february)) == "2024-02-29");
  BOOST_TEST(format_civil_day(last_day(*parse_civil_month("2026-02")))
             == "2026-02-28");
  BOOST_TEST(format_civil_day(last_day(*parse_civil_month("2026-12")))
             == "2026-12-31");
  BOOST_TEST(format_civil_month(month_of(civil(2026, 12, 31))) == "2026-12");
  BOOST_TEST(format_civil_month(month_of(civil(2026, 12, 31)) + date::months{1})
             == "2027-01");
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

BOOST_AUTO_TEST_CASE(
  a_repeated_midnight_starts_the_day_at_its_first_occurrence) {
  // Havana leaves DST at 01:00 on 2026-11-01, back to 00:00: the day begins
  // at the first midnight (-04:00, 04:00Z) and is 25 hours long.
  BOOST_TEST(start_of(2026, 11, 1, "America/Havana") == 1793505600);
  BOOST_TEST(start_of(2026, 11, 2, "America/Havana")
               - start_of(2026, 11, 1, "America/Havana")
             == 25 * 3600);
  // It enters DST at midnight on 2026-03-08: that day begins at 01:00.
  BOOST_TEST(start_of(2026, 3, 8, "America/Havana") == 1772946000);
  BOOST_TEST(start_of(2026, 3, 9, "America/Havana")
               - start_of(2026, 3, 8, "America/Havana")
             == 23 * 3600);
}

BOOST_AUTO_TEST_CASE(daylight_saving_time_goes_on_after_2037) {
  // The zone files list transitions up to 2037; later years follow the
  // rule each file ends with.
  BOOST_TEST(start_of(2040, 7, 1, "Europe/Berlin") == 2224706400);
  BOOST_TEST(start_of(2040, 7, 1, "UTC") - start_of(2040, 7, 1, "Europe/Berlin")
             == 2 * 3600);
  BOOST_TEST(start_of(2040, 3, 26, "Europe/Berlin")
               - start_of(2040, 3, 25, "Europe/Berlin")
             == 23 * 3600);
  BOOST_TEST(start_of(2040, 10, 29, "Europe/Berlin")
               - start_of(2040, 10, 28, "Europe/Berlin")
             == 25 * 3600);
  BOOST_TEST(start_of(2100, 7, 4, "America/New_York") == 4118356800);
  BOOST_TEST(start_of(2040, 9, 2, "America/Santiago") == 2230171200);
  BOOST_TEST(start_of(9999, 7, 1, "Europe/Berlin") == 253386396000);
  BOOST_TEST(start_of(10000, 1, 1, "Europe/Berlin") == 253402297200);
  auto berlin = *find_time_zone("Europe/Berlin");
  BOOST_TEST(format_civil_day(local_day(2224706400, berlin)) == "2040-07-01");
  BOOST_TEST(format_civil_day(local_day(2224706399, berlin)) == "2040-06-30");
}

BOOST_AUTO_TEST_CASE(ranges_split_into_calendar_buckets) {
  day_range r{civil(2026, 10, 28), civil(2026, 11, 10)};
  BOOST_TEST(render(split_range(r, report_interval::week))
             == "2026-10-28..2026-11-01 2026-11-02..2026-11-08 "
                "2026-11-09..2026-11-10 ");
  BOOST_TEST(render(split_range(r, report_interval::month))
             == "2026-10-28..2026-10-31 2026-11-01..2026-11-10 ");
  BOOST_TEST(split_range(r, report_interval::day).size() == 14u);
  day_range monday{civil(2026, 11, 2), civil(2026, 11, 2)};
  BOOST_TEST(render(split_range(monday, report_interval::week))
             == "2026-11-02..2026-11-02 ");
  day_range year{civil(2025, 1, 1), civil(2025, 12, 31)};
  BOOST_TEST(split_range(year, report_interval::month).size() == 12u);
  // 2025-01-01 is a Wednesday: a partial first week, 52 more weeks.
  BOOST_TEST(split_range(year, report_interval::week).size() == 53u);
}

BOOST_AUTO_TEST_CASE(weeks_and_months_run_across_year_ends_and_leap_days) {
  // 2026-12-30 is a Wednesday, 2027-01-04 a Monday.
  day_range r{civil(2026, 12, 30), civil(2027, 1, 12)};
  BOOST_TEST(render(split_range(r, report_interval::week))
             == "2026-12-30..2027-01-03 2027-01-04..2027-01-10 "
                "2027-01-11..2027-01-12 ");
  BOOST_TEST(render(split_range(r, report_interval::month))
             == "2026-12-30..2026-12-31 2027-01-01..2027-01-12 ");
  day_range leap{civil(2024, 2, 28), civil(2024, 3, 1)};
  BOOST_TEST(render(split_range(leap, report_interval::day))
             == "2024-02-28..2024-02-28 2024-02-29..2024-02-29 "
                "2024-03-01..2024-03-01 ");
  BOOST_TEST(render(split_range(leap, report_interval::month))
             == "2024-02-28..2024-02-29 2024-03-01..2024-03-01 ");
  // A Sunday ends its week.
  day_range sunday{civil(2026, 11, 8), civil(2026, 11, 9)};
  BOOST_TEST(render(split_range(sunday, report_interval::week))
             == "2026-11-08..2026-11-08 2026-11-09..2026-11-09 ");
  day_range backwards{civil(2026, 11, 9), civil(2026, 11, 8)};
  BOOST_TEST(split_range(backwards, report_interval::day).empty());
}

BOOST_AUTO_TEST_CASE(ranges_are_limited_to_five_years) {
  BOOST_TEST(
    spans_less_than_years({civil(2021, 1, 1), civil(2025, 12, 31)}, 5));
  BOOST_TEST(!spans_less_than_years({civil(2021, 1, 1), civil(2026, 1, 1)}, 5));
  BOOST_TEST(
    spans_less_than_years({civil(2020, 2, 29), civil(2025, 2, 28)}, 5));
}

BOOST_AUTO_TEST_SUITE_END()
