// SPDX-License-Identifier: GPL-2.0-or-later
// Stored idempotent responses against the real test database: the outcome
// is stored and read back by its name, and a name this build does not know
// is answered as an internal error, never replayed as something else.

#include <boost/test/unit_test.hpp>

#include <string>

#include "idempotency.hpp"
#include "purse/actors/timestamp.hpp"
#include "purse/persistence/store.hpp"
#include "support/processes.hpp"

using namespace purse;
using persistence::session;

namespace {

/// An API key id no other test run has used.
std::string fresh_key_id() {
  return test::unique_id("idem-test");
}

std::string name_of(errc code) {
  return errc_name(code);
}

} // namespace

BOOST_AUTO_TEST_SUITE(idempotency_store)

BOOST_AUTO_TEST_CASE(a_response_is_stored_and_replayed_by_outcome_name) {
  persistence::store st({test::database_url(), 1});
  idempotency_ref ref{fresh_key_id(), "k", "h"};
  st.write([&](session& s) {
    store_response(s, ref, make_result(errc::created, R"({"id":"t1"})"));
  });
  persistence::idempotency_row row;
  st.read([&](session& s) {
    BOOST_REQUIRE(s.find_idempotent(ref.key_id, "k", row));
  });
  BOOST_TEST(row.outcome == "created");
  std::optional<api_result> replay;
  st.query([&](session& s) {
    replay = stored_response(s, ref);
  });
  BOOST_REQUIRE(replay.has_value());
  BOOST_TEST(replay->replayed);
  BOOST_TEST(name_of(replay->code) == "created");
  BOOST_TEST(replay->data == R"({"id":"t1"})");
  // Another request under the same key is refused, not replayed.
  std::optional<api_result> other;
  st.query([&](session& s) {
    other = stored_response(s, {ref.key_id, "k", "another"});
  });
  BOOST_REQUIRE(other.has_value());
  BOOST_TEST(name_of(other->code) == "unprocessable");
  BOOST_TEST(!other->replayed);
}

BOOST_AUTO_TEST_CASE(answers_a_retry_should_redo_are_not_stored) {
  persistence::store st({test::database_url(), 1});
  idempotency_ref ref{fresh_key_id(), "k", "h"};
  st.write([&](session& s) {
    store_response(s, ref, make_result(errc::internal));
    store_response(s, ref, make_result(errc::conflict));
  });
  std::optional<api_result> replay;
  st.query([&](session& s) {
    replay = stored_response(s, ref);
  });
  BOOST_TEST(!replay.has_value());
}

BOOST_AUTO_TEST_CASE(an_unknown_outcome_name_is_answered_as_internal) {
  persistence::store st({test::database_url(), 1});
  persistence::idempotency_row row;
  row.key_id = fresh_key_id();
  row.idem_key = "k";
  row.request_hash = "h";
  row.outcome = "no_such_outcome";
  row.message = "Created";
  row.data = R"({"id":"t1"})";
  row.created_at = now_seconds();
  st.write([&](session& s) {
    s.save_idempotent(row, 0);
  });
  std::optional<api_result> replay;
  st.query([&](session& s) {
    replay = stored_response(s, {row.key_id, "k", "h"});
  });
  BOOST_REQUIRE(replay.has_value()); // answered, not run again
  BOOST_TEST(name_of(replay->code) == "internal");
  BOOST_TEST(replay->data == "null");
}

BOOST_AUTO_TEST_SUITE_END()
