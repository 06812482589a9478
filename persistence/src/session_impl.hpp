#pragma once

// Internals of the persistence island shared by its source files.

#include <odb/pgsql/database.hxx>

#include "purse/persistence/store.hpp"

namespace purse {
namespace persistence {

/// What a session runs on: the database of the current transaction.
struct session::impl {
  odb::pgsql::database& db;
};

/// Schema version that introduced report_rollups.
constexpr unsigned long long report_rollups_version = 4;

/// Creates or replaces the functions and the trigger that keep
/// report_rollups equal to the sums of the transactions; with `rebuild`,
/// also recomputes every rollup row from the transactions. Runs inside the
/// caller's database transaction.
void install_report_sql(odb::database& db, bool rebuild);

} // namespace persistence
} // namespace purse
