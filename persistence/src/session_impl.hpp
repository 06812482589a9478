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

/// Schema version that stores idempotent outcomes by name.
constexpr unsigned long long outcome_names_version = 5;

/// Creates or replaces the functions and the trigger that keep
/// report_rollups equal to the sums of the transactions; with `rebuild`,
/// also recomputes every rollup row from the transactions. Runs inside the
/// caller's database transaction.
void install_report_sql(odb::database& db, bool rebuild);

/// Fills idempotency_keys.outcome from the v4 column `code` (an errc
/// ordinal). Runs between the pre and post steps of the v5 migration, while
/// both columns exist, inside the caller's database transaction.
void name_idempotent_outcomes(odb::database& db);

} // namespace persistence
} // namespace purse
