// SPDX-License-Identifier: GPL-2.0-or-later
// The store: the connection pool, transactions (read-only reads, writes,
// savepoints for nested ones) and schema migrations. The queries of each
// aggregate live in its own <aggregate>_sql.cpp, the functions and triggers
// in persistence/sql/<aggregate>.sql. Compiled as C++14.

#include "purse/persistence/store.hpp"

#include <algorithm>
#include <chrono>
#include <string>
#include <thread>

#include <odb/exceptions.hxx>
#include <odb/pgsql/connection-factory.hxx>
#include <odb/pgsql/connection.hxx>
#include <odb/pgsql/database.hxx>
#include <odb/pgsql/exceptions.hxx>
#include <odb/pgsql/transaction-impl.hxx>
#include <odb/schema-catalog.hxx>
#include <odb/transaction.hxx>

#include "advisory_lock.hpp"
#include "notices.hpp"
#include "schema_sql/changes.hpp"
#include "schema_sql/cluster.hpp"
#include "schema_sql/link_ids.hpp"
#include "schema_sql/people.hpp"
#include "schema_sql/report.hpp"
#include "schema_sql/transactions.hpp"
#include "schema_sql/webhooks.hpp"
#include "session_impl.hpp"
#include "sql_support.hpp"

namespace purse {
namespace persistence {

using sql::guarded;

namespace {

constexpr const char* schema_name = "purse";

/// The advisory lock a migration holds exclusively and a schema check
/// shared: two migrations at once would both find the schema missing (or
/// old) and run the same DDL (the second failed on a duplicate catalog
/// row); a check would see a version the running migration is about to
/// change.
constexpr const char* migration_lock = "purse.migrate";

/// Drops the version ODB keeps in memory once it has read one, so the next
/// schema_version() reads the database (another process may have migrated).
void forget_schema_version(odb::pgsql::database& db) {
  db.schema_version_migration(odb::schema_version_migration(0, false),
                              schema_name);
}

/// Runs `fn` in a new transaction on `db`, or in a savepoint of the
/// current one; a new read-only transaction refuses every write.
void run_transaction(odb::pgsql::database& db, bool read_only,
                     const std::function<void(session&)>& fn) {
  session::impl si{db};
  session s(si);
  if (odb::transaction::has_current()) {
    // Nested: a savepoint, so a failed inner part (e.g. a unique
    // violation the caller handles) leaves the outer transaction usable.
    thread_local int depth = 0;
    auto name = "purse_nested_" + std::to_string(++depth);
    db.execute("SAVEPOINT " + name);
    try {
      fn(s);
      db.execute("RELEASE SAVEPOINT " + name);
    } catch (...) {
      --depth;
      db.execute("ROLLBACK TO SAVEPOINT " + name);
      // A failed one-off query stays prepared under its type's name (see
      // below), and the outer transaction may run that query again:
      // deallocate the one-off statements now that the transaction works
      // again. (Cached statements have other names and stay.)
      db.execute(sql::deallocate_one_off_statements);
      throw;
    }
    --depth;
    return;
  }
  odb::transaction t(db.begin());
  try {
    // Must be the transaction's first statement.
    if (read_only)
      db.execute("SET TRANSACTION READ ONLY");
    fn(s);
  } catch (...) {
    // A statement that failed may stay prepared on the server under the
    // name ODB gives every query of its type (its DEALLOCATE cannot run in
    // the aborted transaction), and the next such query on this
    // connection would fail. The pool replaces a failed connection.
    static_cast<odb::pgsql::connection&>(t.connection()).mark_failed();
    throw;
  }
  t.commit();
}

/// Creates or replaces everything of the schema that ODB has no notion of
/// (functions, triggers, storage settings: persistence/sql/*.sql, compiled
/// in), inside the caller's transaction; with `rebuild`, also recomputes
/// every rollup row from the transactions.
void install_sql(odb::database& db, bool rebuild) {
  db.execute(schema_sql::transactions);
  // Before changes.sql: link_ids.sql's backfill turns the changes feed's
  // transactions trigger off and on, and changes.sql recreates it anyway.
  db.execute(schema_sql::link_ids);
  db.execute(schema_sql::people);
  db.execute(schema_sql::cluster);
  db.execute(schema_sql::report);
  db.execute(schema_sql::webhooks);
  db.execute(schema_sql::changes);
  if (rebuild)
    db.execute("SELECT report_rollups_rebuild()");
}

/// How often a migration step is tried when it cannot lock the tables in
/// time, or PostgreSQL picks it as a deadlock's victim.
constexpr int migration_step_tries = 20;

/// How long a migration step waits for each table's lock before it lets go
/// of all and tries again; under PostgreSQL's deadlock_timeout (1 s by
/// default), so a step that waits on a writer which waits on the step gives
/// way before the writer's deadlock check can fail the writer.
constexpr const char* migration_lock_timeout = "500ms";

/// Locks every table of the schema at once, at the start of a step (none
/// on an empty database): after that the step waits for no lock while it
/// holds some, and while locking it waits at most migration_lock_timeout
/// for each table. A step re-installs triggers (install_sql) and alters
/// tables, and each of those locks its table exclusively; taken one after
/// the other, while running servers lock the same tables in their own
/// orders (a create: its account, then transactions; a key's last use:
/// api_keys after its scope's tables), a writer holding one table and
/// waiting for another the step held would meet it in a deadlock, which
/// PostgreSQL settled by failing whichever waited first, often the writer
/// (a batch of creates answered 503 during `purse-admin migrate`). Writes
/// and reads wait from here to the commit: a migration that changes
/// nothing took 0.2–0.4 s beside creates (bench/migrate_stall.sh).
void lock_schema(odb::database& db) {
  db.execute(std::string{"SET LOCAL lock_timeout = '"} + migration_lock_timeout
             + "'");
  db.execute(R"SQL(
DO $$
DECLARE
  tables text;
BEGIN
  SELECT string_agg(format('%I.%I', schemaname, tablename), ', '
                    ORDER BY tablename)
    INTO tables FROM pg_tables WHERE schemaname = current_schema();
  IF tables IS NOT NULL THEN
    EXECUTE 'LOCK TABLE ' || tables || ' IN ACCESS EXCLUSIVE MODE';
  END IF;
END $$)SQL");
  db.execute("SET LOCAL lock_timeout TO DEFAULT");
}

/// Whether a step failed only for a lock it could not take in time.
bool lock_not_available(const odb::pgsql::database_exception& e) {
  return e.sqlstate() == "55P03";
}

/// Runs `step` in a transaction of its own, holding every table
/// (lock_schema), again when it could not lock them in time or PostgreSQL
/// picked it as a deadlock's victim (it is rolled back whole, so it can
/// run again). The writers go on; the step waits a little and runs again.
template <class F>
void migration_step(odb::database& db, F&& step) {
  for (int attempt = 1;; ++attempt) {
    auto pause = std::chrono::milliseconds(100 * std::min(attempt, 10));
    try {
      odb::transaction t(db.begin());
      lock_schema(db);
      step();
      t.commit();
      return;
    } catch (const odb::deadlock&) {
      if (attempt == migration_step_tries)
        throw;
    } catch (const odb::pgsql::database_exception& e) {
      if (!lock_not_available(e))
        throw;
      if (attempt == migration_step_tries)
        throw persistence_error(
          "the migration could not lock every table in "
          + std::to_string(migration_step_tries)
          + " tries: other sessions hold them for long (a long report or "
            "export page, another tool's open transaction); nothing was "
            "changed, run it again");
    }
    std::this_thread::sleep_for(pause);
  }
}

/// A "transaction" that sends nothing: ODB's generated code needs a
/// current transaction to find its connection, and this one lends it a
/// pooled connection in autocommit mode. ODB's pgsql runtime fetches each
/// result whole, so statements need no transaction to hold a cursor.
class autocommit_impl : public odb::pgsql::transaction_impl {
public:
  explicit autocommit_impl(odb::pgsql::connection_ptr conn)
    : odb::pgsql::transaction_impl(std::move(conn)) {
    // nop
  }

  void start() override {
    // nop: no BEGIN
  }

  void commit() override {
    end();
  }

  void rollback() override {
    end();
  }

private:
  /// What ODB's own commit and rollback do besides the SQL: results still
  /// open become unusable before the connection goes back to the pool.
  void end() {
    struct access : odb::connection {
      using odb::connection::invalidate_results;
    };
    (connection().*(&access::invalidate_results))();
  }
};

/// Runs `fn` in autocommit mode on a pooled connection, or in the current
/// transaction.
void run_autocommit(odb::pgsql::database& db,
                    const std::function<void(session&)>& fn) {
  session::impl si{db};
  session s(si);
  if (odb::transaction::has_current()) {
    fn(s);
    return;
  }
  auto conn = db.connection();
  odb::transaction t(new autocommit_impl(conn));
  try {
    fn(s);
  } catch (...) {
    t.rollback();
    // A failed one-off query stays prepared under its type's name (see
    // run_transaction) and the next such query on this connection would
    // fail. Outside a transaction the DEALLOCATE can run; if even that
    // fails (a lost connection), the pool replaces the connection.
    try {
      conn->execute(sql::deallocate_one_off_statements);
    } catch (...) {
      conn->mark_failed();
    }
    throw;
  }
  t.commit();
}

/// The pool, with the settings every Purse connection runs under, sent
/// once when a connection opens. Purse's statements are short indexed
/// reads and small writes: parallel workers cost more to start than such a
/// query takes and steal the cores concurrent requests need, and JIT
/// compilation (which the planner's estimate for a report over a year of
/// buckets can trigger) costs more than the whole query. A transaction
/// left open for 5 s (its process stopped, or cut off from the database)
/// is ended by PostgreSQL: Purse's transactions send their statements
/// back to back, and an open one holds its rows' locks and, in a cluster,
/// the membership fence.
///
/// A pooled connection is checked before it is handed out: once the
/// database restarts, every idle connection is a closed session, and each
/// would fail its next request (a 503 per connection, long after the
/// database is back). One that was closed is dropped there and another
/// taken or opened; its last words (the server's FATAL) go to the notice
/// sink, as every connection's notices do.
class purse_pool : public odb::pgsql::connection_pool_factory {
public:
  using odb::pgsql::connection_pool_factory::connection_pool_factory;

  odb::pgsql::connection_ptr connect() override {
    // Bounded: more closed ones than the pool holds means new connections
    // close at once, and the statement will say why.
    for (std::size_t tries = 0;; ++tries) {
      auto conn = odb::pgsql::connection_pool_factory::connect();
      if (tries > max_ || detail::still_open(conn->handle()))
        return conn;
      // Released as failed: the pool closes it instead of keeping it.
      conn->mark_failed();
    }
  }

protected:
  pooled_connection_ptr create() override {
    auto conn = odb::pgsql::connection_pool_factory::create();
    detail::route_notices(conn->handle());
    conn->execute("SET jit = off; SET max_parallel_workers_per_gather = 0;"
                  " SET idle_in_transaction_session_timeout = 5000");
    return conn;
  }
};

} // namespace

// -- store --------------------------------------------------------------------

struct store::impl {
  std::unique_ptr<odb::pgsql::database> db;
  std::string conninfo;
};

store::store(const store_options& opts) : impl_(new impl) {
  impl_->conninfo = opts.conninfo;
  guarded([&] {
    std::unique_ptr<odb::pgsql::connection_factory> pool(
      new purse_pool(opts.pool_size, opts.pool_size));
    impl_->db.reset(new odb::pgsql::database(opts.conninfo, std::move(pool)));
    // Fail fast on a bad address or credentials rather than on first use.
    impl_->db->connection();
    return 0;
  });
}

store::~store() = default;

std::int64_t store::expected_schema_version() {
  return guarded([&] {
    return static_cast<std::int64_t>(
      odb::schema_catalog::current_version(*impl_->db, schema_name));
  });
}

std::int64_t store::schema_version() {
  return guarded([&] {
    return static_cast<std::int64_t>(impl_->db->schema_version(schema_name));
  });
}

std::int64_t store::migrate() {
  // Held until the migration is done: a second one waits here, then finds
  // the version the first left (nothing to do when it is current).
  detail::advisory_lock lock{impl_->conninfo, migration_lock, false};
  return guarded([&]() -> std::int64_t {
    auto& db = *impl_->db;
    forget_schema_version(db);
    // Read the version outside a transaction: on an empty database the
    // failed SELECT would poison it (PostgreSQL aborts the transaction).
    auto v = db.schema_version(schema_name);
    auto target = odb::schema_catalog::current_version(db, schema_name);
    if (v > target)
      throw schema_mismatch("database schema version " + std::to_string(v)
                            + " is newer than this build ("
                            + std::to_string(target) + ")");
    // What ODB does not know of (functions, triggers) is (re)installed with
    // the last step, in its transaction, so a database at the current
    // version always has it; rollups are rebuilt when their table is new.
    if (v == 0) {
      migration_step(db, [&] {
        odb::schema_catalog::create_schema(db, schema_name);
        install_sql(db, false);
      });
    } else if (v == target) {
      migration_step(db, [&] {
        install_sql(db, false);
      });
    } else {
      auto had_rollups = v >= report_rollups_version;
      for (v = odb::schema_catalog::next_version(db, v, schema_name);
           v <= target;
           v = odb::schema_catalog::next_version(db, v, schema_name)) {
        migration_step(db, [&] {
          odb::schema_catalog::migrate_schema_pre(db, v, schema_name);
          // Data migrations run here, while the pre step's new columns and
          // the columns the post step drops both exist.
          if (v == outcome_names_version)
            name_idempotent_outcomes(db);
          if (v == authors_version)
            fill_known_authors(db);
          odb::schema_catalog::migrate_schema_post(db, v, schema_name);
          if (v == target)
            install_sql(db, !had_rollups);
        });
      }
    }
    db.schema_version_migration(odb::schema_version_migration(target, false),
                                schema_name);
    return static_cast<std::int64_t>(target);
  });
}

void store::require_current_schema(const std::function<void()>& on_wait) {
  // A migration in progress holds the lock: the version is read once it is
  // done, never halfway.
  detail::advisory_lock lock{impl_->conninfo, migration_lock, true, on_wait};
  guarded([&] {
    forget_schema_version(*impl_->db);
    return 0;
  });
  auto v = schema_version();
  auto want = expected_schema_version();
  if (v == 0)
    throw schema_mismatch("the database has no Purse schema; run "
                          "'purse-admin migrate' first");
  if (v < want)
    throw schema_mismatch("the database schema is at version "
                          + std::to_string(v) + " but this build needs "
                          + std::to_string(want)
                          + "; run 'purse-admin migrate'");
  if (v > want)
    throw schema_mismatch("the database schema version " + std::to_string(v)
                          + " is newer than this build (" + std::to_string(want)
                          + "); upgrade Purse");
}

void store::read(const std::function<void(session&)>& fn) {
  guarded([&] {
    run_transaction(*impl_->db, true, fn);
    return 0;
  });
}

void store::write(const std::function<void(session&)>& fn) {
  guarded([&] {
    run_transaction(*impl_->db, false, fn);
    return 0;
  });
}

void store::query(const std::function<void(session&)>& fn) {
  guarded([&] {
    run_autocommit(*impl_->db, fn);
    return 0;
  });
}

std::string fold_case(const std::string& text) {
  std::string out = text;
  for (auto& c : out)
    if (c >= 'A' && c <= 'Z')
      c = static_cast<char>(c - 'A' + 'a');
  return out;
}

} // namespace persistence
} // namespace purse
