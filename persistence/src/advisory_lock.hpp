// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// A PostgreSQL session-level advisory lock held on a libpq connection of
// its own, so it neither takes a connection from a store's pool nor ends
// with a transaction. Private to the persistence island (C++14).

#include <functional>
#include <memory>
#include <string>

namespace purse {
namespace persistence {
namespace detail {

class advisory_lock {
public:
  /// Connects and waits for the lock named `name` (hashtext of it),
  /// exclusive or `shared`; calls `on_wait` first if it has to wait.
  /// Throws transient_error if the database cannot be reached,
  /// persistence_error if the lock cannot be taken.
  advisory_lock(const std::string& conninfo, const std::string& name,
                bool shared, const std::function<void()>& on_wait = {});

  /// Closes the connection, which releases the lock.
  ~advisory_lock();

  advisory_lock(const advisory_lock&) = delete;
  advisory_lock& operator=(const advisory_lock&) = delete;

private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

} // namespace detail
} // namespace persistence
} // namespace purse
