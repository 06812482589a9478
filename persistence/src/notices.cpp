// SPDX-License-Identifier: GPL-2.0-or-later
// Notices of every connection to one sink, and the check of an idle
// connection. Compiled as C++14.

#include "purse/persistence/notices.hpp"

#include <poll.h>

#include <atomic>

#include "notices.hpp"

namespace purse {
namespace persistence {

namespace {

std::atomic<notice_sink>& sink() {
  static std::atomic<notice_sink> instance{nullptr};
  return instance;
}

std::string field(const PGresult* res, int code) {
  auto* text = PQresultErrorField(res, code);
  return text != nullptr ? text : "";
}

/// libpq's notice receiver: the whole message with its fields, where a
/// notice processor only gets the formatted text.
void receive(void*, const PGresult* res) {
  auto* to = sink().load();
  if (to == nullptr)
    return;
  database_notice n;
  n.severity = field(res, PG_DIAG_SEVERITY_NONLOCALIZED);
  if (n.severity.empty())
    n.severity = field(res, PG_DIAG_SEVERITY);
  n.sqlstate = field(res, PG_DIAG_SQLSTATE);
  n.message = field(res, PG_DIAG_MESSAGE_PRIMARY);
  if (n.message.empty()) {
    // libpq's own notices (e.g. a lost connection) carry only the text.
    n.message = PQresultErrorMessage(res);
    while (!n.message.empty()
           && (n.message.back() == '\n' || n.message.back() == ' '))
      n.message.pop_back();
  }
  to(n);
}

/// At most this many reads of what an idle connection received: a closed
/// session ends with its FATAL message and then the end of the stream.
constexpr int max_idle_reads = 8;

} // namespace

void set_notice_sink(notice_sink to) {
  sink().store(to);
}

namespace detail {

void route_notices(PGconn* conn) {
  if (conn != nullptr)
    PQsetNoticeReceiver(conn, &receive, nullptr);
}

bool still_open(PGconn* conn) {
  for (int i = 0; i < max_idle_reads; ++i) {
    if (PQstatus(conn) != CONNECTION_OK)
      return false;
    pollfd fd{PQsocket(conn), POLLIN, 0};
    if (fd.fd < 0)
      return false;
    if (::poll(&fd, 1, 0) <= 0)
      return true; // nothing arrived (or interrupted: checked on use)
    if (PQconsumeInput(conn) == 0)
      return false;
    // PQconsumeInput only reads; this parses, and on an idle session an
    // error (the server's reason for closing it) goes to the receiver.
    PQisBusy(conn);
  }
  return PQstatus(conn) == CONNECTION_OK;
}

} // namespace detail

} // namespace persistence
} // namespace purse
