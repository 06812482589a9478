// SPDX-License-Identifier: GPL-2.0-or-later
// The v11 data migration that fills in who wrote the rows written before
// it, where that is known. Compiled as C++14 (the persistence island).

#include "session_impl.hpp"

namespace purse {
namespace persistence {

namespace {

/// A personal scope's id is its user's id, and its user is its only writer.
constexpr const char* personal_authors = R"SQL(
UPDATE accounts SET created_by = scope_id, updated_by = scope_id
 WHERE scope_id IN (SELECT id FROM users);
UPDATE categories SET created_by = scope_id, updated_by = scope_id
 WHERE scope_id IN (SELECT id FROM users);
UPDATE tags SET created_by = scope_id, updated_by = scope_id
 WHERE scope_id IN (SELECT id FROM users);
UPDATE transactions SET created_by = scope_id, updated_by = scope_id
 WHERE scope_id IN (SELECT id FROM users);
UPDATE files SET created_by = uploader_id, updated_by = uploader_id;
)SQL";

} // namespace

void fill_known_authors(odb::database& db) {
  db.execute(personal_authors);
}

} // namespace persistence
} // namespace purse
