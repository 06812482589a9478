// The LISTEN connection: plain libpq, since ODB has no notion of
// asynchronous notifications. Compiled as C++14 (the persistence island).

#include "purse/persistence/listener.hpp"

#include <poll.h>

#include <libpq-fe.h>

#include "purse/persistence/errors.hpp"

namespace purse {
namespace persistence {

struct listener::impl {
  PGconn* conn = nullptr;

  ~impl() {
    if (conn != nullptr)
      PQfinish(conn);
  }

  [[noreturn]] void lost(const char* what) {
    std::string text = what;
    if (conn != nullptr) {
      text += ": ";
      text += PQerrorMessage(conn);
    }
    throw transient_error(text);
  }
};

listener::listener(const std::string& conninfo, const std::string& channel)
  : impl_(new impl) {
  impl_->conn = PQconnectdb(conninfo.c_str());
  if (PQstatus(impl_->conn) != CONNECTION_OK)
    impl_->lost("cannot open the LISTEN connection");
  auto quoted = PQescapeIdentifier(impl_->conn, channel.c_str(),
                                   channel.size());
  if (quoted == nullptr)
    impl_->lost("cannot quote the channel name");
  std::string sql = std::string{"LISTEN "} + quoted;
  PQfreemem(quoted);
  auto res = PQexec(impl_->conn, sql.c_str());
  auto ok = PQresultStatus(res) == PGRES_COMMAND_OK;
  PQclear(res);
  if (!ok)
    impl_->lost("LISTEN failed");
}

listener::~listener() = default;

std::vector<std::string> listener::wait(std::chrono::milliseconds timeout) {
  auto conn = impl_->conn;
  std::vector<std::string> out;
  auto drain = [&] {
    while (auto n = PQnotifies(conn)) {
      out.emplace_back(n->extra);
      PQfreemem(n);
    }
  };
  // Notifications may already be buffered from an earlier read.
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

int listener::backend_pid() const {
  return PQbackendPID(impl_->conn);
}

} // namespace persistence
} // namespace purse
