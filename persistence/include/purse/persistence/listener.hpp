#pragma once

// A connection of its own that LISTENs on one channel. Compiled as C++14
// (the persistence island); no libpq type leaks out.

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace purse {
namespace persistence {

/// Holds one LISTEN connection. Not thread-safe: one thread waits on it.
class listener {
public:
  /// Connects and runs LISTEN `channel`. Throws transient_error if the
  /// database cannot be reached.
  listener(const std::string& conninfo, const std::string& channel);
  ~listener();
  listener(const listener&) = delete;
  listener& operator=(const listener&) = delete;

  /// Waits up to `timeout` for notifications and returns their payloads
  /// (empty after a quiet timeout). Throws transient_error once the
  /// connection is lost; the listener is unusable afterwards.
  std::vector<std::string> wait(std::chrono::milliseconds timeout);

  /// The process id of the listening backend (pg_stat_activity.pid).
  int backend_pid() const;

private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

} // namespace persistence
} // namespace purse
