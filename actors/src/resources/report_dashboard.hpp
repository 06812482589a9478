#pragma once

// The dashboard report: one month against the previous one, per currency,
// with the scope's accounts, latest transactions and counts.

#include <map>
#include <string>

#include "report_request.hpp"

namespace purse::resources {

/// The scope's cached counts by name ("transactions", "accounts", ...).
using dashboard_counts = std::map<std::string, std::int64_t>;

/// The dashboard's `data` for a resolved request.
std::string dashboard(persistence::session& s, const report_context& ctx,
                      const dashboard_counts& counts);

} // namespace purse::resources
