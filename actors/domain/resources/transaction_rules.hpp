// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The rules of transactions as plain functions: reading a body, applying it
// to a row, what a change does to account balances, and whether the rows it
// refers to exist in its scope. No actor, no database (the references are
// checked against a snapshot loaded beforehand); unit-tested directly.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common.hpp"
#include "purse/actors/api_result.hpp"
#include "purse/actors/calendar.hpp"
#include "purse/actors/json.hpp"
#include "purse/persistence/reference_snapshot.hpp"
#include "purse/persistence/rows.hpp"
#include "purse/persistence/transaction_filter.hpp"

namespace purse::resources {

/// Longest description and notes, most tags and files of one transaction.
constexpr std::size_t max_description = 500;
constexpr std::size_t max_notes = 2000;
constexpr std::size_t max_tags = 50;
constexpr std::size_t max_files = 20;
/// Longest external_id (a client's own id, e.g. a bank's).
constexpr std::size_t max_external_id = 128;

/// Whether `t` is a flow type: expense, income or transfer.
bool is_flow_type(const std::string& t);

/// Body fields; for nullable ones, `clear_` says the body sent null.
struct tx_input {
  std::optional<std::string> account_id;
  std::optional<std::string> to_account_id;
  bool clear_to_account = false;
  std::optional<std::string> category_id;
  bool clear_category = false;
  std::optional<std::string> flow_type;
  std::optional<std::string> amount; ///< exact source text
  std::optional<std::string> currency_code;
  std::optional<std::string> description;
  std::optional<std::string> notes;
  std::optional<std::int64_t> transaction_at;
  std::optional<std::vector<std::string>> tag_ids;
  std::optional<std::vector<std::string>> file_ids;
  /// The client's own id, unique per account; null clears it.
  std::optional<std::string> external_id;
  bool clear_external_id = false;
};

/// Reads a body; `full` (create, PUT) requires the required fields. Empty
/// when `body.errors()` says what is wrong.
std::optional<tx_input> read_tx_input(body_reader& body, bool full);

/// Applies input to a row; the amount is parsed for the final currency. A
/// 422 when the amount does not fit it.
std::optional<api_result> apply_tx_input(const tx_input& in,
                                         persistence::transaction_row& row,
                                         bool full);

/// The ids a change leaves on a transaction: the body's, else none for a
/// full write, else the current ones; sorted, without repeats.
std::vector<std::string>
linked_ids(const std::optional<std::vector<std::string>>& given, bool full,
           std::vector<std::string> current);

/// Sorts ids and drops repeats.
void normalize_ids(std::vector<std::string>& ids);

/// Checks every reference of `row` (accounts and their currency, category,
/// tags, files) against what exists in its scope; returns field errors.
/// `before` is the transaction before this change (nullptr for a create):
/// an archived account takes no transaction that was not already on it.
field_errors
check_references(const persistence::transaction_row& row,
                 const std::vector<std::string>& tag_ids,
                 const std::vector<std::string>& file_ids,
                 const persistence::reference_snapshot& found,
                 const persistence::transaction_row* before = nullptr);

/// Reads the filters of the list (`from`, `to`, `q`, `sort`, ...); problems
/// go to `q.errors()`. A date-only `from` or `to` is a day in `zone` (the
/// caller's profile zone, as in the reports); a date-time is that instant.
persistence::transaction_filter read_filter(query_reader& q,
                                            const std::string& scope_id,
                                            const time_zone& zone);

// -- balances -----------------------------------------------------------------

/// An amount of minor units to add to an account's balance.
struct balance_delta {
  std::string account_id;
  std::int64_t minor = 0;

  bool operator==(const balance_delta& other) const {
    return account_id == other.account_id && minor == other.minor;
  }
};

/// What a transaction adds to balances while it counts (not voided).
std::vector<balance_delta> effect_of(const persistence::transaction_row& t);

/// What moves when `before` becomes `after`; nullptr stands for no
/// transaction (create: no before; delete: no after). Summed per account,
/// ordered by account id, zero sums left out.
std::vector<balance_delta>
balance_change(const persistence::transaction_row* before,
               const persistence::transaction_row* after);

/// Applies deltas with session::adjust_balance (the one step that is not
/// pure; it runs inside the caller's write).
void apply_deltas(persistence::session& s,
                  const std::vector<balance_delta>& deltas);

} // namespace purse::resources
