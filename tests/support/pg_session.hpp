// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// A PostgreSQL session of a test's own, beside the server's: what another
// server or an operator's psql would hold (locks, a transaction left open,
// a statement that waits). One statement at a time, through libpq.

#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>
#include <libpq-fe.h>

namespace purse::test {

class pg_session {
public:
  explicit pg_session(const std::string& url)
    : conn_(PQconnectdb(url.c_str())) {
    BOOST_REQUIRE_MESSAGE(PQstatus(conn_) == CONNECTION_OK,
                          PQerrorMessage(conn_));
  }
  ~pg_session() {
    PQfinish(conn_);
  }
  pg_session(const pg_session&) = delete;
  pg_session& operator=(const pg_session&) = delete;

  /// Sends `sql` without waiting for its answer (results() takes it).
  void send(const std::string& sql) {
    BOOST_REQUIRE(PQsendQuery(conn_, sql.c_str()) == 1);
  }

  /// Waits for the answer to what was sent: the first column of the first
  /// row of each result.
  std::vector<std::string> results() {
    std::vector<std::string> out;
    while (auto* res = PQgetResult(conn_)) {
      BOOST_TEST(PQresultStatus(res) == PGRES_TUPLES_OK,
                 PQresultErrorMessage(res));
      out.push_back(PQntuples(res) > 0 ? PQgetvalue(res, 0, 0) : "");
      PQclear(res);
    }
    return out;
  }

  /// Runs one query and returns the first column of its first row.
  std::string value(const std::string& sql) {
    send(sql);
    auto out = results();
    return out.empty() ? std::string{} : out.front();
  }

  /// Runs one command that returns no rows (BEGIN, LOCK TABLE, COMMIT),
  /// waiting for it and for the locks it asks for.
  void run(const std::string& sql) {
    auto* res = PQexec(conn_, sql.c_str());
    BOOST_TEST(PQresultStatus(res) == PGRES_COMMAND_OK,
               PQresultErrorMessage(res));
    PQclear(res);
  }

  /// The session's backend process id.
  int pid() const {
    return PQbackendPID(conn_);
  }

private:
  PGconn* conn_;
};

} // namespace purse::test
