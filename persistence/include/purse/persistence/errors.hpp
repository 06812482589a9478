// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The exceptions of the store: the persistence island translates every ODB
// and libpq failure into one of these, so no database type escapes it.
// Compiled as C++14 and as C++17.

#include <stdexcept>

namespace purse {
namespace persistence {

/// Any database failure. The message is for logs only, never for clients.
class persistence_error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// A unique constraint was violated (for example a duplicate tag name that
/// raced past the check).
class unique_violation : public persistence_error {
public:
  using persistence_error::persistence_error;
};

/// A sum left the range the database keeps (SQLSTATE 22003): e.g. an
/// account's balance would pass the largest bigint. Nothing of the
/// statement is kept.
class out_of_range : public persistence_error {
public:
  using persistence_error::persistence_error;
};

/// The database could not be reached, or the transaction hit a deadlock or
/// a serialization failure: retrying later may succeed.
class transient_error : public persistence_error {
public:
  using persistence_error::persistence_error;
};

/// A write proved its node's membership epoch inside its transaction
/// (session::fence) and the epoch is no longer current: the cluster's
/// members changed, so the scope may have another owner now. Nothing of
/// the transaction is kept.
class fenced : public persistence_error {
public:
  using persistence_error::persistence_error;
};

/// The database schema is missing, older or newer than this build.
class schema_mismatch : public persistence_error {
public:
  using persistence_error::persistence_error;
};

} // namespace persistence
} // namespace purse
