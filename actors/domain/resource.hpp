// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// A resource is one collection in a scope (transactions, accounts, ...) or
// a document (profile, usage, reports, currencies). Each lives in its own
// file under actors/domain/resources/, declares its route shape, and registers
// with one line in actors/domain/resource_registry.cpp (or, compiled outside
// actors/, with register_resource()); the HTTP routes are built from that
// registry (docs/ARCHITECTURE.md, "Adding a resource").

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "db_task.hpp"
#include "prepared_call.hpp"
#include "purse/actors/api_call.hpp"
#include "purse/actors/quotas.hpp"
#include "purse/actors/roles.hpp"
#include "purse/actors/route_shape.hpp"
#include "purse/actors/scope_view.hpp"

namespace purse {

/// One collection of a scope.
class resource {
public:
  virtual ~resource() = default;

  /// Collection name as it appears in paths.
  virtual std::string_view name() const = 0;

  /// The paths and operations it answers.
  virtual route_shape shape() const {
    return {};
  }

  /// Lowest team role allowed to run the call.
  virtual role min_role(const api_call& call) const = 0;

  /// The plan quota a create of this resource uses (nullptr: none, the
  /// default); it is one of quotas().
  virtual const char* quota() const {
    return nullptr;
  }

  /// The plan quotas this resource declares (none by default): their
  /// names, defaults and how their use is counted. Quotas, /me/usage and
  /// the settings page are built from these (all_quotas()).
  virtual std::vector<quota_spec> quotas() const {
    return {};
  }

  /// Whether the call reads query parameters (it then rejects the unknown
  /// ones itself); any parameter of a call that reads none is a 422. By
  /// default lists (filters, pages) and deletes (reassign_to, cascade) do.
  virtual bool takes_query(const api_call& call) const {
    return call.op == operation::list || call.op == operation::remove;
  }

  /// Whether the scope keeps recent answers of its reads (reports: costly
  /// to compute, asked for again and again, changed only by the scope's
  /// writes).
  virtual bool kept_by_scope() const {
    return false;
  }

  /// Validates the call and prepares its database work.
  virtual prepared_call prepare(const api_call& call,
                                const scope_view& scope) const = 0;

  /// Adds this resource's counts of a scope to `out` (runs on a worker).
  virtual void load_counts(persistence::session& s, const std::string& scope_id,
                           std::map<std::string, std::int64_t>& out) const = 0;
};

/// The resource with this collection name, or nullptr.
const resource* find_resource(std::string_view name);

/// Every registered resource: the built-in ones, then those added by
/// register_resource().
const std::vector<const resource*>& all_resources();

/// Adds a resource compiled outside actors/ (a test's:
/// tests/support/example_resource.cpp) to the registry, after the built-in
/// ones; its quotas, counts and routes then follow from it as from any
/// other. Call it before anything reads the registry (a quota table, a
/// route table, a domain), from one thread: it throws std::logic_error once
/// the registry was read, or for a name already registered. The servers
/// never call it.
void register_resource(const resource& r);

} // namespace purse
