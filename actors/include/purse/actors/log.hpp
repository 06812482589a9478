// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Structured logs: one JSON object per line on stderr. Never pass secrets.

#include <chrono>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

namespace purse {

/// Severity of a log line.
enum class log_level { debug, info, warn, error };

/// A field of a log line; numbers may be passed as their text with `raw`.
struct log_field {
  std::string_view key;
  std::string value;
  bool raw = false;
};

/// Writes one line {"ts":...,"level":...,"event":...,fields...} to stderr;
/// "ts" is UTC with milliseconds (log_time).
void log_event(log_level level, std::string_view event,
               std::initializer_list<log_field> fields = {});

/// As log_event, but at most one line per `event` every
/// `repeat_log_interval`: the lines left out meanwhile are counted in the
/// next one's "suppressed" field. For events that a failure outside the
/// server repeats with every request (the database down).
void log_event_rarely(log_level level, std::string_view event,
                      std::initializer_list<log_field> fields = {});

/// `text` as valid UTF-8: valid sequences as they are, every other byte as
/// the four characters \xNN. Log fields pass through it, so a line is valid
/// JSON whatever a request held.
std::string loggable(std::string_view text);

/// A log line's time: UTC, RFC 3339 with milliseconds, e.g.
/// "2026-11-25T04:05:06.789Z".
std::string log_time(std::chrono::system_clock::time_point t);

/// How often log_event_rarely writes one event at most.
constexpr int repeat_log_interval_seconds = 10;

} // namespace purse
