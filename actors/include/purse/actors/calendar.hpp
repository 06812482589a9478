// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Calendar arithmetic for reports: IANA time zones, local dates, and the
// UTC instants where local days, weeks and months begin. Built on cctz,
// which reads the system's tz database (Debian's tzdata).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <cctz/civil_time.h>
#include <cctz/time_zone.h>

namespace purse {

/// An IANA time zone by name ("Europe/Berlin", "UTC"); nullopt for names
/// the tz database does not have, and for anything that is not a plain zone
/// name (paths, "localtime", over 64 characters).
std::optional<cctz::time_zone> find_time_zone(std::string_view name);

/// A strict `YYYY-MM-DD` date that exists in the calendar, years
/// 1900..9999.
std::optional<cctz::civil_day> parse_civil_day(std::string_view text);

/// A strict `YYYY-MM`, years 1900..9999.
std::optional<cctz::civil_month> parse_civil_month(std::string_view text);

/// `YYYY-MM-DD`.
std::string format_civil_day(const cctz::civil_day& day);

/// `YYYY-MM`.
std::string format_civil_month(const cctz::civil_month& month);

/// The first instant (Unix seconds) whose local date in `zone` is `day`:
/// local midnight, or the end of the gap when midnight is skipped.
std::int64_t day_start(const cctz::civil_day& day, const cctz::time_zone& zone);

/// The local date in `zone` at Unix time `at`.
cctz::civil_day local_day(std::int64_t at, const cctz::time_zone& zone);

/// An inclusive range of local dates.
struct day_range {
  cctz::civil_day first;
  cctz::civil_day last;
};

/// How a report buckets its range.
enum class report_interval { day, week, month };

/// The range cut into calendar days, ISO weeks (Monday to Sunday) or
/// calendar months; the first and last bucket may be partial.
std::vector<day_range> split_range(const day_range& range,
                                   report_interval interval);

/// True if `range.last` comes before `range.first` plus `years` years.
bool spans_less_than_years(const day_range& range, int years);

} // namespace purse
