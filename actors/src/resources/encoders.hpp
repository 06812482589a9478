#pragma once

// JSON of rows that more than one resource shows (the dashboard embeds
// transactions and accounts exactly as their own endpoints write them).

#include <string>
#include <vector>

#include "purse/persistence/store.hpp"

namespace purse::resources {

/// An account as GET .../accounts/{id} writes it.
std::string encode_account(const persistence::account_row& account);

/// Transactions as GET .../transactions writes its items, with their tag
/// and file ids read in two queries for the whole set.
std::vector<std::string>
encode_transactions(persistence::session& s,
                    const std::vector<persistence::transaction_row>& rows);

} // namespace purse::resources
