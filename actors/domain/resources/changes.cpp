// SPDX-License-Identifier: GPL-2.0-or-later
// GET .../changes: the scope's changes feed. Each record of the feed's
// types (transactions, accounts, categories, tags, files) has one entry
// with its latest change, written by database triggers in the change's
// own transaction (persistence/sql/changes.sql); the feed lists them in
// (xid, id) order from a cursor, each with the record as its own GET
// writes it, or as a tombstone. Every role reads it; it is never kept by
// the scope (each page reads the database).

#include <map>
#include <utility>
#include <vector>

#include "change_cursor.hpp"
#include "document.hpp"
#include "records.hpp"

namespace purse::resources {

namespace {

using persistence::change_row;
using persistence::session;
using persistence::store;

constexpr std::int64_t max_per_page = 100;

/// What a page of the feed shows.
struct changes_page {
  /// The scope's history before the cursor was pruned.
  bool expired = false;
  /// Each entry's JSON.
  std::vector<std::string> items;
  change_cursor next;
  bool has_more = false;
};

/// The records a page's entries name (a tombstone's is not loaded: it is
/// gone).
std::map<record_key, std::string>
records_of(session& s, const std::string& scope_id,
           const std::vector<change_row>& entries) {
  std::map<std::string, std::vector<std::string>> ids;
  for (auto& c : entries)
    if (!c.deleted)
      ids[c.type].push_back(c.record_id);
  return load_records(s, scope_id, std::move(ids));
}

std::string encode_entry(const change_row& c, const std::string& record) {
  json_writer w;
  w.begin_object();
  w.key("type").value(c.type).key("id").value(c.record_id);
  w.key("deleted").value(record == "null");
  w.key("changed_at").time_or_null(c.changed_at);
  w.key("record").raw_json(record);
  w.end_object();
  return w.str();
}

/// Reads one page after `from`: the horizon, the entries and their
/// records in one snapshot.
changes_page load(session& s, const std::string& scope_id,
                  const std::optional<change_cursor>& from,
                  std::int64_t per_page) {
  changes_page out;
  s.snapshot_reads();
  auto after = from.value_or(change_cursor{});
  // A cursor at the newest pruned transaction may have stopped inside it
  // (a page ends within a transaction's changes): only a cursor past it
  // has surely seen every tombstone that was pruned.
  if (from) {
    auto horizon = s.change_horizon(scope_id);
    if (horizon > 0 && after.xid <= horizon) {
      out.expired = true;
      return out;
    }
  }
  auto rows = s.list_changes(scope_id, after.xid, after.id, per_page + 1);
  out.has_more = static_cast<std::int64_t>(rows.size()) > per_page;
  if (out.has_more)
    rows.pop_back();
  out.next = after;
  auto records = records_of(s, scope_id, rows);
  for (auto& c : rows) {
    // An entry's record and the entry come from one snapshot, so a record
    // that is not a tombstone is found; "null" is the tombstone's.
    auto found = records.find({c.type, c.record_id});
    out.items.push_back(
      encode_entry(c, found == records.end() ? "null" : found->second));
    out.next = {c.xid, static_cast<std::int64_t>(c.id)};
  }
  return out;
}

std::string encode(const changes_page& page) {
  json_writer w;
  w.begin_object();
  w.key("items").begin_array();
  for (auto& item : page.items)
    w.raw_json(item);
  w.end_array();
  w.key("next_cursor").value(encode_change_cursor(page.next));
  w.key("has_more").value(page.has_more);
  w.end_object();
  return w.str();
}

prepared_call prepare(const api_call& call, const scope_view& scope) {
  query_reader q{call.query};
  auto per_page = q.integer("per_page", 1, max_per_page).value_or(max_per_page);
  std::optional<change_cursor> from;
  if (auto text = q.get("since")) {
    from = decode_change_cursor(*text);
    if (!from)
      q.errors().add("since", "is not a cursor of this feed (pass a "
                              "next_cursor as it was given)");
  }
  if (auto bad = query_errors(q))
    return answer(std::move(*bad));
  return read_task([scope_id = scope.scope_id, from, per_page](store& st) {
    changes_page page;
    st.read([&](session& s) {
      page = load(s, scope_id, from, per_page);
    });
    if (page.expired)
      return db_outcome{make_result(errc::gone), {}};
    return db_outcome{make_result(errc::ok, encode(page)), {}};
  });
}

} // namespace

const resource& changes_resource() {
  static const document_resource instance{
    "changes", route_shape::read_only(route_shape::mount::document), prepare};
  return instance;
}

} // namespace purse::resources
