// SPDX-License-Identifier: GPL-2.0-or-later
// PostgreSQL's notices become log lines at a level fitting their severity;
// the chatter of idempotent DDL is dropped.

#include <boost/test/unit_test.hpp>

#include "database_notices.hpp"

using namespace purse;

BOOST_AUTO_TEST_SUITE(database_notices)

BOOST_AUTO_TEST_CASE(a_session_ended_by_the_server_is_a_warning) {
  // "terminating connection due to administrator command" (57P01) and the
  // idle-in-transaction timeout arrive as FATAL on an idle connection.
  BOOST_TEST((notice_level("FATAL") == log_level::warn));
  BOOST_TEST((notice_level("WARNING") == log_level::warn));
}

BOOST_AUTO_TEST_CASE(errors_are_errors) {
  BOOST_TEST((notice_level("ERROR") == log_level::error));
  BOOST_TEST((notice_level("PANIC") == log_level::error));
}

BOOST_AUTO_TEST_CASE(notices_and_below_are_dropped) {
  for (auto severity : {"NOTICE", "INFO", "LOG", "DEBUG", "DEBUG1", "DEBUG5"})
    BOOST_TEST(!notice_level(severity).has_value(), severity);
}

BOOST_AUTO_TEST_CASE(an_unknown_severity_is_kept) {
  BOOST_TEST((notice_level("") == log_level::warn));
  BOOST_TEST((notice_level("SOMETHING") == log_level::warn));
}

BOOST_AUTO_TEST_SUITE_END()
