// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The row of the example resource (example_resource.cpp): step 1 of
// docs/ARCHITECTURE.md's "Adding a resource", compiled into the tests only.
// A real resource puts the struct into persistence/include/purse/persistence/
// rows.hpp and its pragmas into odb/purse.hxx under a new model version;
// this one keeps both here, and the odb compiler maps it on its own
// (tests/CMakeLists.txt, without a schema: a test's database is migrated by
// the servers' build, which knows nothing of it). Its table is made by
// example_notes_table instead of a migration. C++14, as every ODB header.

#include <cstdint>
#include <string>

namespace purse {
namespace test {

/// A note of a scope.
struct note_row {
  std::string id;
  std::string scope_id;
  std::string name;
  std::int64_t created_at = 0;
  std::int64_t updated_at = 0;
};

/// What a migration would create for note_row (run by the example's test
/// set-up; it can run again).
constexpr const char* example_notes_table
  = "CREATE TABLE IF NOT EXISTS example_notes ("
    "  id TEXT NOT NULL PRIMARY KEY,"
    "  scope_id TEXT NOT NULL,"
    "  name TEXT NOT NULL,"
    "  created_at BIGINT NOT NULL,"
    "  updated_at BIGINT NOT NULL);"
    "CREATE INDEX IF NOT EXISTS example_notes_scope_name_i"
    "  ON example_notes (scope_id, name)";

} // namespace test
} // namespace purse

#ifdef ODB_COMPILER
#  pragma db object(purse::test::note_row) table("example_notes")
#  pragma db member(purse::test::note_row::id) id
#  pragma db value(std::string) type("TEXT")
#endif
