// SPDX-License-Identifier: GPL-2.0-or-later
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

// Schema version 6 changes no table: it is the version whose databases
// have the auth notifications, the request path's write functions and the
// statement-level rollup triggers (installed by store::migrate), so a
// server that relies on them refuses a database without them.

/// Fills idempotency_keys.outcome from the v4 column `code` (an errc
/// ordinal). Runs between the pre and post steps of the v5 migration, while
/// both columns exist, inside the caller's database transaction.
void name_idempotent_outcomes(odb::database& db);

/// Schema version that records who created and changed the rows of a scope.
constexpr unsigned long long authors_version = 11;

/// Fills created_by and updated_by where the writer is known: every row of
/// a personal scope (its user is its only writer) and every file (its
/// uploader). Rows of teams written before v11 keep them empty. Runs in the
/// v11 migration's transaction.
void fill_known_authors(odb::database& db);

} // namespace persistence
} // namespace purse
