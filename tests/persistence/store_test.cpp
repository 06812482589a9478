// The store against the real database: failures leave nothing behind that
// later work on the same pooled connection could trip over.

#include <boost/test/unit_test.hpp>

#include "purse/persistence/store.hpp"
#include "support/processes.hpp"

using namespace purse;
using persistence::session;

BOOST_AUTO_TEST_SUITE(store)

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

BOOST_AUTO_TEST_SUITE_END()
