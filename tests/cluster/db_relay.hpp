// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// A TCP relay between purse-server and PostgreSQL that a test can freeze:
// frozen, it keeps every connection open but moves no byte either way (a
// node cut off from its database without a reset), and new connections
// hang too; thawed, everything flows again.

#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace purse::test {

class db_relay {
public:
  /// Relays 127.0.0.1:port() to `target_port` on 127.0.0.1.
  explicit db_relay(int target_port);
  ~db_relay();
  db_relay(const db_relay&) = delete;
  db_relay& operator=(const db_relay&) = delete;

  int port() const {
    return port_;
  }

  /// `url` (postgresql://...@HOST:PORT/DB) with this relay's port.
  std::string url_through(const std::string& url) const;

  void freeze() {
    frozen_ = true;
  }
  void thaw() {
    frozen_ = false;
  }

private:
  void accept_loop();
  void pump(int client, int server);

  int target_port_;
  int port_ = 0;
  int listener_ = -1;
  std::atomic<bool> frozen_{false};
  std::atomic<bool> stopping_{false};
  std::mutex mtx_;
  std::vector<std::thread> threads_;
  std::vector<int> fds_;
};

/// The port of a postgresql:// URL.
int port_of_url(const std::string& url);

} // namespace purse::test
