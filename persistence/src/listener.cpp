// SPDX-License-Identifier: GPL-2.0-or-later
// The LISTEN connection: plain libpq, since ODB has no notion of
// asynchronous notifications. Compiled as C++14 (the persistence island).

#include "purse/persistence/listener.hpp"

#include <poll.h>

#include <cstdlib>

#include <libpq-fe.h>

#include "notices.hpp"
#include "purse/persistence/errors.hpp"

namespace purse {
namespace persistence {

namespace {

/// Owns one PGresult.
struct result_deleter {
  void operator()(PGresult* res) const {
    PQclear(res);
  }
};

using result_ptr = std::unique_ptr<PGresult, result_deleter>;

} // namespace

struct listener::impl {
  PGconn* conn = nullptr;

  ~impl() {
    if (conn != nullptr)
      PQfinish(conn);
  }

  /// Throws transient_error when the connection is gone (retrying on a new
  /// one may succeed), persistence_error otherwise.
  [[noreturn]] void fail(const char* what) {
    std::string text = what;
    if (conn != nullptr) {
      text += ": ";
      text += PQerrorMessage(conn);
    }
    if (conn == nullptr || PQstatus(conn) != CONNECTION_OK)
      throw transient_error(text);
    throw persistence_error(text);
  }

  [[noreturn]] void lost(const char* what) {
    std::string text = what;
    if (conn != nullptr) {
      text += ": ";
      text += PQerrorMessage(conn);
    }
    throw transient_error(text);
  }

  /// Runs `sql` with text parameters (never spliced into the text) and
  /// returns its result, or throws with `what` unless it has `expected`.
  result_ptr exec(const char* sql, std::vector<const char*> params,
                  ExecStatusType expected, const char* what) {
    result_ptr res{PQexecParams(conn, sql, static_cast<int>(params.size()),
                                nullptr, params.data(), nullptr, nullptr, 0)};
    if (PQresultStatus(res.get()) != expected)
      fail(what);
    return res;
  }

  void listen(const std::string& channel) {
    // LISTEN takes an identifier, not a parameter: quoted by libpq.
    auto quoted = PQescapeIdentifier(conn, channel.c_str(), channel.size());
    if (quoted == nullptr)
      fail("cannot quote the channel name");
    std::string sql = std::string{"LISTEN "} + quoted;
    PQfreemem(quoted);
    result_ptr res{PQexec(conn, sql.c_str())};
    if (PQresultStatus(res.get()) != PGRES_COMMAND_OK)
      fail("LISTEN failed");
  }
};

listener::listener(const std::string& conninfo, const std::string& channel,
                   const std::string& application_name)
  : impl_(new impl) {
  impl_->conn = PQconnectdb(conninfo.c_str());
  detail::route_notices(impl_->conn);
  if (PQstatus(impl_->conn) != CONNECTION_OK)
    impl_->lost("cannot open the LISTEN connection");
  impl_->listen(channel);
  // Named only now: whoever counts sessions by this name counts sessions
  // that already hear the channel.
  if (!application_name.empty())
    impl_->exec("SELECT set_config('application_name', $1, false)",
                {application_name.c_str()}, PGRES_TUPLES_OK,
                "cannot set application_name");
}

listener::~listener() = default;

void listener::listen(const std::string& channel) {
  impl_->listen(channel);
}

void listener::notify(const std::string& channel, const std::string& payload) {
  impl_->exec("SELECT pg_notify($1, $2)", {channel.c_str(), payload.c_str()},
              PGRES_TUPLES_OK, "NOTIFY failed");
}

std::vector<int> listener::sessions_named(const std::string& application_name) {
  auto res = impl_->exec("SELECT pid FROM pg_stat_activity"
                         " WHERE application_name = $1"
                         " AND datname = current_database()",
                         {application_name.c_str()}, PGRES_TUPLES_OK,
                         "cannot read pg_stat_activity");
  std::vector<int> out;
  for (int row = 0; row < PQntuples(res.get()); ++row)
    out.push_back(std::atoi(PQgetvalue(res.get(), row, 0)));
  return out;
}

std::vector<notification> listener::receive(std::chrono::milliseconds timeout) {
  auto conn = impl_->conn;
  std::vector<notification> out;
  auto drain = [&] {
    while (auto n = PQnotifies(conn)) {
      notification item;
      item.channel = n->relname;
      item.payload = n->extra;
      item.sender_pid = n->be_pid;
      out.push_back(std::move(item));
      PQfreemem(n);
    }
  };
  // Notifications may already be buffered from an earlier read (or from
  // the answer to a statement this session ran).
  drain();
  if (!out.empty())
    return out;
  pollfd fd{PQsocket(conn), POLLIN, 0};
  if (fd.fd < 0)
    impl_->lost("the LISTEN connection is closed");
  auto ready = ::poll(&fd, 1, static_cast<int>(timeout.count()));
  if (ready < 0)
    return out; // interrupted: the caller waits again
  if (ready == 0)
    return out;
  if (PQconsumeInput(conn) == 0 || PQstatus(conn) != CONNECTION_OK)
    impl_->lost("the LISTEN connection was lost");
  drain();
  return out;
}

std::vector<std::string> listener::wait(std::chrono::milliseconds timeout) {
  std::vector<std::string> out;
  for (auto& n : receive(timeout))
    out.push_back(std::move(n.payload));
  return out;
}

int listener::backend_pid() const {
  return PQbackendPID(impl_->conn);
}

} // namespace persistence
} // namespace purse
