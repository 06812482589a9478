#pragma once

// JSON of rows that more than one resource shows (the dashboard embeds
// transactions and accounts exactly as their own endpoints write them).
// Rows are read inside a database transaction and written after it.

#include <string>
#include <vector>

#include "purse/persistence/store.hpp"

namespace purse::resources {

/// An account as GET .../accounts/{id} writes it.
std::string encode_account(const persistence::account_row& account);

/// A transaction with the ids of its tags and of its files.
struct linked_transaction {
  persistence::transaction_row row;
  std::vector<std::string> tag_ids;
  std::vector<std::string> file_ids;
};

/// The rows with their tag and file ids, read in two queries for the set.
std::vector<linked_transaction>
with_links(persistence::session& s,
           std::vector<persistence::transaction_row> rows);

/// A transaction as GET .../transactions/{id} writes it.
std::string encode_transaction(const linked_transaction& t);

} // namespace purse::resources
