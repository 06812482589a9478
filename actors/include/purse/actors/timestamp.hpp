// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Time is UTC inside: whole seconds since the Unix epoch. Clients send
// RFC 3339 with any offset; the service answers in UTC with a 'Z'.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace purse {

/// Parses an RFC 3339 date-time ("2026-01-31T12:00:00Z",
/// "2026-01-31T12:00:00.123+02:00", lower-case 't'/'z' allowed) to whole
/// seconds since the Unix epoch, UTC (fraction truncated). Rejects
/// impossible dates and times (Feb 30, month 13, hour 24, minute 60, and
/// leap second 60, which the epoch count cannot express), a missing offset,
/// and years before 1900 or after 9999.
std::optional<std::int64_t> parse_rfc3339(std::string_view text);

/// Parses "YYYY-MM-DD" (calendar-checked, years 1900 to 9999) to the epoch
/// second of 00:00:00Z that day.
std::optional<std::int64_t> parse_date(std::string_view text);

/// Accepts either form above (used by list filters `from`/`to`).
std::optional<std::int64_t> parse_date_or_time(std::string_view text);

/// Formats epoch seconds as "YYYY-MM-DDTHH:MM:SSZ" (UTC). Valid RFC 3339
/// for the years 0000 to 9999; other years print with more digits or a
/// sign.
std::string format_utc(std::int64_t epoch_seconds);

/// Current time as epoch seconds (system clock).
std::int64_t now_seconds();

} // namespace purse
