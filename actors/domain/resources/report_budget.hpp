// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The budget report: per currency, each budgeted category's budget for the
// month against what was spent on it, and the spending no budget covers.
// Private to the reports.

#include <string>

#include "report_request.hpp"

namespace purse::resources {

/// Reads what the budget report of `data.ctx` shows into `data`: the
/// month's expenses per category (from the rollups), its budgets and the
/// category names.
void load_budget(persistence::session& s, report_data& data);

/// The budget report's `data` member.
std::string write_budget(const report_data& data);

} // namespace purse::resources
