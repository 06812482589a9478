// SPDX-License-Identifier: GPL-2.0-or-later
#include "database_notices.hpp"

#include "purse/persistence/notices.hpp"

namespace purse {

namespace {

void log_notice(const persistence::database_notice& n) {
  auto level = notice_level(n.severity);
  if (!level)
    return;
  log_event(*level, "database_notice",
            {{"severity", n.severity},
             {"sqlstate", n.sqlstate},
             {"message", n.message}});
}

} // namespace

std::optional<log_level> notice_level(std::string_view severity) {
  if (severity == "ERROR" || severity == "PANIC")
    return log_level::error;
  if (severity == "FATAL" || severity == "WARNING")
    return log_level::warn;
  if (severity == "NOTICE" || severity == "INFO" || severity == "LOG"
      || severity.rfind("DEBUG", 0) == 0)
    return std::nullopt;
  // Unknown (a newer server's, or libpq's own without a severity): kept.
  return log_level::warn;
}

void log_database_notices() {
  persistence::set_notice_sink(&log_notice);
}

} // namespace purse
