// SPDX-License-Identifier: GPL-2.0-or-later
#include "transaction_writes.hpp"

#include "purse/actors/field_errors.hpp"
#include "purse/actors/timestamp.hpp"

namespace purse::resources {

namespace {

using persistence::session;
using persistence::store;

/// The existing rows a transaction refers to, in one query.
persistence::reference_snapshot references_of(session& s,
                                              const linked_transaction& t) {
  auto& row = t.row;
  std::vector<std::string> accounts{row.account_id};
  if (!row.to_account_id.empty())
    accounts.push_back(row.to_account_id);
  std::vector<std::string> categories;
  if (!row.category_id.empty())
    categories.push_back(row.category_id);
  return persistence::load_references(s, row.scope_id, accounts, categories,
                                      t.tag_ids, t.file_ids);
}

/// The transaction of the account whose external_id this is.
std::optional<linked_transaction>
find_by_external_id(session& s, const std::string& scope_id,
                    const std::string& account_id,
                    const std::string& external_id) {
  persistence::transaction_filter f;
  f.scope_id = scope_id;
  f.account_id = account_id; // also matches transfers into it
  f.external_id = external_id;
  f.include_voided = true;
  for (auto& t : s.list_linked(f, 0, 10, nullptr))
    if (t.row.account_id == account_id)
      return std::move(t);
  return std::nullopt;
}

/// A new transaction `id` of `scope_id` from `in` (a create's whole body),
/// stamped as made by `by` at `now`; the 422 of a body that makes none.
outcome_or<linked_transaction>
new_transaction(const std::string& id, const std::string& scope_id,
                const tx_input& in, const std::string& by, std::int64_t now) {
  linked_transaction t;
  t.row.id = id;
  t.row.scope_id = scope_id;
  stamp_created(t.row, by, now);
  if (auto err = apply_tx_input(in, t.row, true))
    return db_outcome{std::move(*err), {}};
  t.tag_ids = linked_ids(in.tag_ids, true, {});
  t.file_ids = linked_ids(in.file_ids, true, {});
  stamp_updated(t.row, by, now);
  return t;
}

} // namespace

db_outcome frozen(const char* reason, const char* message) {
  return {make_result(errc::unprocessable,
                      std::string{R"({"voided_at":[")"} + reason + "\"]}",
                      message),
          {}};
}

std::optional<linked_transaction> find_in(session& s, const std::string& id,
                                          const std::string& scope_id) {
  linked_transaction found;
  if (!s.find_linked(id, scope_id, found))
    return std::nullopt;
  return found;
}

outcome_or<linked_transaction>
save_in(session& s, const std::string& id, const std::string& scope_id,
        const tx_input& in, bool full, bool creating, const std::string& by) {
  linked_transaction t;
  persistence::transaction_row before;
  auto now = now_seconds();
  if (creating) {
    auto made = new_transaction(id, scope_id, in, by, now);
    if (auto* refused = std::get_if<db_outcome>(&made))
      return std::move(*refused);
    t = std::move(std::get<linked_transaction>(made));
  } else {
    auto found = find_in(s, id, scope_id);
    if (!found)
      return db_outcome{missing("transaction"), {}};
    if (found->row.voided_at != 0)
      return frozen("the transaction is voided and cannot be edited",
                    "A voided transaction cannot be edited");
    t = std::move(*found);
    before = t.row;
    if (auto err = apply_tx_input(in, t.row, full))
      return db_outcome{std::move(*err), {}};
    t.tag_ids = linked_ids(in.tag_ids, full, std::move(t.tag_ids));
    t.file_ids = linked_ids(in.file_ids, full, std::move(t.file_ids));
    stamp_updated(t.row, by, now);
  }
  if (auto errors = check_references(t.row, t.tag_ids, t.file_ids,
                                     references_of(s, t),
                                     creating ? nullptr : &before);
      !errors.empty())
    return db_outcome{invalid(errors), {}};
  if (creating)
    s.insert(t.row);
  else
    s.update(t.row);
  apply_deltas(s, balance_change(creating ? nullptr : &before, &t.row));
  // A new transaction has no links to replace: insert only, and only
  // when it has any.
  if (creating) {
    s.add_tags(scope_id, id, t.tag_ids);
    s.add_files(scope_id, id, t.file_ids);
  } else {
    if (in.tag_ids || full)
      s.set_tags(scope_id, id, t.tag_ids);
    if (in.file_ids || full)
      s.set_files(scope_id, id, t.file_ids);
  }
  return t;
}

std::optional<created_transaction>
create_alone(store& st, const std::string& id, const std::string& scope_id,
             const tx_input& in, const std::string& by,
             std::int64_t fence_epoch) {
  created_transaction out;
  auto made = new_transaction(id, scope_id, in, by, now_seconds());
  if (auto* refused = std::get_if<db_outcome>(&made)) {
    out.refused = std::move(*refused);
    return out;
  }
  out.record = std::move(std::get<linked_transaction>(made));
  auto& t = out.record;
  std::vector<std::pair<std::string, std::int64_t>> deltas;
  for (auto& d : balance_change(nullptr, &t.row))
    deltas.emplace_back(d.account_id, d.minor);
  bool stored = false;
  try {
    st.query([&](session& s) {
      stored = s.create_transaction(t.row, t.tag_ids, t.file_ids, deltas,
                                    fence_epoch);
    });
  } catch (const persistence::unique_violation&) {
    // The external_id is taken in the account (the id is new): the usual
    // way finds the transaction it names.
    return std::nullopt;
  }
  if (stored)
    return out;
  // A reference failed the statement's test, and nothing was written: the
  // references as they are now word the 422.
  persistence::reference_snapshot found;
  st.query([&](session& s) {
    found = references_of(s, t);
  });
  if (auto errors = check_references(t.row, t.tag_ids, t.file_ids, found,
                                     nullptr);
      !errors.empty()) {
    out.refused = db_outcome{invalid(errors), {}};
    return out;
  }
  return std::nullopt; // nothing wrong after all (changed meanwhile)
}

created_transaction create_in(store& st, const std::string& id,
                              const std::string& scope_id, const tx_input& in,
                              const std::string& by) {
  created_transaction out;
  try {
    st.write([&](session& s) {
      auto saved = save_in(s, id, scope_id, in, true, true, by);
      if (auto* refused = std::get_if<db_outcome>(&saved))
        out.refused = std::move(*refused);
      else
        out.record = std::move(std::get<linked_transaction>(saved));
    });
  } catch (const persistence::unique_violation&) {
    // Only the external_id can collide (the id is new); the write's
    // savepoint is gone, the enclosing transaction goes on.
    if (!in.external_id || !in.account_id)
      throw;
    std::optional<linked_transaction> existing;
    st.query([&](session& s) {
      existing = find_by_external_id(s, scope_id, *in.account_id,
                                     *in.external_id);
    });
    if (!existing)
      throw;
    out.refused.reset();
    out.record = std::move(*existing);
    out.deduplicated = true;
  }
  return out;
}

api_result balance_out_of_range() {
  field_errors errors;
  errors.add("amount", "the account's balance would pass the largest "
                       "amount Purse keeps (9223372036854775807 minor "
                       "units either way)");
  return make_result(errc::unprocessable, errors.to_json());
}

} // namespace purse::resources
