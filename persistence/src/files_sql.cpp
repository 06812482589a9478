// SPDX-License-Identifier: GPL-2.0-or-later
// The SQL of stored files: metadata, bytes (in the same transaction, so a
// file is whole or absent) and which transactions a file is attached to.
// Compiled as C++14 (the persistence island).

#include "generic_sql.hpp"

namespace purse {
namespace persistence {

namespace sql {

template <>
struct table_of<file_row> {
  static constexpr const char* name = "files";
};

} // namespace sql

PURSE_SQL_ROW_OPERATIONS(file_row);
PURSE_SQL_FIND_IN_SCOPE(file_row);

void session::insert_file(const file_row& meta,
                          const std::vector<char>& bytes) {
  impl_.db.persist(meta);
  file_content_row content;
  content.file_id = meta.id;
  content.bytes = bytes;
  impl_.db.persist(content);
}

bool session::load_file_bytes(const std::string& file_id,
                              std::vector<char>& out) {
  file_content_row content;
  if (!impl_.db.find<file_content_row>(file_id, content))
    return false;
  out.swap(content.bytes);
  return true;
}

void session::erase_file(const std::string& file_id) {
  using links = odb::query<transaction_file_row>;
  using contents = odb::query<file_content_row>;
  using files = odb::query<file_row>;
  impl_.db.erase_query<transaction_file_row>(links::file_id == file_id);
  impl_.db.erase_query<file_content_row>(contents::file_id == file_id);
  impl_.db.erase_query<file_row>(files::id == file_id);
}

std::vector<file_row> session::list_files(const std::string& scope_id,
                                          const std::string& transaction_id,
                                          std::int64_t offset,
                                          std::int64_t limit) {
  using q = odb::query<file_row>;
  q c(q::scope_id == scope_id);
  if (!transaction_id.empty())
    c = c
        && q("\"files\".\"id\" IN (SELECT file_id FROM transaction_files"
             " WHERE transaction_id = "
             + q::_val(transaction_id) + ")");
  auto r = impl_.db.query<file_row>(c + "ORDER BY" + q::created_at + "DESC,"
                                    + q::id + "DESC LIMIT" + q::_val(limit)
                                    + "OFFSET" + q::_val(offset));
  return std::vector<file_row>(r.begin(), r.end());
}

std::int64_t session::count_files_of(const std::string& scope_id,
                                     const std::string& transaction_id) {
  // The same condition as list_files: the scope's files linked to it.
  using sql::int_query;
  return sql::scalar(impl_.db,
                     int_query("SELECT COUNT(*) FROM files WHERE scope_id = ")
                       + int_query::_val(scope_id)
                       + " AND id IN (SELECT file_id FROM transaction_files"
                         " WHERE transaction_id = "
                       + int_query::_val(transaction_id) + ")");
}

std::pair<std::int64_t, std::int64_t>
session::file_totals(const std::string& scope_id) {
  auto count = sql::scalar(impl_.db,
                           sql::int_query("SELECT COUNT(*) FROM files WHERE"
                                          " scope_id = ")
                             + sql::int_query::_val(scope_id));
  auto bytes = sql::scalar(
    impl_.db, sql::int_query("SELECT COALESCE(SUM(size_bytes), 0)::bigint"
                             " FROM files WHERE scope_id = ")
                + sql::int_query::_val(scope_id));
  return {count, bytes};
}

std::vector<std::string>
session::transactions_of_file(const std::string& file_id) {
  using q = odb::query<transaction_file_row>;
  std::vector<std::string> out;
  auto r = impl_.db.query<transaction_file_row>(
    (q::file_id == file_id) + "ORDER BY" + q::transaction_id);
  for (auto& row : r)
    out.push_back(row.transaction_id);
  return out;
}

std::vector<std::pair<std::string, std::string>>
session::transactions_of_files(const std::vector<std::string>& file_ids) {
  std::vector<std::pair<std::string, std::string>> out;
  if (file_ids.empty())
    return out;
  using q = odb::query<transaction_file_row>;
  sql::in_scope_params* p = nullptr;
  auto pq = sql::prepared<transaction_file_row>(
    impl_.db, "purse.transactions_of_files", p, [](sql::in_scope_params& p) {
      return q::file_id + "= ANY(string_to_array(" + q::_ref(p.ids)
             + ", ',')) ORDER BY" + q::file_id + "," + q::transaction_id;
    });
  p->ids = sql::comma_joined(file_ids);
  auto r = pq.execute();
  for (auto& row : r)
    out.emplace_back(row.file_id, row.transaction_id);
  return out;
}

} // namespace persistence
} // namespace purse
