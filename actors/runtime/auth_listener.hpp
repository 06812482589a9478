// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The node's LISTEN connection for authentication changes (channel
// purse_auth; every change of keys, plans and memberships notifies the id
// of each user it touches, in the changing transaction). A thread of its
// own waits on it, marks cached authentication trusted while it is up, and
// drops the cache of every user a notification names. Lost: nothing cached
// is trusted until it is back (it reconnects every second). It also answers
// acknowledgement requests ("ack:<token>" on purse_auth) with the token on
// purse_auth_ack once every earlier notification is handled; writers wait
// for those answers (persistence/auth_barrier.hpp). The session is named
// purse-server-auth in pg_stat_activity so that writers can count it.

#include <atomic>
#include <memory>
#include <string>
#include <thread>

#include "request_path.hpp"

namespace purse {

/// Runs the listening thread from construction to destruction.
class auth_listener {
public:
  auth_listener(std::string conninfo, std::shared_ptr<request_path> path);
  ~auth_listener();
  auth_listener(const auth_listener&) = delete;
  auth_listener& operator=(const auth_listener&) = delete;

private:
  void run();

  std::string conninfo_;
  std::shared_ptr<request_path> path_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

} // namespace purse
