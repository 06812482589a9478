// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/calendar.hpp"

#include <chrono>
#include <cstdio>

namespace purse {

namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

/// Reads `count` digits at `pos`; -1 if any is not a digit.
int digits_at(std::string_view text, std::size_t pos, std::size_t count) {
  int value = 0;
  for (std::size_t i = pos; i < pos + count; ++i) {
    if (!is_digit(text[i]))
      return -1;
    value = value * 10 + (text[i] - '0');
  }
  return value;
}

/// A zone name as the tz database spells them: components of letters,
/// digits, '_', '-' and '+', separated by single slashes, none starting
/// with a dot (so no path can leave the database's directory).
bool plain_zone_name(std::string_view name) {
  if (name.empty() || name.size() > 64 || name.front() == '/'
      || name.back() == '/')
    return false;
  char previous = '/';
  for (char c : name) {
    bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || is_digit(c)
              || c == '_' || c == '-' || c == '+' || c == '/';
    if (!ok || (c == '/' && previous == '/'))
      return false;
    previous = c;
  }
  // cctz maps these to the machine's own zone rather than to a tz entry.
  return name != "localtime" && name != "posixrules";
}

std::int64_t seconds_of(const cctz::time_point<cctz::seconds>& tp) {
  return std::chrono::duration_cast<std::chrono::seconds>(tp.time_since_epoch())
    .count();
}

} // namespace

std::optional<cctz::time_zone> find_time_zone(std::string_view name) {
  if (!plain_zone_name(name))
    return std::nullopt;
  cctz::time_zone zone;
  if (!cctz::load_time_zone(std::string{name}, &zone))
    return std::nullopt;
  return zone;
}

std::optional<cctz::civil_day> parse_civil_day(std::string_view text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-')
    return std::nullopt;
  int y = digits_at(text, 0, 4);
  int m = digits_at(text, 5, 2);
  int d = digits_at(text, 8, 2);
  if (y < 1900 || m < 1 || m > 12 || d < 1 || d > 31)
    return std::nullopt;
  cctz::civil_day day(y, m, d);
  // cctz normalises 2026-02-30 to 2026-03-02: such a date does not exist.
  if (day.month() != m || day.day() != d)
    return std::nullopt;
  return day;
}

std::optional<cctz::civil_month> parse_civil_month(std::string_view text) {
  if (text.size() != 7 || text[4] != '-')
    return std::nullopt;
  int y = digits_at(text, 0, 4);
  int m = digits_at(text, 5, 2);
  if (y < 1900 || m < 1 || m > 12)
    return std::nullopt;
  return cctz::civil_month(y, m);
}

std::string format_civil_day(const cctz::civil_day& day) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", static_cast<int>(day.year()),
                day.month(), day.day());
  return buf;
}

std::string format_civil_month(const cctz::civil_month& month) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d-%02d", static_cast<int>(month.year()),
                month.month());
  return buf;
}

std::int64_t day_start(const cctz::civil_day& day,
                       const cctz::time_zone& zone) {
  auto found = zone.lookup(cctz::civil_second(day));
  // Midnight skipped by a transition: the day begins where the gap ends.
  if (found.kind == cctz::time_zone::civil_lookup::SKIPPED)
    return seconds_of(found.trans);
  // Midnight repeated: the day begins at its first occurrence.
  return seconds_of(found.pre);
}

cctz::civil_day local_day(std::int64_t at, const cctz::time_zone& zone) {
  cctz::time_point<cctz::seconds> tp{cctz::seconds{at}};
  return cctz::civil_day(cctz::convert(tp, zone));
}

std::vector<day_range> split_range(const day_range& range,
                                   report_interval interval) {
  std::vector<day_range> out;
  auto first = range.first;
  while (first <= range.last) {
    cctz::civil_day next = first + 1;
    if (interval == report_interval::week)
      next = cctz::next_weekday(first, cctz::weekday::monday);
    else if (interval == report_interval::month)
      next = cctz::civil_day(cctz::civil_month(first) + 1);
    auto last = next - 1 < range.last ? next - 1 : range.last;
    out.push_back({first, last});
    first = next;
  }
  return out;
}

bool spans_less_than_years(const day_range& range, int years) {
  auto limit = cctz::civil_day(range.first.year() + years, range.first.month(),
                               range.first.day());
  return range.last < limit;
}

} // namespace purse
