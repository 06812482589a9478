// SPDX-License-Identifier: GPL-2.0-or-later
#include "records.hpp"

#include "encoders.hpp"

namespace purse::resources {

namespace {

using persistence::session;

template <class Row, class Encode>
void load_rows(session& s, const std::string& scope_id,
               const std::vector<std::string>& ids, const char* type,
               std::map<record_key, std::string>& out, Encode encode) {
  if (ids.empty())
    return;
  for (auto& row : s.find_in_scope<Row>(ids, scope_id))
    out[{type, row.id}] = encode(row);
}

} // namespace

std::map<record_key, std::string>
load_records(session& s, const std::string& scope_id,
             std::map<std::string, std::vector<std::string>> ids) {
  std::map<record_key, std::string> out;
  if (!ids["transaction"].empty())
    for (auto& t : s.find_linked_in_scope(ids["transaction"], scope_id))
      out[{"transaction", t.row.id}] = encode_transaction(t);
  load_rows<persistence::account_row>(s, scope_id, ids["account"], "account",
                                      out, [](auto& a) {
                                        return encode_account(a);
                                      });
  load_rows<persistence::category_row>(s, scope_id, ids["category"], "category",
                                       out, [](auto& c) {
                                         return encode_category(c);
                                       });
  load_rows<persistence::tag_row>(s, scope_id, ids["tag"], "tag", out,
                                  [](auto& t) {
                                    return encode_tag(t);
                                  });
  if (ids["file"].empty())
    return out;
  auto files = s.find_in_scope<persistence::file_row>(ids["file"], scope_id);
  if (!files.empty()) {
    std::vector<std::string> file_ids;
    for (auto& f : files)
      file_ids.push_back(f.id);
    std::map<std::string, std::vector<std::string>> attached;
    for (auto& link : s.transactions_of_files(file_ids))
      attached[link.first].push_back(link.second);
    for (auto& f : files)
      out[{"file", f.id}] = encode_file(f, attached[f.id]);
  }
  return out;
}

} // namespace purse::resources
