#pragma once

// Structured logs: one JSON object per line on stderr. Never pass secrets.

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

/// Writes one line {"ts":...,"level":...,"event":...,fields...} to stderr.
void log_event(log_level level, std::string_view event,
               std::initializer_list<log_field> fields = {});

} // namespace purse
