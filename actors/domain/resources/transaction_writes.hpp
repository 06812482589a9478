// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The database side of writing transactions, shared by the single writes
// (transactions.cpp) and the batch (transaction_batch.cpp): one way to
// store a transaction, so balances, links and rollups stay exact however
// it arrives. Private to actors/.

#include <optional>
#include <string>

#include "crud_resource.hpp"
#include "encoders.hpp"
#include "transaction_rules.hpp"

namespace purse::resources {

/// Cached count keys of the scope's transactions.
constexpr const char* active_transactions_key = "transactions";
constexpr const char* voided_transactions_key = "transactions.voided";

/// The one transaction of the scope with this id, with its links.
std::optional<linked_transaction> find_in(persistence::session& s,
                                          const std::string& id,
                                          const std::string& scope_id);

/// The 422 of a change of a voided transaction.
db_outcome frozen(const char* reason, const char* message);

/// Loads (or starts) a row, applies the input, checks references, moves
/// the balance effect, stores, sets tags and files. A 404 or 422 found in
/// the database comes back as the outcome. Throws unique_violation when
/// the input's external_id is taken in its account.
outcome_or<linked_transaction>
save_in(persistence::session& s, const std::string& id,
        const std::string& scope_id, const tx_input& in, bool full,
        bool creating, const std::string& by);

/// What creating one transaction came to.
struct created_transaction {
  /// Set when refused (a 422 found in the database): nothing was stored.
  std::optional<db_outcome> refused;
  /// The new record, or the one its external_id already names.
  linked_transaction record;
  /// True when the record existed: nothing was stored.
  bool deduplicated = false;
};

/// Creates a transaction in a write of its own (a savepoint inside an
/// enclosing write); when its external_id is taken in its account, finds
/// that transaction instead (the unique index decides, also between
/// concurrent writers).
created_transaction create_in(persistence::store& st, const std::string& id,
                              const std::string& scope_id, const tx_input& in,
                              const std::string& by);

/// Creates a transaction as one statement that stores all of it or
/// nothing (session::create_transaction), under the fence of `fence_epoch`
/// (0: none): its own database transaction for a create that runs alone,
/// or one statement of a batch's transaction (write_batch.hpp). Nothing when it
/// cannot (its external_id is taken, or the statement's test of the
/// references refused what check_references accepts): create_in does it
/// then. What it stores, and the 422s it answers, are create_in's.
std::optional<created_transaction>
create_alone(persistence::store& st, const std::string& id,
             const std::string& scope_id, const tx_input& in,
             const std::string& by, std::int64_t fence_epoch);

/// The 422 of a balance that would leave the range Purse keeps.
api_result balance_out_of_range();

/// POST …/transactions/batch: 1 to max_batch_transactions bodies, each
/// created as one POST would be, in one database transaction.
prepared_call transaction_batch(const api_call& call, const scope_view& scope);

/// Most bodies one batch takes.
constexpr std::size_t max_batch_transactions = 100;

} // namespace purse::resources
