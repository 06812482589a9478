// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Spending per category, as categories-spending and the dashboard's top
// categories write it. Private to the reports.

#include <map>
#include <string>

#include "purse/actors/json.hpp"
#include "report_sums.hpp"

namespace purse::resources {

/// Category id -> name, for every category of a scope.
std::map<std::string, std::string> category_names(persistence::session& s,
                                                  const std::string& scope_id);

/// Writes the array of a currency's expense categories, largest first
/// (ties: name, then id), each with its share of `total`; `limit` > 0 keeps
/// only that many. Uncategorized spending is
/// {"id":null,"name":"Uncategorized"}.
void write_category_shares(json_writer& w, const sum_table& table,
                           const std::string& currency,
                           const std::map<std::string, std::string>& names,
                           const sum_value& total, std::size_t limit);

} // namespace purse::resources
