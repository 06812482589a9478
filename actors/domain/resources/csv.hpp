// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// CSV text as RFC 4180 writes it: records end with CRLF, and a field that
// holds a comma, a double quote, a CR or an LF is quoted, its quotes
// doubled. Pure functions, unit-tested.

#include <string>
#include <string_view>
#include <vector>

namespace purse::resources {

/// Appends one field to `out` (quoted when it must be).
void append_csv_field(std::string& out, std::string_view field);

/// Appends one record: the fields separated by commas, then CRLF.
void append_csv_record(std::string& out,
                       const std::vector<std::string_view>& fields);

} // namespace purse::resources
