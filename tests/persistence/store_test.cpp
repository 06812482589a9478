// SPDX-License-Identifier: GPL-2.0-or-later
// The store against the real database: failures leave nothing behind that
// later work on the same pooled connection could trip over; reads cannot
// write; migrations keep the data they reshape.

#include <boost/test/unit_test.hpp>

#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "purse/actors/errc.hpp"
#include "purse/persistence/notices.hpp"
#include "purse/persistence/store.hpp"
#include "support/e2e.hpp"

using namespace purse;
using persistence::session;

namespace {

/// A user no other test run has made.
persistence::user_row fresh_user() {
  auto stamp = std::to_string(
    std::chrono::steady_clock::now().time_since_epoch().count());
  persistence::user_row u;
  u.id = "store-test-" + stamp;
  u.email = u.id + "@example.test";
  u.name = "Store Test";
  u.plan = "solo";
  u.currency_code = "EUR";
  u.timezone = "UTC";
  return u;
}

/// Whether the user `u` is stored, under the name `name`.
bool stored_as(persistence::store& st, const persistence::user_row& u,
               const std::string& name) {
  persistence::user_row found;
  bool there = false;
  st.read([&](session& s) {
    there = s.find(u.id, found) && found.name == name;
  });
  return there;
}

/// The notices a test's connections received.
struct captured_notices {
  static std::mutex mtx;
  static std::vector<persistence::database_notice> seen;

  captured_notices() {
    std::lock_guard<std::mutex> guard{mtx};
    seen.clear();
    persistence::set_notice_sink(&capture);
  }

  ~captured_notices() {
    persistence::set_notice_sink(nullptr);
  }

  static void capture(const persistence::database_notice& n) {
    std::lock_guard<std::mutex> guard{mtx};
    seen.push_back(n);
  }

  /// How many have `severity` and `sqlstate`.
  static int count(const std::string& severity, const std::string& sqlstate) {
    std::lock_guard<std::mutex> guard{mtx};
    int n = 0;
    for (auto& notice : seen)
      n += notice.severity == severity && notice.sqlstate == sqlstate ? 1 : 0;
    return n;
  }
};

std::mutex captured_notices::mtx;
std::vector<persistence::database_notice> captured_notices::seen;

} // namespace

BOOST_AUTO_TEST_SUITE(store)

// What a restart of the database does to a pool: every idle connection is
// a session the server ended. None may fail the work it is handed next;
// the server's last words on each reach the notice sink.
BOOST_AUTO_TEST_CASE(pooled_connections_the_server_closed_are_replaced_on_use) {
  captured_notices notices;
  auto name = "pool-check-"
              + std::to_string(
                std::chrono::steady_clock::now().time_since_epoch().count());
  persistence::store st(
    {test::database_url() + "?application_name=" + name, 3});
  auto sessions = [&] {
    return test::sql_value("SELECT count(*) FROM pg_stat_activity"
                           " WHERE application_name = '"
                           + name + "'");
  };
  BOOST_REQUIRE_EQUAL(sessions(), "3");
  BOOST_REQUIRE_EQUAL(
    test::sql_value("SELECT count(pg_terminate_backend(pid))"
                    " FROM pg_stat_activity WHERE application_name = '"
                    + name + "'"),
    "3");
  for (int i = 0; i < 100 && sessions() != "0"; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  BOOST_REQUIRE_EQUAL(sessions(), "0");
  for (int i = 0; i < 6; ++i) {
    BOOST_CHECK_NO_THROW(st.read([](session&) {}));
    BOOST_CHECK_NO_THROW(st.query([](session&) {}));
  }
  BOOST_TEST(sessions() == "1");
  // 57P01: terminating connection due to administrator command.
  BOOST_TEST(notices.count("FATAL", "57P01") == 3);
}

BOOST_AUTO_TEST_CASE(a_failed_query_does_not_poison_its_connection) {
  // One connection, so the second query must run where the first failed.
  persistence::store st({test::database_url(), 1});
  persistence::transaction_filter f;
  f.scope_id = "no-such-scope";
  f.text = std::string("a\0b", 3); // PostgreSQL refuses NUL in text
  for (int i = 0; i < 3; ++i) {
    BOOST_CHECK_THROW(st.read([&](session& s) {
      s.list_transactions(f, 0, 5);
    }),
                      persistence::persistence_error);
    auto ok = f;
    ok.text = "fine";
    std::size_t rows = 99;
    BOOST_CHECK_NO_THROW(st.read([&](session& s) {
      rows = s.list_transactions(ok, 0, 5).size();
    }));
    BOOST_TEST(rows == 0u);
  }
}

BOOST_AUTO_TEST_CASE(a_failed_savepoint_keeps_the_outer_transaction) {
  persistence::store st({test::database_url(), 1});
  persistence::transaction_filter f;
  f.scope_id = "no-such-scope";
  f.text = std::string("\0", 1);
  bool outer_done = false;
  BOOST_CHECK_NO_THROW(st.read([&](session& s) {
    BOOST_CHECK_THROW(st.read([&](session& inner) {
      inner.list_transactions(f, 0, 5);
    }),
                      persistence::persistence_error);
    auto ok = f;
    ok.text = "fine";
    BOOST_TEST(s.list_transactions(ok, 0, 5).empty());
    outer_done = true;
  }));
  BOOST_TEST(outer_done);
  // And the next transaction (on a fresh connection) works too.
  BOOST_CHECK_NO_THROW(st.read([&](session& s) {
    auto ok = f;
    ok.text = "fine";
    s.list_transactions(ok, 0, 5);
  }));
}

BOOST_AUTO_TEST_CASE(a_top_level_read_cannot_write) {
  // One connection, so the checks after a refused write run on the
  // connection that refused it (or on its replacement).
  persistence::store st({test::database_url(), 1});
  auto u = fresh_user();
  BOOST_CHECK_THROW(st.read([&](session& s) {
    s.insert(u);
  }),
                    persistence::persistence_error);
  BOOST_TEST(!stored_as(st, u, u.name));
  BOOST_REQUIRE_NO_THROW(st.write([&](session& s) {
    s.insert(u);
  }));
  BOOST_TEST(stored_as(st, u, u.name));
  auto renamed = u;
  renamed.name = "Renamed";
  BOOST_CHECK_THROW(st.read([&](session& s) {
    s.update(renamed);
  }),
                    persistence::persistence_error);
  BOOST_TEST(stored_as(st, u, u.name));
  BOOST_CHECK_THROW(st.read([&](session& s) {
    s.erase<persistence::user_row>(u.id);
  }),
                    persistence::persistence_error);
  BOOST_TEST(stored_as(st, u, u.name));
  // A read nested in a write is part of the write and may write.
  BOOST_CHECK_NO_THROW(st.write([&](session&) {
    st.read([&](session& inner) {
      inner.update(renamed);
    });
  }));
  BOOST_TEST(stored_as(st, u, "Renamed"));
  bool erased = false;
  BOOST_CHECK_NO_THROW(st.write([&](session& s) {
    erased = s.erase<persistence::user_row>(u.id);
  }));
  BOOST_TEST(erased);
}

BOOST_AUTO_TEST_CASE(migrating_from_version_4_names_the_stored_outcomes) {
  auto name = std::string{"purse_outcome_upgrade"};
  test::sql("DROP DATABASE IF EXISTS " + name);
  test::sql("CREATE DATABASE " + name);
  auto db = test::sibling_database_url(name);
  // The old column as schema version 4 had it; ordinals 0..18 in the order
  // purse::errc had then, and one no build ever knew.
  const std::vector<std::string> names{"ok",
                                       "created",
                                       "not_modified",
                                       "bad_request",
                                       "unauthenticated",
                                       "payment_required",
                                       "forbidden",
                                       "not_found",
                                       "method_not_allowed",
                                       "conflict",
                                       "too_large",
                                       "uri_too_long",
                                       "headers_too_large",
                                       "unsupported_media_type",
                                       "unprocessable",
                                       "too_many_requests",
                                       "internal",
                                       "unavailable",
                                       "timeout"};
  {
    persistence::store st({db, 1});
    BOOST_REQUIRE_EQUAL(st.migrate(), 15);
  }
  test::make_schema_version_4(db);
  auto insert = [&](const std::string& idem_key, int code) {
    test::sql("INSERT INTO idempotency_keys (key_id, idem_key, request_hash,"
              " code, message, data, created_at) VALUES ('k1', '"
                + idem_key + "', 'h', " + std::to_string(code)
                + ", 'm', 'null', 1)",
              db);
  };
  for (int code = 0; code < static_cast<int>(names.size()); ++code)
    insert("i" + std::to_string(code), code);
  insert("unknown", 42);
  {
    // A new store: ODB reads the schema version once per database object.
    persistence::store st({db, 1});
    BOOST_REQUIRE_EQUAL(st.schema_version(), 4);
    BOOST_TEST(st.migrate() == 15);
    BOOST_TEST(st.schema_version() == 15);
    for (std::size_t code = 0; code < names.size(); ++code) {
      persistence::idempotency_row row;
      bool found = false;
      st.read([&](session& s) {
        found = s.find_idempotent("k1", "i" + std::to_string(code), row);
      });
      BOOST_TEST_CONTEXT("ordinal " << code) {
        BOOST_TEST(found);
        BOOST_TEST(row.outcome == names[code]);
        // The names are the ones the service reads back, except those of
        // the v4 outcomes that only the HTTP front has now (never stored
        // for a create or an action; replayed as a 500 if ever met).
        errc read_back = errc::internal;
        bool transport_only = code == 2 || code == 8
                              || (code >= 11 && code <= 13);
        BOOST_TEST(errc_from_name(row.outcome, read_back) == !transport_only);
        if (!transport_only)
          BOOST_TEST(errc_name(read_back) == names[code]);
      }
    }
    persistence::idempotency_row unknown;
    st.read([&](session& s) {
      s.find_idempotent("k1", "unknown", unknown);
    });
    BOOST_TEST(unknown.outcome == "internal");
    // The ordinal is gone and every row has a name.
    BOOST_TEST(test::sql_value("SELECT count(*) FROM information_schema.columns"
                               " WHERE table_name = 'idempotency_keys'"
                               " AND column_name = 'code'",
                               db)
               == "0");
    BOOST_TEST(test::sql_value("SELECT is_nullable FROM"
                               " information_schema.columns WHERE table_name"
                               " = 'idempotency_keys' AND column_name ="
                               " 'outcome'",
                               db)
               == "NO");
  }
  test::sql("DROP DATABASE " + name);
}

BOOST_AUTO_TEST_CASE(migrating_installs_the_functions_and_triggers) {
  auto name = std::string{"purse_trigger_upgrade"};
  test::sql("DROP DATABASE IF EXISTS " + name);
  test::sql("CREATE DATABASE " + name);
  auto db = test::sibling_database_url(name);
  // What versions 6 and 7 add to version 5: functions and triggers ODB
  // does not know of, and the table of rollup changes (7).
  auto installed = [&] {
    return test::sql_value(
             "SELECT count(*) FROM pg_trigger WHERE NOT tgisinternal AND"
             " tgname LIKE 'purse_auth%'",
             db)
           + "/"
           + test::sql_value("SELECT count(*) FROM pg_proc WHERE proname IN"
                             " ('purse_adjust_balance',"
                             " 'purse_link_transaction_tags',"
                             " 'purse_link_transaction_files',"
                             " 'report_rollups_fold')",
                             db)
           + "/"
           + test::sql_value("SELECT count(*) FROM pg_class WHERE relname ="
                             " 'report_rollup_deltas'",
                             db)
           + "/"
           + test::sql_value(
             "SELECT string_agg(tgname || ':' || (tgtype & 1)::text, ','"
             " ORDER BY tgname) FROM pg_trigger WHERE tgrelid ="
             " 'transactions'::regclass AND NOT tgisinternal",
             db);
  };
  // Seven auth triggers, four functions, the table, the changes feed's two
  // row-level (type bit 0 set) triggers and three rollup triggers, one per
  // event.
  const std::string all = "7/4/1/transactions_changes:1,"
                          "transactions_changes_update:1,"
                          "transactions_report_rollups:1,"
                          "transactions_report_rollups_delete:1,"
                          "transactions_report_rollups_update:1";
  {
    persistence::store st({db, 1});
    BOOST_REQUIRE_EQUAL(st.migrate(), 15);
  }
  BOOST_TEST(installed() == all);
  // A version 5 database, as the previous build left it: a row trigger
  // for the rollups, no auth triggers, no functions, no rollup changes.
  auto v5 = [&](bool tables) {
    if (tables) {
      test::sql("DROP TABLE report_rollup_deltas, cluster_members,"
                " cluster_view, user_passwords, web_sessions, password_invites;"
                " ALTER TABLE api_keys DROP COLUMN last_used_from",
                db);
      test::drop_schema_version_11(db);
    }
    test::sql("DROP TRIGGER transactions_report_rollups_update ON"
              " transactions; DROP TRIGGER transactions_report_rollups_delete"
              " ON transactions; DROP TRIGGER transactions_report_rollups ON"
              " transactions; CREATE FUNCTION report_rollup_trigger() RETURNS"
              " trigger LANGUAGE plpgsql AS 'BEGIN RETURN NULL; END';"
              " CREATE TRIGGER transactions_report_rollups AFTER INSERT OR"
              " UPDATE OR DELETE ON transactions FOR EACH ROW EXECUTE"
              " FUNCTION report_rollup_trigger()",
              db);
    for (auto t : {"api_keys", "api_keys_update", "users", "users_delete",
                   "team_members", "teams", "teams_delete"}) {
      std::string table = t;
      table = table.substr(0, table.find("_update"));
      table = table.substr(0, table.find("_delete"));
      test::sql(std::string{"DROP TRIGGER purse_auth_"} + t + " ON " + table,
                db);
    }
    test::sql("DROP FUNCTION purse_adjust_balance, purse_link_transaction_tags,"
              " purse_link_transaction_files, report_rollups_fold",
              db);
  };
  v5(true);
  BOOST_TEST(installed() == "0/0/0/transactions_report_rollups:1");
  test::sql("UPDATE schema_version SET version = 5", db);
  {
    // The current build refuses it until it is migrated.
    persistence::store st({db, 1});
    BOOST_CHECK_THROW(st.require_current_schema(),
                      persistence::schema_mismatch);
    BOOST_TEST(st.migrate() == 15);
  }
  BOOST_TEST(installed() == all);
  // Migrating at the current version installs them again, and drops what
  // earlier versions left (version 6's statement trigger functions).
  v5(false);
  test::sql("CREATE FUNCTION report_rollup_insert() RETURNS trigger LANGUAGE"
            " plpgsql AS 'BEGIN RETURN NULL; END'",
            db);
  {
    persistence::store st({db, 1});
    BOOST_TEST(st.migrate() == 15);
    BOOST_CHECK_NO_THROW(st.require_current_schema());
  }
  BOOST_TEST(installed() == all);
  BOOST_TEST(test::sql_value("SELECT count(*) FROM pg_proc WHERE proname IN"
                             " ('report_rollup_trigger',"
                             " 'report_rollup_insert')",
                             db)
             == "0");
  test::sql("DROP DATABASE " + name);
}

BOOST_AUTO_TEST_SUITE_END()
