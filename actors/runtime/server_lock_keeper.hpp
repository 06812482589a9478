// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Keeps this server's lock on the database (persistence/server_lock.hpp)
// held. A thread of its own watches the lock's connection; when it ends (a
// database restart), it takes the lock again in the same mode, trying
// every 250 ms: meanwhile the node is not ready. If another server took
// the lock in between, every API call is 503 and the node stays not ready,
// trying every second, until it takes the lock back; then, and after any
// loss, every scope's counts are read again. Each change is one JSON log
// line: server_lock_lost (warn), server_lock_taken (error),
// server_lock_retaken (info).

#include <atomic>
#include <memory>
#include <thread>

#include "purse/persistence/server_lock.hpp"
#include "request_path.hpp"

namespace purse {

/// Runs the watching thread from construction to stop().
class server_lock_keeper {
public:
  server_lock_keeper(std::unique_ptr<persistence::server_lock> lock,
                     std::shared_ptr<request_path> path);

  /// Stops the thread; the lock is released at destruction.
  ~server_lock_keeper();

  server_lock_keeper(const server_lock_keeper&) = delete;
  server_lock_keeper& operator=(const server_lock_keeper&) = delete;

  /// Stops watching (the lock stays as it is until destruction).
  void stop();

private:
  void run();

  /// Sleeps `d` or until stop().
  void pause(std::chrono::milliseconds d);

  std::unique_ptr<persistence::server_lock> lock_;
  std::shared_ptr<request_path> path_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

} // namespace purse
