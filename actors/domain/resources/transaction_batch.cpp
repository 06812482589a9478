// SPDX-License-Identifier: GPL-2.0-or-later
// POST …/transactions/batch: up to 100 transactions in one request, one
// write of the key's bucket and one database transaction. Each body is
// created as a POST would create it (transaction_writes.cpp), in a
// savepoint of its own: an invalid body leaves the others stored, unless
// the batch is atomic, when one invalid body stores none.

#include "transaction_writes.hpp"

#include <memory>
#include <vector>

#include "purse/actors/ids.hpp"
#include "purse/actors/json_writer.hpp"

namespace purse::resources {

namespace {

using persistence::session;
using persistence::store;

/// One body of a batch and what became of it.
struct batch_item {
  /// The body as read; empty when it was invalid.
  std::optional<tx_input> in;
  /// The id a created transaction gets.
  std::string id;
  /// 201 created, 200 found by its external_id, 422 invalid; 0 not
  /// (yet) run.
  int status = 0;
  /// The field errors of an invalid body (JSON).
  std::string errors = "null";
  /// The record of a created or found body.
  std::optional<linked_transaction> record;
};

/// Thrown to roll an atomic batch back when a body was refused.
struct atomic_refusal {};

/// `data.items` of a batch's answer; only the invalid bodies when
/// `invalid_only` (an atomic batch that stored nothing).
std::string items_json(const std::vector<batch_item>& items,
                       bool invalid_only) {
  json_writer w;
  w.begin_object();
  w.key("items").begin_array();
  for (std::size_t i = 0; i < items.size(); ++i) {
    auto& item = items[i];
    if (invalid_only && item.status != 422)
      continue;
    w.begin_object();
    w.key("index").value(static_cast<std::int64_t>(i));
    w.key("status").value(static_cast<std::int64_t>(item.status));
    if (item.record)
      w.key("data").raw_json(encode_transaction(*item.record));
    else
      w.key("errors").raw_json(item.errors);
    w.end_object();
  }
  w.end_array();
  w.end_object();
  return w.str();
}

/// The 422 of an atomic batch: nothing stored, the invalid bodies' errors.
api_result refused_whole(const std::vector<batch_item>& items) {
  std::size_t invalid = 0;
  for (auto& item : items)
    invalid += item.status == 422 ? 1 : 0;
  return make_result(errc::unprocessable, items_json(items, true),
                     "Nothing was stored: " + std::to_string(invalid) + " of "
                       + std::to_string(items.size())
                       + " transactions are invalid");
}

/// Creates every valid body of `items` in its own savepoint; returns how
/// many were created. Throws atomic_refusal when `atomic` and a body was
/// refused.
std::int64_t create_all(store& st, std::vector<batch_item>& items,
                        const std::string& scope_id, const std::string& by,
                        bool atomic) {
  std::int64_t created = 0;
  for (auto& item : items) {
    if (!item.in)
      continue;
    try {
      auto made = create_in(st, item.id, scope_id, *item.in, by);
      if (made.refused) {
        item.status = 422;
        item.errors = made.refused->result.data;
      } else {
        item.status = made.deduplicated ? 200 : 201;
        created += made.deduplicated ? 0 : 1;
        item.record = std::move(made.record);
      }
    } catch (const persistence::out_of_range&) {
      item.status = 422;
      item.errors = balance_out_of_range().data;
    }
    if (atomic && item.status == 422)
      throw atomic_refusal{};
  }
  return created;
}

} // namespace

prepared_call transaction_batch(const api_call& call, const scope_view& scope) {
  body_reader body{call.body};
  if (!body.syntax_error().empty())
    return answer(make_result(errc::bad_request, "null", body.syntax_error()));
  body.reject_unknown({"transactions", "atomic"});
  auto atomic = body.boolean("atomic", false).value_or(false);
  auto bodies = body.object_array("transactions", true, max_batch_transactions);
  if (bodies && bodies->empty())
    body.errors().add("transactions", "must have at least 1 item");
  if (!body.errors().empty())
    return answer(invalid(body.errors()));
  std::vector<batch_item> items(bodies->size());
  bool any_invalid = false;
  for (std::size_t i = 0; i < items.size(); ++i) {
    auto& reader = *(*bodies)[i];
    items[i].in = read_tx_input(reader, true);
    if (items[i].in) {
      items[i].id = new_id();
    } else {
      items[i].status = 422;
      items[i].errors = reader.errors().to_json();
      any_invalid = true;
    }
  }
  if (atomic && any_invalid)
    return answer(refused_whole(items));
  return write_task([items = std::move(items), scope_id = scope.scope_id,
                     by = call.caller_id, atomic](store& st) mutable {
    std::int64_t created = 0;
    try {
      // One transaction (or a savepoint of the scope's group commit):
      // each body's own write nests in it as a savepoint.
      st.write([&](session&) {
        created = create_all(st, items, scope_id, by, atomic);
      });
    } catch (const atomic_refusal&) {
      return db_outcome{refused_whole(items), {}};
    }
    std::size_t found = 0;
    std::size_t invalid = 0;
    for (auto& item : items) {
      found += item.status == 200 ? 1 : 0;
      invalid += item.status == 422 ? 1 : 0;
    }
    auto message = "Batch done: " + std::to_string(created) + " created, "
                   + std::to_string(found) + " found by their external_id, "
                   + std::to_string(invalid) + " invalid";
    db_outcome out{make_result(errc::ok, items_json(items, false), message),
                   {}};
    if (created > 0)
      out.count_deltas.emplace_back(active_transactions_key, created);
    return out;
  });
}

} // namespace purse::resources
