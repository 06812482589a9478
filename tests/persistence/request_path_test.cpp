// SPDX-License-Identifier: GPL-2.0-or-later
// The store's request-path statements against the real database: reads
// without BEGIN/COMMIT, a page of transactions with its links in one
// statement, creates that add balances in place and insert links without
// deleting, and rollups kept by statement triggers and the fold.

#include <boost/test/unit_test.hpp>

#include <chrono>
#include <initializer_list>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "purse/persistence/store.hpp"
#include "support/e2e.hpp"

using namespace purse;
using persistence::session;

namespace {

/// An id no other test run has made.
std::string fresh(const std::string& what) {
  return test::unique_id("path-" + what);
}

/// When the current transaction started, in microseconds: a transaction
/// block fixes it at BEGIN, a statement in autocommit mode starts its own.
constexpr const char* transaction_start
  = "SELECT (extract(epoch FROM transaction_timestamp()) * 1e6)::bigint";

/// Whether two statements a few milliseconds apart ran in one transaction.
bool one_transaction(session& s) {
  auto first = s.select_int(transaction_start);
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  return s.select_int(transaction_start) == first;
}

persistence::transaction_row
expense(const std::string& id, const std::string& scope_id,
        const std::string& account_id, std::int64_t minor, std::int64_t at) {
  persistence::transaction_row t;
  t.id = id;
  t.scope_id = scope_id;
  t.account_id = account_id;
  t.flow_type = "expense";
  t.amount_minor = minor;
  t.currency_code = "USD";
  t.description = "path test";
  t.transaction_at = at;
  t.created_at = at;
  t.updated_at = at;
  return t;
}

/// One USD expense for insert_expenses.
struct expense_values {
  std::string id, account, category;
  std::int64_t minor = 0, at = 0;
};

/// Inserts expenses of `scope` with one plain INSERT of several rows (what
/// a statement trigger sees as one statement).
void insert_expenses(const std::string& scope,
                     std::initializer_list<expense_values> rows) {
  std::string sql
    = "INSERT INTO transactions (id, scope_id, account_id, to_account_id,"
      " category_id, flow_type, amount_minor, currency_code, minor_units,"
      " description, notes, transaction_at, created_at, updated_at,"
      " voided_at) VALUES ";
  bool first = true;
  for (auto& r : rows) {
    sql += first ? "" : ", ";
    first = false;
    sql += "('" + r.id + "', '" + scope + "', '" + r.account + "', '', '"
           + r.category + "', 'expense', " + std::to_string(r.minor)
           + ", 'USD', 2, '', '', " + std::to_string(r.at) + ", 0, 0, 0)";
  }
  test::sql(sql);
}

/// Takes the rollup fold's lock in `st`'s one session for the rest of the
/// test (it goes with the connection): the folders of servers that share
/// the test database skip their folds meanwhile, so the deltas the test
/// writes stay pending until the test folds them itself (its own folds run
/// in the same session, which holds the lock already).
void hold_folds(persistence::store& st) {
  st.query([](session& s) {
    s.select_int("SELECT count(*) FROM (SELECT pg_advisory_lock("
                 "hashtext('purse.report_rollups_fold'))) AS held");
  });
}

} // namespace

BOOST_AUTO_TEST_SUITE(request_path)

BOOST_AUTO_TEST_CASE(query_sends_no_begin) {
  persistence::store st({test::database_url(), 1});
  bool shared = true;
  st.query([&](session& s) {
    shared = one_transaction(s);
  });
  BOOST_TEST(!shared);
  // The check tells a transaction block apart.
  st.read([&](session& s) {
    shared = one_transaction(s);
  });
  BOOST_TEST(shared);
  // Nested in a read or write, query() joins its transaction.
  shared = false;
  st.write([&](session&) {
    st.query([&](session& inner) {
      shared = one_transaction(inner);
    });
  });
  BOOST_TEST(shared);
}

BOOST_AUTO_TEST_CASE(a_failed_query_leaves_a_usable_connection) {
  // One connection: the next query runs where the failed one did (or on
  // its replacement), also a query of the same one-off type.
  persistence::store st({test::database_url(), 1});
  persistence::transaction_filter f;
  f.scope_id = "no-such-scope";
  f.text = std::string("a\0b", 3); // PostgreSQL refuses NUL in text
  for (int i = 0; i < 3; ++i) {
    BOOST_CHECK_THROW(st.query([&](session& s) {
      s.list_linked(f, 0, 5);
    }),
                      persistence::persistence_error);
    auto ok = f;
    ok.text = "fine";
    std::int64_t total = -1;
    std::size_t rows = 99;
    BOOST_CHECK_NO_THROW(st.query([&](session& s) {
      rows = s.list_linked(ok, 0, 5, &total).size();
    }));
    BOOST_TEST(rows == 0u);
    BOOST_TEST(total == 0);
    bool shared = true;
    BOOST_CHECK_NO_THROW(st.query([&](session& s) {
      shared = one_transaction(s);
    }));
    BOOST_TEST(!shared);
  }
}

BOOST_AUTO_TEST_CASE(a_page_carries_its_links_as_the_link_queries_do) {
  persistence::store st({test::database_url(), 2});
  auto scope = fresh("scope");
  auto other = fresh("other");
  std::vector<std::string> ids;
  st.write([&](session& s) {
    for (int i = 0; i < 5; ++i) {
      auto id = fresh("tx" + std::to_string(i));
      ids.push_back(id);
      auto t = expense(id, scope, "acc", 100 + i, 1'700'000'000 + i);
      if (i == 3)
        t.voided_at = t.transaction_at;
      s.insert(t);
    }
    s.insert(expense(fresh("foreign"), other, "acc", 1, 1'700'000'000));
    // Given out of order: they come back sorted.
    s.add_tags(scope, ids[1], {"tag-b", "tag-a", "tag-c"});
    s.add_files(scope, ids[1], {"file-2", "file-1"});
    s.add_tags(scope, ids[4], {"tag-a"});
    s.add_tags(scope, ids[0], {}); // nothing
  });
  persistence::transaction_filter f;
  f.scope_id = scope;
  std::vector<persistence::linked_transaction> page;
  st.query([&](session& s) {
    page = s.list_linked(f, 0, 10);
  });
  BOOST_REQUIRE_EQUAL(page.size(), 4u); // newest first, without the voided
  BOOST_TEST(page[0].row.id == ids[4]);
  BOOST_TEST(page[1].row.id == ids[2]);
  BOOST_TEST(page[2].row.id == ids[1]);
  BOOST_TEST(page[3].row.id == ids[0]);
  // The same as the link queries say, in their order.
  std::vector<std::pair<std::string, std::string>> tags, files;
  st.read([&](session& s) {
    tags = s.tags_of({ids[1]});
    files = s.files_of({ids[1]});
  });
  std::vector<std::string> tag_ids, file_ids;
  for (auto& [tx, tag] : tags)
    tag_ids.push_back(tag);
  for (auto& [tx, file] : files)
    file_ids.push_back(file);
  BOOST_TEST(page[2].tag_ids == tag_ids);
  BOOST_TEST(page[2].file_ids == file_ids);
  BOOST_TEST(page[2].tag_ids
             == (std::vector<std::string>{"tag-a", "tag-b", "tag-c"}));
  BOOST_TEST(page[0].tag_ids == std::vector<std::string>{"tag-a"});
  BOOST_TEST(page[0].file_ids.empty());
  BOOST_TEST(page[3].tag_ids.empty());
  BOOST_TEST(page[2].row.amount_minor == 101);
  BOOST_TEST(page[2].row.description == "path test");
  // Oldest first, voided included, second page of two.
  f.sort = "transaction_at";
  f.include_voided = true;
  st.query([&](session& s) {
    page = s.list_linked(f, 2, 2);
  });
  BOOST_REQUIRE_EQUAL(page.size(), 2u);
  BOOST_TEST(page[0].row.id == ids[2]);
  BOOST_TEST(page[1].row.id == ids[3]);
  BOOST_TEST(page[1].row.voided_at != 0);
  // Filtered, with the count from the same statement, also past the end.
  f.tag_id = "tag-a";
  std::int64_t total = -1;
  st.query([&](session& s) {
    page = s.list_linked(f, 0, 1, &total);
  });
  BOOST_TEST(total == 2);
  BOOST_REQUIRE_EQUAL(page.size(), 1u);
  BOOST_TEST(page[0].row.id == ids[1]);
  st.query([&](session& s) {
    page = s.list_linked(f, 5, 10, &total);
  });
  BOOST_TEST(total == 2);
  BOOST_TEST(page.empty());
  // By id: only in its own scope.
  persistence::linked_transaction one;
  bool found = false;
  st.query([&](session& s) {
    found = s.find_linked(ids[1], scope, one);
  });
  BOOST_TEST(found);
  BOOST_TEST(one.tag_ids == tag_ids);
  BOOST_TEST(one.file_ids == file_ids);
  st.query([&](session& s) {
    found = s.find_linked(ids[1], other, one);
  });
  BOOST_TEST(!found);
  // Replacing links deletes the old ones first; an empty set clears them.
  st.write([&](session& s) {
    s.set_tags(scope, ids[1], {"tag-c", "tag-d"});
    s.set_files(scope, ids[1], {});
  });
  st.query([&](session& s) {
    found = s.find_linked(ids[1], scope, one);
  });
  BOOST_TEST(one.tag_ids == (std::vector<std::string>{"tag-c", "tag-d"}));
  BOOST_TEST(one.file_ids.empty());
}

BOOST_AUTO_TEST_CASE(balances_move_in_place) {
  persistence::store st({test::database_url(), 2});
  persistence::account_row a;
  a.id = fresh("account");
  a.scope_id = fresh("scope");
  a.name = "Checking";
  a.type = "checking";
  a.currency_code = "USD";
  a.opening_balance_minor = 1000;
  a.balance_minor = 1000;
  st.write([&](session& s) {
    s.insert(a);
  });
  // Two concurrent writers never lose an update: each adds to what is
  // there when its UPDATE runs, not to what it read before.
  auto add = [&](std::int64_t delta, int times) {
    for (int i = 0; i < times; ++i)
      st.write([&](session& s) {
        s.adjust_balance(a.id, delta);
      });
  };
  std::thread other([&] {
    add(7, 50);
  });
  add(-3, 50);
  other.join();
  persistence::account_row after;
  st.read([&](session& s) {
    s.find(a.id, after);
  });
  BOOST_TEST(after.balance_minor == 1000 + 50 * 7 - 50 * 3);
  BOOST_TEST(after.name == "Checking");
  BOOST_CHECK_THROW(st.write([&](session& s) {
    s.adjust_balance(fresh("no-such-account"), 5);
  }),
                    persistence::persistence_error);
}

BOOST_AUTO_TEST_CASE(rollups_follow_multi_row_statements) {
  persistence::store st({test::database_url(), 1});
  hold_folds(st);
  auto scope = fresh("rollups");
  // One statement, several rows in the same buckets: each rollup row is
  // met once, with the sum.
  insert_expenses(scope, {{scope + "-1", "acc", "c1", 100, 1'700'000'000},
                          {scope + "-2", "acc", "c1", 250, 1'700'000'100},
                          {scope + "-3", "acc", "c2", 5, 1'700'086'400}});
  auto pending = [&] {
    return test::sql_value(
      "SELECT count(*) || ':' || COALESCE(sum(tx_count), 0) FROM"
      " report_rollup_deltas WHERE scope_id = '"
      + scope + "'");
  };
  std::int64_t folded = 0;
  auto fold = [&] {
    st.query([&](session& s) {
      folded = s.fold_rollups(1000);
    });
  };
  auto rollup = [&](const std::string& account, int grain,
                    const std::string& category) {
    return test::sql_value(
      "SELECT COALESCE(sum(amount_minor), 0) || ':' ||"
      " COALESCE(sum(tx_count), 0) FROM report_rollups WHERE scope_id = '"
      + scope + "' AND account_id = '" + account + "' AND grain = "
      + std::to_string(grain) + " AND category_id = '" + category + "'");
  };
  // A write appends its changes; the rollups wait for the fold.
  BOOST_TEST(pending() == "3:3");
  BOOST_TEST(rollup("*", 2, "*") == "0:0");
  fold();
  BOOST_TEST(folded >= 3);
  BOOST_TEST(pending() == "0:0");
  BOOST_TEST(rollup("*", 2, "*") == "355:3");
  BOOST_TEST(rollup("acc", 1, "c1") == "350:2");
  BOOST_TEST(rollup("*", 0, "*") == "355:3");
  // An update of every row at once: one moves, one is voided, one only
  // gets a new description.
  test::sql("UPDATE transactions SET"
            " amount_minor = CASE id WHEN '"
            + scope
            + "-1' THEN 40 ELSE amount_minor END,"
              " voided_at = CASE id WHEN '"
            + scope
            + "-2' THEN 1 ELSE 0 END, description = 'x' WHERE scope_id = '"
            + scope + "'");
  // The update nets its old and new rows: the moved one and the voided
  // one leave changes, the renamed one none.
  BOOST_TEST(pending() == "3:-1");
  fold();
  BOOST_TEST(rollup("*", 2, "*") == "45:2");
  BOOST_TEST(rollup("acc", 1, "c1") == "40:1");
  BOOST_TEST(rollup("acc", 1, "c2") == "5:1");
  // The rollups equal a recomputation from the rows.
  auto differences = [&] {
    return test::sql_value(
      "SELECT count(*) FROM (SELECT account_id, grain, bucket, category_id,"
      " sum(tx_count), sum(amount_minor) FROM report_rollups WHERE scope_id"
      " = '"
      + scope
      + "' AND tx_count <> 0 GROUP BY 1, 2, 3, 4 EXCEPT SELECT k.account_id,"
        " k.grain, k.bucket, k.category_id, count(*), sum(t.amount_minor)"
        " FROM transactions t CROSS JOIN LATERAL report_rollup_keys("
        "t.account_id, t.category_id, t.transaction_at - t.transaction_at %"
        " 3600, t.transaction_at - t.transaction_at % 86400,"
        " extract(epoch FROM date_trunc('month', to_timestamp("
        "t.transaction_at) AT TIME ZONE 'UTC'))::bigint) AS k WHERE"
        " t.scope_id = '"
      + scope + "' AND t.voided_at = 0 GROUP BY 1, 2, 3, 4) AS d");
  };
  BOOST_TEST(differences() == "0");
  test::sql("DELETE FROM transactions WHERE scope_id = '" + scope + "'");
  fold();
  BOOST_TEST(rollup("*", 2, "*") == "0:0");
  BOOST_TEST(rollup("acc", 1, "c2") == "0:0");
}

BOOST_AUTO_TEST_CASE(reports_read_pending_changes_as_if_folded) {
  persistence::store st({test::database_url(), 1});
  hold_folds(st);
  auto scope = fresh("pending");
  // Some folded, then more (and a change of a folded one) pending.
  insert_expenses(scope, {{scope + "-1", "a1", "c1", 100, 1'700'000'000},
                          {scope + "-2", "a2", "", 7, 1'700'003'600}});
  st.query([&](session& s) {
    s.fold_rollups(1000);
  });
  insert_expenses(scope, {{scope + "-3", "a1", "c2", 20, 1'700'000'100},
                          {scope + "-4", "a2", "c1", 3, 1'700'086'400}});
  test::sql("UPDATE transactions SET amount_minor = 50 WHERE id = '" + scope
            + "-1'");
  BOOST_REQUIRE(test::sql_value("SELECT count(*) FROM report_rollup_deltas"
                                " WHERE scope_id = '"
                                + scope + "'")
                != "0");
  const std::int64_t hour = 1'699'999'200, day = 1'699'920'000,
                     month = 1'698'796'800;
  // Every kind of read: hours, days and months over all; each category;
  // one account; one category.
  std::vector<persistence::report_query> queries(4);
  for (auto& q : queries) {
    q.scope_id = scope;
    q.days = {{day, day + 86'400}};
    q.months = {{month, month}};
  }
  queries[0].hours = {{hour, hour + 86'400}};
  queries[1].by_category = true;
  queries[2].account_id = "a1";
  queries[3].category_id = "c1";
  // The cells of a read summed per (grain, bucket, category) as text.
  auto read = [&](const persistence::report_query& q) {
    std::map<std::string, std::pair<std::int64_t, std::int64_t>> sums;
    st.query([&](session& s) {
      for (auto& c : s.report_cells(q)) {
        auto& sum = sums[std::to_string(c.grain) + "/"
                         + std::to_string(c.bucket) + "/" + c.category_id];
        sum.first += c.tx_count;
        sum.second += std::stoll(c.amount_minor);
      }
    });
    std::string out;
    for (auto& [key, sum] : sums)
      if (sum.first != 0 || sum.second != 0)
        out += key + "=" + std::to_string(sum.first) + ":"
               + std::to_string(sum.second) + " ";
    return out;
  };
  std::vector<std::string> pending;
  for (auto& q : queries)
    pending.push_back(read(q));
  // The month over all: 50 + 7 + 20 + 3, four transactions.
  BOOST_TEST(pending[0].find("2/" + std::to_string(month) + "/*=4:80 ")
             != std::string::npos);
  // Account a1: 50 and 20 on the first day.
  BOOST_TEST(pending[2].find("1/" + std::to_string(day) + "/*=2:70 ")
             != std::string::npos);
  std::int64_t folded = 0;
  st.query([&](session& s) {
    folded = s.fold_rollups(1000);
  });
  BOOST_TEST(folded > 0);
  for (std::size_t i = 0; i < queries.size(); ++i)
    BOOST_TEST(read(queries[i]) == pending[i], "query " << i);
}

BOOST_AUTO_TEST_SUITE_END()
