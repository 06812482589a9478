// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Who serves a database: one server alone, or the nodes of one cluster.
// A server alone holds a PostgreSQL advisory lock exclusively, cluster nodes
// hold it shared, each on a connection of its own for as long as it runs:
// a second server alone, or a server alone beside cluster nodes, cannot
// start (each would keep its own rate buckets and quota counts). The lock
// ends with its connection (a database restart): whoever holds this object
// notices (holds()) and takes it again (retake()). The session is named
// purse-server-lock in pg_stat_activity. Plain libpq; compiled as C++14
// (the persistence island).

#include <chrono>
#include <memory>
#include <string>

namespace purse {
namespace persistence {

class server_lock {
public:
  /// What an attempt to take the lock found.
  enum class outcome {
    /// Taken: this connection holds it.
    taken,
    /// Another server holds it in a mode that excludes this one.
    held_by_another,
    /// The database could not be reached (or did not answer).
    unreachable,
  };

  /// The application_name of the lock's session.
  static constexpr const char* session_name = "purse-server-lock";

  /// Takes the lock (`shared` for a cluster node) on a new connection;
  /// throws persistence_error saying who holds it if it is taken, or
  /// transient_error saying why the database cannot be reached.
  server_lock(const std::string& conninfo, bool shared);

  /// Closes the connection, which releases the lock.
  ~server_lock();

  server_lock(const server_lock&) = delete;
  server_lock& operator=(const server_lock&) = delete;

  /// Waits up to `timeout` for the lock's connection to end. True while it
  /// is up (the lock is held); false once it is lost, and so is the lock.
  /// Its TCP keepalives find a silent peer within about 25 s.
  bool holds(std::chrono::milliseconds timeout);

  /// Takes the lock again, in the same mode, on a new connection (after
  /// holds() returned false; a held lock is released first). Anything but
  /// `taken` leaves it not held, with the reason in `error`.
  outcome retake(std::string& error);

  /// Whether the lock is taken shared (a cluster node).
  bool shared() const;

private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

} // namespace persistence
} // namespace purse
