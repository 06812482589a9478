// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The only door to the database. Compiled as C++14 (ODB 2.4 cannot be built
// as C++17), so this header uses nothing newer than C++14 and no ODB type.
// All calls are blocking: run them on a persistence worker, never on an
// actor scheduler thread or an HTTP io thread.
//
// Includes every public header of the store (errors, filters, report
// queries, rows, session), so callers need only this one.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "purse/persistence/errors.hpp"
#include "purse/persistence/report_query.hpp"
#include "purse/persistence/rows.hpp"
#include "purse/persistence/session.hpp"
#include "purse/persistence/transaction_filter.hpp"

namespace purse {
namespace persistence {

/// How to reach PostgreSQL.
struct store_options {
  /// libpq conninfo string or postgresql:// URI.
  std::string conninfo;
  /// Connections kept open; size it to the number of persistence workers.
  std::size_t pool_size = 4;
};

/// A pool of connections and the schema catalogue.
class store {
public:
  explicit store(const store_options& opts);
  ~store();
  store(const store&) = delete;
  store& operator=(const store&) = delete;

  /// Schema version this build expects (the newest it can migrate to).
  std::int64_t expected_schema_version();

  /// Version found in the database (0: empty database).
  std::int64_t schema_version();

  /// Creates or upgrades the schema; returns the resulting version.
  /// Throws schema_mismatch for a database newer than this build. Holds an
  /// advisory lock (on a connection of its own) while it runs: a second
  /// migration at once, here or in another process, waits for it and then
  /// finds the schema as the first left it.
  std::int64_t migrate();

  /// Throws schema_mismatch unless the database is at the expected version.
  /// While a migration runs it waits for it (calling `on_wait` first), so
  /// the version it checks is the one the migration leaves.
  void require_current_schema(const std::function<void()>& on_wait = {});

  /// Runs `fn` in a read-only transaction (SET TRANSACTION READ ONLY):
  /// any write in it throws persistence_error. Commits if `fn` returns,
  /// rolls back if it throws. Called inside another read or write on the
  /// same thread, it joins that transaction as a savepoint (so a read
  /// nested in a write may write): a throw rolls back only the inner part,
  /// so the outer one can still commit.
  void read(const std::function<void(session&)>& fn);

  /// As read(), but the transaction may write.
  void write(const std::function<void(session&)>& fn);

  /// Runs `fn` on a pooled connection without a database transaction: no
  /// BEGIN, no COMMIT, each statement runs on its own in PostgreSQL's
  /// autocommit mode (and nothing stops it from writing). That saves the
  /// two or three round trips of read() for work that is one statement, or
  /// statements whose consistency with one another does not matter; use
  /// read() for anything else. Called inside a read or write on the same
  /// thread, it joins that transaction. Results are fetched whole by each
  /// statement, so nothing of them outlives `fn`.
  void query(const std::function<void(session&)>& fn);

private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

/// Lower-cases ASCII letters (names compare case-insensitively this way).
std::string fold_case(const std::string& text);

} // namespace persistence
} // namespace purse
