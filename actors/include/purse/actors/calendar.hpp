// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Calendar arithmetic for reports: IANA time zones, local dates, and the
// UTC instants where local days, weeks and months begin. Built on the date
// library (date/date.h for dates; libdate-tz for zones, which reads the
// system's tz database, Debian's tzdata).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <date/date.h>

namespace purse {

/// A date on the calendar, in no particular zone.
using civil_day = date::local_days;

/// A month on the calendar.
using civil_month = date::year_month;

/// What calendar.cpp knows of a zone (its tz database entry).
struct zone_rules;

/// An IANA time zone as find_time_zone found it; the default is UTC. A
/// handle: cheap to copy, valid for the life of the process.
class time_zone {
public:
  time_zone() = default;

  explicit time_zone(const zone_rules* rules) : rules_(rules) {
    // nop
  }

  /// Null for UTC.
  const zone_rules* rules() const {
    return rules_;
  }

private:
  const zone_rules* rules_ = nullptr;
};

/// An IANA time zone by name ("Europe/Berlin", "UTC"); nullopt for names
/// the tz database does not have, and for anything that is not a plain zone
/// name (paths, "localtime", over 64 characters).
std::optional<time_zone> find_time_zone(std::string_view name);

/// A strict `YYYY-MM-DD` date that exists in the calendar, years
/// 1900..9999.
std::optional<civil_day> parse_civil_day(std::string_view text);

/// A strict `YYYY-MM`, years 1900..9999.
std::optional<civil_month> parse_civil_month(std::string_view text);

/// `YYYY-MM-DD`.
std::string format_civil_day(const civil_day& day);

/// `YYYY-MM`.
std::string format_civil_month(const civil_month& month);

/// The month `day` lies in.
civil_month month_of(const civil_day& day);

/// The first and the last day of `month`.
civil_day first_day(const civil_month& month);
civil_day last_day(const civil_month& month);

/// The first instant (Unix seconds) whose local date in `zone` is `day`:
/// local midnight, or the end of the gap when midnight is skipped.
std::int64_t day_start(const civil_day& day, const time_zone& zone);

/// The local date in `zone` at Unix time `at`.
civil_day local_day(std::int64_t at, const time_zone& zone);

/// An inclusive range of local dates.
struct day_range {
  civil_day first;
  civil_day last;
};

/// How a report buckets its range.
enum class report_interval { day, week, month };

/// The range cut into calendar days, ISO weeks (Monday to Sunday) or
/// calendar months; the first and last bucket may be partial.
std::vector<day_range> split_range(const day_range& range,
                                   report_interval interval);

/// True if `range.last` comes before `range.first` plus `years` years (from
/// Feb 29 into a common year: before Mar 1).
bool spans_less_than_years(const day_range& range, int years);

} // namespace purse
