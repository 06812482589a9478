// SPDX-License-Identifier: GPL-2.0-or-later
// Migrations against the real database: a database of every schema version
// from 4 on, migrated to the current one, has the catalogue a new database
// gets (tables, columns, constraints, indexes, storage settings, functions
// with their bodies, triggers), so nothing an older version installed is
// left behind and nothing the current one installs is missed.

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <future>
#include <iterator>
#include <set>
#include <string>
#include <thread>
#include <utility>

#include "purse/persistence/store.hpp"
#include "support/e2e.hpp"
#include "support/pg_session.hpp"

using namespace purse;

namespace {

/// One line per catalogue entry of the public schema, separated by a
/// record separator (function definitions span lines). Columns are listed
/// by name, not position: a column a migration adds comes last.
constexpr const char* catalogue_query = R"SQL(
WITH rel AS (
  SELECT c.oid, c.relname, c.relkind, c.reloptions FROM pg_class c
   WHERE c.relnamespace = 'public'::regnamespace
)
SELECT string_agg(entry, chr(30) ORDER BY entry) FROM (
  SELECT 'relation ' || relname || ' ' || relkind::text || ' '
         || coalesce(reloptions::text, '') AS entry
    FROM rel WHERE relkind <> 'i'
  UNION ALL
  SELECT 'column ' || r.relname || '.' || a.attname || ' '
         || format_type(a.atttypid, a.atttypmod)
         || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END
         || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '')
    FROM rel r JOIN pg_attribute a ON a.attrelid = r.oid
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
   WHERE r.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
  UNION ALL
  SELECT 'constraint ' || r.relname || ' ' || k.conname || ' '
         || pg_get_constraintdef(k.oid)
    FROM rel r JOIN pg_constraint k ON k.conrelid = r.oid
  UNION ALL
  SELECT 'index ' || pg_get_indexdef(i.indexrelid)
    FROM rel r JOIN pg_index i ON i.indrelid = r.oid
  UNION ALL
  SELECT 'function ' || pg_get_functiondef(p.oid) FROM pg_proc p
   WHERE p.pronamespace = 'public'::regnamespace
  UNION ALL
  SELECT 'trigger ' || pg_get_triggerdef(t.oid) || ' ' || t.tgenabled::text
    FROM rel r JOIN pg_trigger t ON t.tgrelid = r.oid
   WHERE NOT t.tgisinternal
  UNION ALL
  SELECT 'schema_version ' || name || ' ' || version || ' ' || migration
    FROM schema_version
) entries
)SQL";

/// The catalogue of the database at `url`, one entry per element.
std::set<std::string> catalogue(const std::string& url) {
  auto all = test::sql_value(catalogue_query, url);
  std::set<std::string> out;
  std::string::size_type from = 0;
  while (from <= all.size()) {
    auto to = std::min(all.find('\x1e', from), all.size());
    out.insert(all.substr(from, to - from));
    from = to + 1;
  }
  return out;
}

/// The entries of `a` that `b` lacks.
std::set<std::string> missing_from(const std::set<std::string>& a,
                                   const std::set<std::string>& b) {
  std::set<std::string> out;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(),
                      std::inserter(out, out.end()));
  return out;
}

// -- older schema versions --------------------------------------------------

// What older versions installed beside their tables, as the build that
// introduced each version left it (git history): the functions' names,
// argument and result types, and the triggers' events and conditions.
// Bodies are empty: a migration replaces or drops these whole.

/// Versions 4 and 5: one row trigger keeps the rollups.
constexpr const char* rollups_v4 = R"SQL(
CREATE FUNCTION report_rollup_apply(r transactions, s integer)
RETURNS void LANGUAGE plpgsql AS 'BEGIN RETURN; END';
CREATE FUNCTION report_rollup_trigger()
RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NULL; END';
CREATE TRIGGER transactions_report_rollups
  AFTER INSERT OR UPDATE OR DELETE ON transactions
  FOR EACH ROW EXECUTE FUNCTION report_rollup_trigger();
)SQL";

/// Versions 4 to 7.
constexpr const char* rebuild_v4 = R"SQL(
CREATE FUNCTION report_rollups_rebuild()
RETURNS void LANGUAGE plpgsql AS 'BEGIN RETURN; END';
)SQL";

/// Versions 5 to 7.
constexpr const char* rollup_keys_v5 = R"SQL(
CREATE FUNCTION report_rollup_keys(account text, category text,
    h bigint, d bigint, m bigint)
RETURNS TABLE (account_id text, grain integer, bucket bigint,
               category_id text)
LANGUAGE sql IMMUTABLE AS 'SELECT NULL::text, 0, 0::bigint, NULL::text';
)SQL";

/// Versions 6 and 7: statement triggers with transition tables, the
/// request path's write functions, the auth notifications with the row
/// triggers of api_keys and team_members calling ROW_USER_api_keys and
/// ROW_USER_team_members.
constexpr const char* request_path_v6 = R"SQL(
CREATE FUNCTION report_rollup_insert()
RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NULL; END';
CREATE FUNCTION report_rollup_update()
RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NULL; END';
CREATE FUNCTION report_rollup_delete()
RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NULL; END';
CREATE TRIGGER transactions_report_rollups
  AFTER INSERT ON transactions REFERENCING NEW TABLE AS rollup_new
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_insert();
CREATE TRIGGER transactions_report_rollups_update
  AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS rollup_old NEW TABLE AS rollup_new
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_update();
CREATE TRIGGER transactions_report_rollups_delete
  AFTER DELETE ON transactions REFERENCING OLD TABLE AS rollup_old
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_delete();
CREATE FUNCTION purse_adjust_balance(account text, delta bigint)
RETURNS bigint LANGUAGE plpgsql AS 'BEGIN RETURN 0; END';
CREATE FUNCTION purse_link_transaction_tags(scope text, tx text, ids text,
    replace boolean)
RETURNS bigint LANGUAGE plpgsql AS 'BEGIN RETURN 0; END';
CREATE FUNCTION purse_link_transaction_files(scope text, tx text, ids text,
    replace boolean)
RETURNS bigint LANGUAGE plpgsql AS 'BEGIN RETURN 0; END';
CREATE FUNCTION purse_auth_notify(user_id text)
RETURNS void LANGUAGE plpgsql AS 'BEGIN RETURN; END';
CREATE FUNCTION purse_auth_notify_team(team text)
RETURNS void LANGUAGE plpgsql AS 'BEGIN RETURN; END';
CREATE FUNCTION purse_auth_notify_owner(owner text)
RETURNS void LANGUAGE plpgsql AS 'BEGIN RETURN; END';
CREATE FUNCTION purse_auth_users()
RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NULL; END';
CREATE FUNCTION purse_auth_teams()
RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NULL; END';
CREATE TRIGGER purse_auth_api_keys
  AFTER INSERT OR DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION ROW_USER_api_keys();
CREATE TRIGGER purse_auth_api_keys_update
  AFTER UPDATE ON api_keys FOR EACH ROW
  WHEN (to_jsonb(OLD) - 'last_used_at' IS DISTINCT FROM
        to_jsonb(NEW) - 'last_used_at')
  EXECUTE FUNCTION ROW_USER_api_keys();
CREATE TRIGGER purse_auth_users
  AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.id, OLD.plan) IS DISTINCT FROM (NEW.id, NEW.plan))
  EXECUTE FUNCTION purse_auth_users();
CREATE TRIGGER purse_auth_users_delete
  AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION purse_auth_users();
CREATE TRIGGER purse_auth_team_members
  AFTER INSERT OR UPDATE OR DELETE ON team_members
  FOR EACH ROW EXECUTE FUNCTION ROW_USER_team_members();
CREATE TRIGGER purse_auth_teams
  AFTER UPDATE ON teams FOR EACH ROW
  WHEN ((OLD.id, OLD.owner_id) IS DISTINCT FROM (NEW.id, NEW.owner_id))
  EXECUTE FUNCTION purse_auth_teams();
CREATE TRIGGER purse_auth_teams_delete
  AFTER DELETE ON teams FOR EACH ROW EXECUTE FUNCTION purse_auth_teams();
)SQL";

/// Version 6: a trigger function per table that names its user.
constexpr const char* row_user_v6 = R"SQL(
CREATE FUNCTION purse_auth_api_keys()
RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NULL; END';
CREATE FUNCTION purse_auth_team_members()
RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NULL; END';
)SQL";

/// Version 7: one for both, the key's last use, the folded rollups.
constexpr const char* folds_v7 = R"SQL(
CREATE FUNCTION purse_auth_row_user()
RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NULL; END';
CREATE FUNCTION purse_touch_key(key text, at bigint)
RETURNS bigint LANGUAGE plpgsql AS 'BEGIN RETURN 0; END';
CREATE FUNCTION report_bucket(grain integer, t bigint)
RETURNS bigint LANGUAGE sql IMMUTABLE AS 'SELECT t';
CREATE FUNCTION report_rollups_fold(max_rows integer)
RETURNS bigint LANGUAGE plpgsql AS 'BEGIN RETURN 0; END';
)SQL";

/// Every function of the public schema, and with them every trigger.
constexpr const char* drop_functions_and_triggers = R"SQL(
SET client_min_messages = warning;
DO $$
DECLARE f regprocedure;
BEGIN
  FOR f IN SELECT p.oid FROM pg_proc p
            WHERE p.pronamespace = 'public'::regnamespace LOOP
    EXECUTE 'DROP FUNCTION ' || f || ' CASCADE';
  END LOOP;
END $$
)SQL";

/// `text` with every `from` replaced by `to`.
std::string replaced(std::string text, const std::string& from,
                     const std::string& to) {
  for (auto at = text.find(from); at != std::string::npos;
       at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

/// Turns the database at `url`, migrated to the current version, into one
/// of schema version `v` (4 to 14): the tables and columns later versions
/// add dropped, version 4's idempotency column, the functions and triggers
/// of `v`.
void make_schema_version(const std::string& url, int v) {
  // Version 15: the one-statement create; version 14: webhooks; version
  // 13: transactions' tag and file ids;
  // version 12: external ids
  // and the changes feed; version 11: budgets, and who created and last
  // changed each record.
  if (v < 11)
    test::drop_schema_version_11(url);
  else if (v < 12)
    test::drop_schema_version_12(url);
  else if (v < 13)
    test::drop_schema_version_13(url);
  else if (v < 14)
    test::drop_schema_version_14(url);
  else
    test::drop_schema_version_15(url);
  // Version 10: a key's last use records its address too.
  if (v < 10)
    test::sql("ALTER TABLE api_keys DROP COLUMN last_used_from;"
              " DROP FUNCTION purse_touch_key(text, bigint, text);"
              " CREATE FUNCTION purse_touch_key(key text, at bigint)"
              " RETURNS bigint LANGUAGE plpgsql AS 'BEGIN RETURN 0; END'",
              url);
  if (v < 9)
    test::sql("DROP TABLE user_passwords, web_sessions, password_invites", url);
  // Pinned CAs came after version 8's first build.
  test::sql("DROP TABLE cluster_trust;"
            " DROP FUNCTION purse_cluster_pin_ca(text)",
            url);
  if (v < 8) {
    test::sql("DROP TABLE cluster_members, cluster_view", url);
    test::sql(drop_functions_and_triggers, url);
  }
  if (v < 7)
    test::sql("DROP TABLE report_rollup_deltas", url);
  if (v < 5) {
    test::sql("ALTER TABLE idempotency_keys DROP COLUMN outcome;"
              " ALTER TABLE idempotency_keys ADD COLUMN code INTEGER NOT NULL",
              url);
  }
  if (v >= 6 && v < 8) {
    auto row_user = [&](const std::string& table) {
      return v == 6 ? "purse_auth_" + table
                    : std::string{"purse_auth_row_user"};
    };
    auto path = replaced(request_path_v6, "ROW_USER_api_keys",
                         row_user("api_keys"));
    path = replaced(path, "ROW_USER_team_members", row_user("team_members"));
    test::sql(std::string{v == 6 ? row_user_v6 : folds_v7} + path
                + rollup_keys_v5 + rebuild_v4,
              url);
  } else if (v < 6) {
    test::sql(std::string{rollups_v4} + rebuild_v4
                + (v == 5 ? rollup_keys_v5 : ""),
              url);
  }
  test::sql("UPDATE schema_version SET version = " + std::to_string(v), url);
}

/// A new empty database named `name`; its URL.
std::string new_database(const std::string& name) {
  test::sql("DROP DATABASE IF EXISTS " + name);
  test::sql("CREATE DATABASE " + name);
  return test::sibling_database_url(name);
}

/// A new database named `name`, migrated to the current schema: its URL
/// and that schema's version.
std::pair<std::string, std::int64_t>
migrated_database(const std::string& name) {
  auto url = new_database(name);
  persistence::store st({url, 1});
  return {url, st.migrate()};
}

/// A migration of `url` (migrated already) beside a server's open
/// transaction, which runs `first` (after BEGIN); once the migration waits
/// for `waited` (a table's lock), the transaction runs `then` and commits.
/// Returns the version the migration reports.
std::int64_t migrate_beside_writer(const std::string& url,
                                   const std::vector<std::string>& first,
                                   const std::string& waited,
                                   const std::string& then) {
  test::pg_session w(url);
  w.run("BEGIN");
  for (auto& sql : first)
    w.run(sql);
  auto migrated = std::async(std::launch::async, [&] {
    persistence::store st({url, 1});
    return st.migrate();
  });
  auto waits = [&] {
    return test::sql_value("SELECT count(*) FROM pg_locks WHERE relation = '"
                             + waited + "'::regclass AND NOT granted",
                           url)
           == "1";
  };
  for (int i = 0; i < 200 && !waits(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  BOOST_REQUIRE(waits());
  w.run(then);
  w.run("COMMIT");
  return migrated.get();
}

} // namespace

BOOST_AUTO_TEST_SUITE(migration)

BOOST_AUTO_TEST_CASE(a_migration_that_meets_a_writer_in_a_deadlock_runs_again) {
  // A writer has read `transactions` (a PUT of a transaction's tags reads
  // the transaction first) and then wants `transaction_tags`, while a
  // migration of the same database, locking every table in name order,
  // holds transaction_tags and waits for transactions: each waits for the
  // other. The migration gives way (its lock timeout, under PostgreSQL's
  // deadlock check, or the deadlock found in it: it waited first); the
  // writer goes on, and the migration runs again once it has committed.
  auto [url, current] = migrated_database("purse_migrate_deadlock");
  // Another server's transaction.
  BOOST_TEST(migrate_beside_writer(url,
                                   {"LOCK TABLE transactions IN ACCESS SHARE"
                                    " MODE"},
                                   "transactions",
                                   "LOCK TABLE transaction_tags IN ROW"
                                   " EXCLUSIVE MODE")
             == current);
  BOOST_TEST(test::sql_value("SELECT count(*) FROM pg_trigger WHERE tgrelid"
                             " = 'transaction_tags'::regclass AND NOT"
                             " tgisinternal",
                             url)
             != "0");
  test::sql("DROP DATABASE purse_migrate_deadlock");
}

BOOST_AUTO_TEST_CASE(a_migration_waiting_for_a_table_holds_no_other) {
  // A create holds its account (the balance) and then inserts into
  // `transactions`. A migration that had re-installed the triggers of
  // transactions (DROP TRIGGER: an exclusive lock) and then waited for
  // accounts made that insert wait for it: a deadlock, which PostgreSQL
  // settled after a second by failing one of them, often the create (a
  // batch answered 503). The migration locks every table at once before
  // it changes any, so while it waits for accounts it holds nothing the
  // create needs: the insert goes through at once (the writer's lock
  // timeout, half a second, is under the deadlock check's second), and
  // the migration runs once the writer has committed.
  auto [url, current] = migrated_database("purse_migrate_lock_order");
  // A server's create.
  BOOST_TEST(migrate_beside_writer(url,
                                   {"SET LOCAL lock_timeout = '500ms'",
                                    "LOCK TABLE accounts IN ROW EXCLUSIVE"
                                    " MODE"},
                                   "accounts",
                                   "LOCK TABLE transactions IN ROW EXCLUSIVE"
                                   " MODE")
             == current);
  test::sql("DROP DATABASE purse_migrate_lock_order");
}

BOOST_AUTO_TEST_CASE(
  every_older_version_migrates_to_the_catalogue_of_a_new_one) {
  auto [fresh_url, current] = migrated_database("purse_catalogue_new");
  auto fresh = catalogue(fresh_url);
  // The dump sees what migrations install.
  BOOST_REQUIRE_GT(fresh.size(), 100u);
  BOOST_TEST(
    fresh.count("schema_version purse " + std::to_string(current) + " false"));
  for (int v = 4; v <= current; ++v) {
    BOOST_TEST_CONTEXT("from schema version " << v) {
      auto name = "purse_catalogue_v" + std::to_string(v);
      auto url = new_database(name);
      {
        persistence::store st({url, 1});
        BOOST_REQUIRE_EQUAL(st.migrate(), current);
      }
      if (v < current) {
        make_schema_version(url, v);
        BOOST_TEST((catalogue(url) != fresh));
      }
      {
        // A new store: ODB reads the schema version once per database.
        persistence::store st({url, 1});
        BOOST_REQUIRE_EQUAL(st.schema_version(), v);
        BOOST_REQUIRE_EQUAL(st.migrate(), current);
      }
      auto migrated = catalogue(url);
      for (auto& entry : missing_from(fresh, migrated))
        BOOST_ERROR("missing after the migration: " << entry);
      for (auto& entry : missing_from(migrated, fresh))
        BOOST_ERROR("left by the migration: " << entry);
      test::sql("DROP DATABASE " + name);
    }
  }
  test::sql("DROP DATABASE purse_catalogue_new");
}

BOOST_AUTO_TEST_CASE(a_migration_of_a_current_database_reads_no_transaction) {
  // `purse-admin migrate` runs with every deployment, against a database
  // that serves, and holds its locks to the end: link_ids.sql's backfill
  // looked for transactions whose link ids disagree with their links, a
  // pass over all of them (seconds per million rows, with every write
  // waiting). It looks only where the link triggers were missing or off;
  // on a current database nothing reads the transactions.
  auto url = migrated_database("purse_migrate_no_scan").first;
  test::sql(
    "INSERT INTO transactions (id, scope_id, account_id, to_account_id,"
    " category_id, flow_type, amount_minor, currency_code, minor_units,"
    " description, notes, transaction_at, created_at, updated_at, voided_at)"
    " SELECT 't' || g, 's', 'a', '', '', 'expense', 100, 'USD', 2, '', '',"
    " 0, 0, 0, 0 FROM generate_series(1, 100) g",
    url);
  // Each session sends its table statistics when it ends; the migration's
  // store is gone before they are read.
  auto scans = [&] {
    return test::sql_value("SELECT seq_scan + COALESCE(idx_scan, 0)"
                           " FROM pg_stat_user_tables WHERE relname ="
                           " 'transactions'",
                           url);
  };
  // The count once it has stopped moving.
  auto reads = [&] {
    for (int i = 0; i < 50; ++i) {
      auto n = scans();
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      if (n == scans())
        return n;
    }
    return std::string{"unsettled"};
  };
  auto before = reads();
  {
    persistence::store st({url, 1});
    BOOST_TEST(st.migrate() == 15);
  }
  BOOST_TEST(reads() == before);
  // A database whose link triggers are off is looked at, and mended.
  test::sql("ALTER TABLE transaction_tags DISABLE TRIGGER"
            " transaction_tags_ids_insert;"
            " INSERT INTO transaction_tags (scope_id, transaction_id, tag_id)"
            " VALUES ('s', 't7', 'tag-a')",
            url);
  BOOST_TEST(
    test::sql_value("SELECT tag_ids FROM transactions WHERE id = 't7'", url)
    == "");
  {
    persistence::store st({url, 1});
    BOOST_TEST(st.migrate() == 15);
  }
  BOOST_TEST(
    test::sql_value("SELECT tag_ids FROM transactions WHERE id = 't7'", url)
    == "tag-a");
  test::sql("DROP DATABASE purse_migrate_no_scan");
}

BOOST_AUTO_TEST_CASE(migrating_from_version_12_fills_the_link_ids) {
  // Version 13's transactions.tag_ids and file_ids are filled from the
  // links a version 12 database has, without listing the transactions in
  // the changes feed again (their contents did not change).
  auto url = new_database("purse_link_ids_v12");
  {
    persistence::store st({url, 1});
    st.migrate();
  }
  make_schema_version(url, 12);
  test::sql(
    "INSERT INTO transactions (id, scope_id, account_id, to_account_id,"
    " category_id, flow_type, amount_minor, currency_code, minor_units,"
    " description, notes, transaction_at, created_at, updated_at, voided_at)"
    " SELECT id, 's', 'a', '', '', 'expense', 100, 'USD', 2, '', '', 0, 0, 0,"
    " 0 FROM (VALUES ('t1'), ('t2'), ('t3')) AS v(id);"
    " INSERT INTO transaction_tags (scope_id, transaction_id, tag_id)"
    " VALUES ('s', 't1', 'tag-b'), ('s', 't1', 'tag-a'), ('s', 't3', 'tag-a');"
    " INSERT INTO transaction_files (scope_id, transaction_id, file_id)"
    " VALUES ('s', 't2', 'file-2'), ('s', 't2', 'file-1'),"
    " ('s', 't3', 'file-1')",
    url);
  auto feed = [&] {
    return test::sql_value("SELECT string_agg(record_id || ':' || xid || ':'"
                           " || id, ',' ORDER BY record_id) FROM changes"
                           " WHERE type = 'transaction'",
                           url);
  };
  auto fed = feed();
  BOOST_TEST(!fed.empty());
  const std::string want = "t1=tag-a,tag-b/ t2=/file-1,file-2 t3=tag-a/file-1";
  auto ids = [&] {
    return test::sql_value("SELECT string_agg(id || '=' || tag_ids || '/' ||"
                           " file_ids, ' ' ORDER BY id) FROM transactions",
                           url);
  };
  for (int round = 0; round < 2; ++round) {
    BOOST_TEST_CONTEXT("migration " << round + 1) {
      persistence::store st({url, 1});
      BOOST_TEST(st.schema_version() == (round == 0 ? 12 : 15));
      BOOST_TEST(st.migrate() == 15);
      BOOST_TEST(ids() == want);
      BOOST_TEST(feed() == fed);
      // The feed's trigger, turned off for the backfill, is on again.
      BOOST_TEST(test::sql_value("SELECT string_agg(tgenabled::text, '')"
                                 " FROM pg_trigger WHERE tgrelid ="
                                 " 'transactions'::regclass AND NOT"
                                 " tgisinternal",
                                 url)
                 == "OOOOO");
    }
  }
  // And the triggers keep them from now on.
  test::sql("DELETE FROM transaction_tags WHERE tag_id = 'tag-a';"
            " UPDATE transaction_files SET transaction_id = 't1'"
            " WHERE transaction_id = 't3'",
            url);
  BOOST_TEST(ids() == "t1=tag-b/file-1 t2=/file-1,file-2 t3=/");
  test::sql("DROP DATABASE purse_link_ids_v12");
}

BOOST_AUTO_TEST_SUITE_END()
