// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Which of the rows a write refers to exist in its scope, read in one round
// trip so that the rules checking the references can be pure functions.
// Compiled as C++14 and as C++17; no ODB type.

#include <map>
#include <set>
#include <string>
#include <vector>

namespace purse {
namespace persistence {

class session;

/// The referenced rows found in one scope; an id of another scope, or of
/// no row at all, is simply absent.
struct reference_snapshot {
  /// Account id -> its currency code.
  std::map<std::string, std::string> accounts;
  /// Those of `accounts` that are archived (they take no new transactions).
  std::set<std::string> archived_accounts;
  std::set<std::string> categories;
  std::set<std::string> tags;
  std::set<std::string> files;
};

/// Loads which of the given ids name an account, category, tag or file of
/// `scope_id`, with one statement (prepared once per connection). Runs in
/// the current database transaction of `s`.
reference_snapshot load_references(session& s, const std::string& scope_id,
                                   const std::vector<std::string>& account_ids,
                                   const std::vector<std::string>& category_ids,
                                   const std::vector<std::string>& tag_ids,
                                   const std::vector<std::string>& file_ids);

} // namespace persistence
} // namespace purse
