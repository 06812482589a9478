// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/timestamp.hpp"

#include <chrono>
#include <cstdio>

namespace purse {

namespace {

constexpr std::int64_t seconds_per_day = 86'400;

// Days from 1970-01-01 to y-m-d in the proleptic Gregorian calendar, after
// H. Hinnant's days_from_civil: exact for any year, no table, no timezone
// database and no std::mktime (which would read the local zone).
std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const auto yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146'097 + static_cast<std::int64_t>(doe) - 719'468;
}

bool is_leap(int y) {
  return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

int days_in_month(int y, int m) {
  static constexpr int days[] = {31, 28, 31, 30, 31, 30,
                                 31, 31, 30, 31, 30, 31};
  return m == 2 && is_leap(y) ? 29 : days[m - 1];
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

/// Reads exactly `n` digits at `pos` into `out`.
bool read_digits(std::string_view s, std::size_t pos, std::size_t n, int& out) {
  if (pos > s.size() || s.size() - pos < n)
    return false;
  out = 0;
  for (std::size_t i = pos; i < pos + n; ++i) {
    if (!is_digit(s[i]))
      return false;
    out = out * 10 + (s[i] - '0');
  }
  return true;
}

/// The epoch second of midnight UTC for the "YYYY-MM-DD" that `s` starts
/// with.
std::optional<std::int64_t> date_prefix(std::string_view s) {
  int y = 0;
  int m = 0;
  int d = 0;
  if (!read_digits(s, 0, 4, y) || s.size() < 10 || s[4] != '-'
      || !read_digits(s, 5, 2, m) || s[7] != '-' || !read_digits(s, 8, 2, d))
    return std::nullopt;
  // Four digits already cap the year at 9999.
  if (y < 1900 || m < 1 || m > 12 || d < 1 || d > days_in_month(y, m))
    return std::nullopt;
  return days_from_civil(y, static_cast<unsigned>(m), static_cast<unsigned>(d))
         * seconds_per_day;
}

} // namespace

std::optional<std::int64_t> parse_date(std::string_view text) {
  if (text.size() != 10)
    return std::nullopt;
  return date_prefix(text);
}

std::optional<std::int64_t> parse_rfc3339(std::string_view s) {
  // date-time = full-date "T" partial-time time-offset
  auto day = date_prefix(s);
  if (!day || s.size() < 20 || (s[10] != 'T' && s[10] != 't'))
    return std::nullopt;
  int hh = 0;
  int mm = 0;
  int ss = 0;
  if (!read_digits(s, 11, 2, hh) || s[13] != ':' || !read_digits(s, 14, 2, mm)
      || s[16] != ':' || !read_digits(s, 17, 2, ss) || hh > 23 || mm > 59
      || ss > 59)
    return std::nullopt;
  std::size_t pos = 19;
  // time-secfrac: RFC 3339 sets no limit on its length; it is dropped.
  if (s[pos] == '.') {
    auto start = ++pos;
    while (pos < s.size() && is_digit(s[pos]))
      ++pos;
    if (pos == start)
      return std::nullopt;
  }
  if (pos == s.size())
    return std::nullopt;
  std::int64_t offset = 0;
  if (s[pos] == 'Z' || s[pos] == 'z') {
    ++pos;
  } else if (s[pos] == '+' || s[pos] == '-') {
    int oh = 0;
    int om = 0;
    if (!read_digits(s, pos + 1, 2, oh) || pos + 3 >= s.size()
        || s[pos + 3] != ':' || !read_digits(s, pos + 4, 2, om) || oh > 23
        || om > 59)
      return std::nullopt;
    offset = (oh * 3600 + om * 60) * (s[pos] == '+' ? 1 : -1);
    pos += 6;
  } else {
    return std::nullopt;
  }
  if (pos != s.size())
    return std::nullopt;
  // A local time minus its offset is UTC: 14:00+02:00 is 12:00Z.
  return *day + hh * 3600 + mm * 60 + ss - offset;
}

std::optional<std::int64_t> parse_date_or_time(std::string_view text) {
  if (text.size() == 10)
    return parse_date(text);
  return parse_rfc3339(text);
}

std::string format_utc(std::int64_t t) {
  // Floor division without computing t - 86399, which overflows near
  // INT64_MIN.
  auto days = t / seconds_per_day;
  auto secs = t % seconds_per_day;
  if (secs < 0) {
    secs += seconds_per_day;
    --days;
  }
  // civil_from_days (H. Hinnant), the inverse of days_from_civil.
  const auto z = days + 719'468;
  const std::int64_t era = (z >= 0 ? z : z - 146'096) / 146'097;
  const auto doe = static_cast<unsigned>(z - era * 146'097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36'524 - doe / 146'096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  const unsigned d = doy - (153 * mp + 2) / 5 + 1;
  const unsigned m = mp < 10 ? mp + 3 : mp - 9;
  const std::int64_t y = static_cast<std::int64_t>(yoe) + era * 400 + (m <= 2);
  char buf[48];
  std::snprintf(buf, sizeof buf, "%04lld-%02u-%02uT%02d:%02d:%02dZ",
                static_cast<long long>(y), m, d, static_cast<int>(secs / 3600),
                static_cast<int>(secs / 60 % 60), static_cast<int>(secs % 60));
  return buf;
}

std::int64_t now_seconds() {
  using std::chrono::duration_cast;
  using std::chrono::seconds;
  using std::chrono::system_clock;
  return duration_cast<seconds>(system_clock::now().time_since_epoch()).count();
}

} // namespace purse
