// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Records of the feed's types (transactions, accounts, categories, tags,
// files) loaded by id and written as their own GETs write them: the
// changes feed lists them, webhook deliveries carry them. Private to
// actors/.

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "purse/persistence/store.hpp"

namespace purse::resources {

/// A record's type ("transaction", "account", ...) and id.
using record_key = std::pair<std::string, std::string>;

/// The records of `scope_id` among `ids` (by type), each as its own GET
/// writes it: one statement per type asked for, not one per record. An id
/// of no record of the scope is absent from the answer.
std::map<record_key, std::string>
load_records(persistence::session& s, const std::string& scope_id,
             std::map<std::string, std::vector<std::string>> ids);

} // namespace purse::resources
