// SPDX-License-Identifier: GPL-2.0-or-later
// The SQL of reference checks: which referenced accounts (with their
// currency), categories, tags and files exist in a scope, in one statement.
// Compiled as C++14 (the persistence island).

#include "purse/persistence/reference_snapshot.hpp"

#include <odb/pgsql/transaction.hxx>

#include "sql_support.hpp"

namespace purse {
namespace persistence {

namespace {

/// The parameters of the prepared statement, bound by reference.
struct reference_params {
  std::string scope_id;
  std::string accounts;
  std::string categories;
  std::string tags;
  std::string files;
};

/// The kind column of an account row carries its currency after one of
/// these: an active account's, or an archived one's.
constexpr const char account_prefix[] = "account:";
constexpr const char archived_prefix[] = "archived:";

} // namespace

reference_snapshot load_references(session&, const std::string& scope_id,
                                   const std::vector<std::string>& account_ids,
                                   const std::vector<std::string>& category_ids,
                                   const std::vector<std::string>& tag_ids,
                                   const std::vector<std::string>& file_ids) {
  reference_snapshot out;
  if (account_ids.empty() && category_ids.empty() && tag_ids.empty()
      && file_ids.empty())
    return out;
  // A session exists only inside a store callback, which runs in an ODB
  // transaction on this thread: its database is the session's.
  auto& db = odb::pgsql::transaction::current().database();
  using q = odb::query<detail::text_pair>;
  reference_params* p = nullptr;
  auto pq = sql::prepared<detail::text_pair>(
    db, "purse.references", p, [](reference_params& p) {
      auto in = [&p](std::string& ids) {
        return q("AND id = ANY(string_to_array(") + q::_ref(ids) + ", ','))";
      };
      return q("SELECT CASE WHEN archived THEN 'archived:' ELSE 'account:'"
               " END || currency_code, id FROM accounts WHERE scope_id = ")
             + q::_ref(p.scope_id) + in(p.accounts)
             + "UNION ALL SELECT 'category', id FROM categories"
               " WHERE scope_id = "
             + q::_ref(p.scope_id) + in(p.categories)
             + "UNION ALL SELECT 'tag', id FROM tags WHERE scope_id = "
             + q::_ref(p.scope_id) + in(p.tags)
             + "UNION ALL SELECT 'file', id FROM files WHERE scope_id = "
             + q::_ref(p.scope_id) + in(p.files);
    });
  p->scope_id = scope_id;
  p->accounts = sql::comma_joined(account_ids);
  p->categories = sql::comma_joined(category_ids);
  p->tags = sql::comma_joined(tag_ids);
  p->files = sql::comma_joined(file_ids);
  auto r = pq.execute();
  const std::string prefix = account_prefix;
  const std::string archived = archived_prefix;
  for (auto& row : r) {
    if (row.first.compare(0, prefix.size(), prefix) == 0) {
      out.accounts[row.second] = row.first.substr(prefix.size());
    } else if (row.first.compare(0, archived.size(), archived) == 0) {
      out.accounts[row.second] = row.first.substr(archived.size());
      out.archived_accounts.insert(row.second);
    } else if (row.first == "category") {
      out.categories.insert(row.second);
    } else if (row.first == "tag") {
      out.tags.insert(row.second);
    } else if (row.first == "file") {
      out.files.insert(row.second);
    }
  }
  return out;
}

} // namespace persistence
} // namespace purse
