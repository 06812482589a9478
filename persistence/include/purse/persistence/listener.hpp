// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// A connection of its own that LISTENs on channels and can send
// notifications. Compiled as C++14 (the persistence island); no libpq type
// leaks out.

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace purse {
namespace persistence {

/// One notification as it arrived.
struct notification {
  std::string channel;
  std::string payload;
  /// The backend process id of the session that sent it (the
  /// pg_stat_activity.pid of the sender).
  int sender_pid = 0;
};

/// Holds one LISTEN connection. Not thread-safe: one thread waits on it.
class listener {
public:
  /// Connects and runs LISTEN `channel`. A non-empty `application_name` is
  /// set on the session only once that LISTEN is in effect, so a session
  /// that shows this name in pg_stat_activity hears every notification on
  /// `channel` committed from then on (the name given in `conninfo`, if
  /// any, is shown before). Throws transient_error if the database cannot
  /// be reached.
  listener(const std::string& conninfo, const std::string& channel,
           const std::string& application_name = {});
  ~listener();
  listener(const listener&) = delete;
  listener& operator=(const listener&) = delete;

  /// Runs LISTEN on one more channel.
  void listen(const std::string& channel);

  /// Sends a notification from this session, `SELECT pg_notify(channel,
  /// payload)` with both as parameters, committed at once (the session
  /// runs no transaction of its own).
  void notify(const std::string& channel, const std::string& payload);

  /// The backend process ids of the sessions on this connection's database
  /// whose application_name is `application_name` (this one included if it
  /// carries that name).
  std::vector<int> sessions_named(const std::string& application_name);

  /// Waits up to `timeout` for notifications and returns their payloads
  /// (empty after a quiet timeout). Throws transient_error once the
  /// connection is lost; the listener is unusable afterwards.
  std::vector<std::string> wait(std::chrono::milliseconds timeout);

  /// As wait(), with each notification's channel and sender.
  std::vector<notification> receive(std::chrono::milliseconds timeout);

  /// The process id of the listening backend (pg_stat_activity.pid).
  int backend_pid() const;

private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

} // namespace persistence
} // namespace purse
