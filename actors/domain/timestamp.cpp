// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/timestamp.hpp"

#include <chrono>
#include <cstdio>

#include <date/date.h>

namespace purse {

namespace {

using std::chrono::hours;
using std::chrono::minutes;
using std::chrono::seconds;

/// Whether `text` starts with `shape`, where '9' stands for any digit and
/// 'T' for 'T' or 't'. The shape keeps RFC 3339's fixed widths (no signs,
/// spaces or short fields).
bool has_shape(std::string_view text, std::string_view shape) {
  if (text.size() < shape.size())
    return false;
  for (std::size_t i = 0; i < shape.size(); ++i) {
    char c = text[i];
    bool ok = shape[i] == '9'   ? c >= '0' && c <= '9'
              : shape[i] == 'T' ? c == 'T' || c == 't'
                                : c == shape[i];
    if (!ok)
      return false;
  }
  return true;
}

/// The number written by the `n` digits of `text` at `at` (the shape
/// checked that they are digits).
int digits(std::string_view text, std::size_t at, std::size_t n) {
  int out = 0;
  for (auto c : text.substr(at, n))
    out = out * 10 + (c - '0');
  return out;
}

/// A calendar date of "YYYY-MM-DD" in the years 1900 to 9999; the shape
/// caps the year at 9999, the date library refuses a day the month lacks.
std::optional<date::sys_days> full_date(std::string_view text) {
  if (text.size() != 10 || !has_shape(text, "9999-99-99"))
    return std::nullopt;
  date::year_month_day ymd{
    date::year{digits(text, 0, 4)},
    date::month{static_cast<unsigned>(digits(text, 5, 2))},
    date::day{static_cast<unsigned>(digits(text, 8, 2))}};
  if (!ymd.ok() || ymd.year() < date::year{1900})
    return std::nullopt;
  return date::sys_days{ymd};
}

/// A time of day "HH:MM:SS" or "HH:MM" (the whole of `text`): hours 0 to
/// 23, minutes and seconds 0 to 59 (no leap second 60).
std::optional<seconds> time_of_day(std::string_view text) {
  bool with_seconds = text.size() == 8;
  if (!(with_seconds ? has_shape(text, "99:99:99")
                     : text.size() == 5 && has_shape(text, "99:99")))
    return std::nullopt;
  auto h = digits(text, 0, 2);
  auto m = digits(text, 3, 2);
  auto sec = with_seconds ? digits(text, 6, 2) : 0;
  if (h > 23 || m > 59 || sec > 59)
    return std::nullopt;
  return hours{h} + minutes{m} + seconds{sec};
}

std::int64_t seconds_of(date::sys_seconds t) {
  return t.time_since_epoch().count();
}

} // namespace

std::optional<std::int64_t> parse_date(std::string_view text) {
  auto day = full_date(text);
  if (!day)
    return std::nullopt;
  return seconds_of(*day);
}

std::optional<std::int64_t> parse_rfc3339(std::string_view s) {
  // date-time = full-date "T" partial-time time-offset
  if (!has_shape(s, "9999-99-99T99:99:99"))
    return std::nullopt;
  auto day = full_date(s.substr(0, 10));
  auto time = time_of_day(s.substr(11, 8));
  if (!day || !time)
    return std::nullopt;
  auto rest = s.substr(19);
  // time-secfrac: RFC 3339 sets no limit on its length; it is dropped.
  if (!rest.empty() && rest.front() == '.') {
    auto digits = rest.find_first_not_of("0123456789", 1);
    if (digits == 1)
      return std::nullopt;
    rest.remove_prefix(digits == std::string_view::npos ? rest.size() : digits);
  }
  // time-offset = "Z" / ("+" / "-") time-hour ":" time-minute
  auto offset = seconds{0};
  if (rest == "Z" || rest == "z") {
    // UTC
  } else if (rest.size() == 6 && (rest[0] == '+' || rest[0] == '-')
             && has_shape(rest.substr(1), "99:99")) {
    auto shift = time_of_day(rest.substr(1));
    if (!shift)
      return std::nullopt;
    offset = rest[0] == '+' ? *shift : -*shift;
  } else {
    return std::nullopt;
  }
  // A local time minus its offset is UTC: 14:00+02:00 is 12:00Z.
  return seconds_of(*day + *time - offset);
}

std::optional<std::int64_t> parse_date_or_time(std::string_view text) {
  if (text.size() == 10)
    return parse_date(text);
  return parse_rfc3339(text);
}

std::string format_utc(std::int64_t t) {
  // The Gregorian calendar repeats every 400 years (146'097 days): t is
  // moved into 1970..2369 by whole cycles, which go back onto the year, so
  // that date's types (years up to 32767) serve every int64.
  constexpr std::int64_t cycle = 146'097LL * 86'400;
  auto cycles = t / cycle;
  auto rest = t % cycle;
  if (rest < 0) {
    rest += cycle;
    --cycles;
  }
  date::sys_seconds tp{seconds{rest}};
  auto day = date::floor<date::days>(tp);
  date::year_month_day ymd{day};
  date::hh_mm_ss<seconds> time{tp - day};
  auto year = static_cast<long long>(int{ymd.year()}) + 400LL * cycles;
  auto hours = static_cast<unsigned>(time.hours().count());
  auto minutes = static_cast<unsigned>(time.minutes().count());
  auto secs = static_cast<unsigned>(time.seconds().count());
  if (year < 0 || year > 9999) {
    // Outside four digits: rare enough for printf.
    char buf[48];
    std::snprintf(buf, sizeof buf, "%04lld-%02u-%02uT%02u:%02u:%02uZ", year,
                  unsigned{ymd.month()}, unsigned{ymd.day()}, hours, minutes,
                  secs);
    return buf;
  }
  // Every list writes several per row: digits by hand, no printf.
  char buf[] = "0000-00-00T00:00:00Z";
  auto two = [&buf](std::size_t at, unsigned v) {
    buf[at] = static_cast<char>('0' + v / 10);
    buf[at + 1] = static_cast<char>('0' + v % 10);
  };
  auto y = static_cast<unsigned>(year);
  two(0, y / 100);
  two(2, y % 100);
  two(5, unsigned{ymd.month()});
  two(8, unsigned{ymd.day()});
  two(11, hours);
  two(14, minutes);
  two(17, secs);
  return std::string(buf, sizeof buf - 1);
}

std::int64_t now_seconds() {
  using std::chrono::duration_cast;
  using std::chrono::system_clock;
  return duration_cast<seconds>(system_clock::now().time_since_epoch()).count();
}

} // namespace purse
