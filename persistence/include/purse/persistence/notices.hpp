// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// What PostgreSQL says outside a statement's result: notices and warnings
// of a statement, and the error that ends an idle session ("terminating
// connection due to administrator command" when the database stops).
// libpq prints them raw on stderr unless told otherwise; every connection
// the store opens hands them to one sink instead, which the domain points
// at its JSON log. Compiled as C++14 and as C++17.

#include <string>

namespace purse {
namespace persistence {

/// One message as PostgreSQL sent it.
struct database_notice {
  /// Not localized: DEBUG, LOG, INFO, NOTICE, WARNING, ERROR, FATAL, PANIC.
  std::string severity;
  /// The SQLSTATE code, e.g. 57P01 (admin_shutdown).
  std::string sqlstate;
  /// The primary message.
  std::string message;
};

/// Receives every notice of every connection the persistence island opens;
/// called on the thread that reads the connection.
using notice_sink = void (*)(const database_notice&);

/// Sets the sink for every notice from now on (nullptr: notices are
/// dropped, the default).
void set_notice_sink(notice_sink sink);

} // namespace persistence
} // namespace purse
