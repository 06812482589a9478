// SPDX-License-Identifier: GPL-2.0-or-later
// The SQL of the example resource: step 2 of docs/ARCHITECTURE.md's "Adding
// a resource", as persistence/src/<name>_sql.cpp would hold it (the generic
// row operations for its row). Compiled as C++14 with the odb compiler's
// output for example_row.hpp, in a library of the tests of its own
// (tests/CMakeLists.txt).

#include "generic_sql.hpp"
#include "support/example_row-odb.hxx"

namespace purse {
namespace persistence {

namespace sql {

template <>
struct table_of<test::note_row> {
  static constexpr const char* name = "example_notes";
};

} // namespace sql

PURSE_SQL_ROW_OPERATIONS(test::note_row);
PURSE_SQL_SCOPE_LIST(test::note_row);

} // namespace persistence
} // namespace purse
