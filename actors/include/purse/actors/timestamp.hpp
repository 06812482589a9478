#pragma once

// Time is UTC inside: whole seconds since the Unix epoch.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace purse {

/// Parses an RFC 3339 date-time to epoch seconds (UTC; fraction truncated).
std::optional<std::int64_t> parse_rfc3339(std::string_view text);

/// Parses "YYYY-MM-DD" to the epoch second of 00:00:00Z that day.
std::optional<std::int64_t> parse_date(std::string_view text);

/// Accepts either form above.
std::optional<std::int64_t> parse_date_or_time(std::string_view text);

/// Formats epoch seconds as "YYYY-MM-DDTHH:MM:SSZ".
std::string format_utc(std::int64_t epoch_seconds);

/// Current time as epoch seconds.
std::int64_t now_seconds();

} // namespace purse
