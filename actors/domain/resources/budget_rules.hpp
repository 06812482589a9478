// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The rules of budgets as plain functions: reading a body, applying it to a
// row, and which category a budget may have. No actor, no database;
// unit-tested directly.

#include <optional>
#include <string>

#include "purse/actors/api_result.hpp"
#include "purse/actors/json.hpp"
#include "purse/persistence/rows.hpp"

namespace purse::resources {

/// Body fields (absent: unchanged).
struct budget_input {
  std::optional<std::string> category_id;
  std::optional<std::string> month;  ///< "YYYY-MM", checked
  std::optional<std::string> amount; ///< exact source text
  std::optional<std::string> currency_code;
};

/// Reads and checks a body; `full` (create, PUT) requires every field.
/// Empty when `body.errors()` says what is wrong.
std::optional<budget_input> read_budget_input(body_reader& body, bool full);

/// Applies input to a row; the amount is parsed for the final currency and
/// must be greater than 0. A 422 when it does not fit.
std::optional<api_result> apply_budget_input(const budget_input& in,
                                             persistence::budget_row& row);

/// The 422 on category_id unless `category` (nullptr: none with that id)
/// is an expense category of the scope `scope_id`.
std::optional<api_result>
check_budget_category(const persistence::category_row* category,
                      const std::string& scope_id);

/// The 409 of a second budget for the same category, month and currency.
api_result duplicate_budget();

} // namespace purse::resources
