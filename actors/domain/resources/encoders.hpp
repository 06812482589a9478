// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// JSON of rows that more than one resource shows (the dashboard embeds
// transactions and accounts, the changes feed every record of its types,
// exactly as their own endpoints write them).
// Rows are read inside a database transaction and written after it.

#include <string>
#include <vector>

#include "purse/persistence/store.hpp"

namespace purse::resources {

/// An account as GET .../accounts/{id} writes it.
std::string encode_account(const persistence::account_row& account);

/// A transaction with the ids of its tags and of its files (read in one
/// statement by session::list_linked and session::find_linked).
using linked_transaction = persistence::linked_transaction;

/// A transaction as GET .../transactions/{id} writes it.
std::string encode_transaction(const linked_transaction& t);

/// A category as GET .../categories/{id} writes it.
std::string encode_category(const persistence::category_row& category);

/// A tag as GET .../tags/{id} writes it.
std::string encode_tag(const persistence::tag_row& tag);

/// A file as GET .../files/{id} writes it, with the ids of the
/// transactions it is attached to (session::transactions_of_file).
std::string encode_file(const persistence::file_row& file,
                        const std::vector<std::string>& transaction_ids);

} // namespace purse::resources
