// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// PostgreSQL's notices as JSON log lines (private to actors/).

#include <optional>
#include <string_view>

#include "purse/actors/log.hpp"

namespace purse {

/// From now on, every notice of every database connection of this process
/// is one "database_notice" log line (severity, SQLSTATE, message) instead
/// of libpq's raw text on stderr. Idempotent; call it before the first
/// connection opens.
void log_database_notices();

/// The level a notice of `severity` (PostgreSQL's, not localized) is
/// logged at, if at all: ERROR and PANIC error; FATAL (a session ended by
/// the server, e.g. when the database stops: the service reconnects) and
/// WARNING warn. NOTICE and below are dropped, as ODB always dropped them:
/// Purse's own statements raise them only from idempotent DDL ("does not
/// exist, skipping", some forty per migration).
std::optional<log_level> notice_level(std::string_view severity);

} // namespace purse
