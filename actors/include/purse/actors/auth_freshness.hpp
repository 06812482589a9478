// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Whether authentication state cached in memory may be trusted. Key actors
// cache a key's state only while this node holds its LISTEN connection: a
// notification then names every user whose keys, plan or memberships
// changed. Without the connection nothing is trusted (fail closed).

#include <atomic>
#include <cstdint>

namespace purse {

/// Shared by the listener thread (writer) and the key actors (readers).
class auth_freshness {
public:
  /// A stamp taken before loading a key's state from the database.
  struct stamp {
    std::uint64_t epoch = 0;
    std::uint64_t notifications = 0;
  };

  /// The LISTEN connection is up (a new epoch: older caches are void).
  void connected() {
    epoch_.fetch_add(1);
    listening_.store(true);
  }

  /// The LISTEN connection is gone: nothing cached is trusted until it is
  /// back.
  void lost() {
    listening_.store(false);
    epoch_.fetch_add(1);
  }

  /// A notification arrived (called before its users' caches are dropped).
  void notified() {
    notifications_.fetch_add(1);
  }

  stamp now() const {
    return {epoch_.load(), notifications_.load()};
  }

  /// Whether state loaded under `before` may be cached now: still the same
  /// connection, and no notification arrived in between.
  bool may_cache(const stamp& before) const {
    return listening_.load() && epoch_.load() == before.epoch
           && notifications_.load() == before.notifications;
  }

  /// Whether state cached under `epoch` is still valid.
  bool trusts(std::uint64_t epoch) const {
    return listening_.load() && epoch_.load() == epoch;
  }

  bool listening() const {
    return listening_.load();
  }

private:
  std::atomic<bool> listening_{false};
  std::atomic<std::uint64_t> epoch_{0};
  std::atomic<std::uint64_t> notifications_{0};
};

} // namespace purse
