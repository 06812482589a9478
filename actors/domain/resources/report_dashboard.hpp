// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The dashboard report: one month against the previous one, per currency,
// with the scope's accounts, latest transactions and counts.

#include <map>
#include <string>

#include "report_request.hpp"

namespace purse::resources {

/// The scope's cached counts by name ("transactions", "accounts", ...).
using dashboard_counts = std::map<std::string, std::int64_t>;

/// Reads what the dashboard of `data.ctx` shows into `data`.
void load_dashboard(persistence::session& s, report_data& data);

/// The dashboard's `data` member.
std::string write_dashboard(const report_data& data,
                            const dashboard_counts& counts);

} // namespace purse::resources
