#include "purse/actors/timestamp.hpp"

#include <chrono>
#include <cstdio>

namespace purse {

namespace {

// Days from 1970-01-01 to y-m-d in the proleptic Gregorian calendar
// (H. Hinnant's days_from_civil).
std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const auto yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

bool leap(std::int64_t y) {
  return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

unsigned days_in_month(std::int64_t y, unsigned m) {
  static constexpr unsigned days[] = {31, 28, 31, 30, 31, 30,
                                      31, 31, 30, 31, 30, 31};
  return m == 2 && leap(y) ? 29 : days[m - 1];
}

/// Reads exactly n digits at pos.
bool digits(std::string_view s, std::size_t pos, std::size_t n, int& out) {
  if (pos + n > s.size())
    return false;
  out = 0;
  for (std::size_t i = pos; i < pos + n; ++i) {
    if (s[i] < '0' || s[i] > '9')
      return false;
    out = out * 10 + (s[i] - '0');
  }
  return true;
}

std::optional<std::int64_t> date_part(std::string_view s) {
  int y = 0;
  int m = 0;
  int d = 0;
  if (s.size() < 10 || !digits(s, 0, 4, y) || s[4] != '-'
      || !digits(s, 5, 2, m) || s[7] != '-' || !digits(s, 8, 2, d))
    return std::nullopt;
  if (y < 1900 || m < 1 || m > 12 || d < 1
      || static_cast<unsigned>(d) > days_in_month(y, static_cast<unsigned>(m)))
    return std::nullopt;
  return days_from_civil(y, static_cast<unsigned>(m),
                         static_cast<unsigned>(d))
         * 86'400;
}

} // namespace

std::optional<std::int64_t> parse_date(std::string_view text) {
  if (text.size() != 10)
    return std::nullopt;
  return date_part(text);
}

std::optional<std::int64_t> parse_rfc3339(std::string_view s) {
  auto day = date_part(s);
  int hh = 0;
  int mm = 0;
  int ss = 0;
  if (!day || s.size() < 20 || (s[10] != 'T' && s[10] != 't')
      || !digits(s, 11, 2, hh) || s[13] != ':' || !digits(s, 14, 2, mm)
      || s[16] != ':' || !digits(s, 17, 2, ss) || hh > 23 || mm > 59
      || ss > 59)
    return std::nullopt;
  std::size_t pos = 19;
  if (s[pos] == '.') {
    ++pos;
    auto start = pos;
    while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9')
      ++pos;
    if (pos == start || pos - start > 9)
      return std::nullopt;
  }
  std::int64_t offset = 0;
  if (pos < s.size() && (s[pos] == 'Z' || s[pos] == 'z')) {
    ++pos;
  } else if (pos < s.size() && (s[pos] == '+' || s[pos] == '-')) {
    int oh = 0;
    int om = 0;
    if (!digits(s, pos + 1, 2, oh) || pos + 3 >= s.size() || s[pos + 3] != ':'
        || !digits(s, pos + 4, 2, om) || oh > 23 || om > 59)
      return std::nullopt;
    offset = (oh * 3600 + om * 60) * (s[pos] == '+' ? 1 : -1);
    pos += 6;
  } else {
    return std::nullopt;
  }
  if (pos != s.size())
    return std::nullopt;
  return *day + hh * 3600 + mm * 60 + ss - offset;
}

std::optional<std::int64_t> parse_date_or_time(std::string_view text) {
  if (text.size() == 10)
    return parse_date(text);
  return parse_rfc3339(text);
}

std::string format_utc(std::int64_t t) {
  auto days = t >= 0 ? t / 86'400 : (t - 86'399) / 86'400;
  auto secs = t - days * 86'400;
  // civil_from_days (H. Hinnant)
  auto z = days + 719468;
  const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const auto doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  std::int64_t y = static_cast<std::int64_t>(yoe) + era * 400;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  const unsigned d = doy - (153 * mp + 2) / 5 + 1;
  const unsigned m = mp < 10 ? mp + 3 : mp - 9;
  y += m <= 2;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04lld-%02u-%02uT%02lld:%02lld:%02lldZ",
                static_cast<long long>(y), m, d,
                static_cast<long long>(secs / 3600),
                static_cast<long long>(secs / 60 % 60),
                static_cast<long long>(secs % 60));
  return buf;
}

std::int64_t now_seconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(
           std::chrono::system_clock::now().time_since_epoch())
    .count();
}

} // namespace purse
