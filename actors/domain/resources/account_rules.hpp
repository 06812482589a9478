// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The rules of accounts as plain functions: reading a body, applying it to a
// row, and what deleting an account does to the transactions that use it.
// No actor, no database; unit-tested directly.

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "purse/actors/api_result.hpp"
#include "purse/actors/json.hpp"
#include "purse/persistence/rows.hpp"
#include "transaction_rules.hpp"

namespace purse::resources {

/// The fields a body may set; unset ones keep their value.
struct account_input {
  std::optional<std::string> name;
  std::optional<std::string> type;
  std::optional<std::string> currency_code;
  std::optional<std::string> opening_balance; ///< exact source text
  std::optional<bool> archived;
};

/// Reads and checks a body; `full` (create, PUT) requires name and
/// currency. Empty when `body.errors()` says what is wrong.
std::optional<account_input> read_account_input(body_reader& body, bool full);

/// Applies input to a row, checking the amount against the final currency.
std::optional<api_result> apply_account_input(const account_input& in,
                                              persistence::account_row& row,
                                              bool full);

/// The balance an account shows: its opening balance plus the maintained
/// effect of its transactions; nullopt when that sum leaves the int64
/// range (writes keep it within: purse_adjust_balance and
/// check_balance_range).
std::optional<std::int64_t>
current_balance(const persistence::account_row& row);

/// The 422 when a change of `row`'s opening balance would carry its
/// current balance out of range.
std::optional<api_result>
check_balance_range(const persistence::account_row& row);

/// The 422 when `after`'s currency differs from `before`'s and that is not
/// allowed: an account in use (`uses` transactions) keeps its currency,
/// and a non-zero opening balance is never carried over into another
/// currency (its minor units would mean another amount: 10.00 USD is not
/// 1000 JPY): the request must restate it (`opening_restated`).
std::optional<api_result>
check_currency_change(const persistence::account_row& before,
                      const persistence::account_row& after, std::int64_t uses,
                      bool opening_restated);

/// What deleting an account does to the transactions that use it.
struct account_removal {
  /// Uses moved to the target account (reassign_to), to be stored.
  std::vector<persistence::transaction_row> moved;
  /// Ids of the uses to delete (cascade).
  std::vector<std::string> deleted;
  /// What the accounts that stay gain or lose.
  std::vector<balance_delta> balances;
  /// Changes of the scope's cached counts.
  std::vector<std::pair<std::string, std::int64_t>> counts;
};

/// Plans the deletion of `row` used by `uses`: moving them to `target`
/// (`dest` is that account if it exists in the scope, else nullptr),
/// deleting them (`cascade`), or neither when there are none; the 422 when
/// the request cannot be done.
std::variant<account_removal, api_result>
plan_account_removal(const persistence::account_row& row,
                     const std::string& target,
                     const persistence::account_row* dest, bool cascade,
                     std::vector<persistence::transaction_row> uses,
                     std::int64_t now);

} // namespace purse::resources
