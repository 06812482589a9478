// SPDX-License-Identifier: GPL-2.0-or-later
// Transactions: money moving in (income), out (expense) or between two
// accounts of the scope (transfer). Voiding keeps the record readable but
// takes it out of balances and reports, and freezes it.

#include "crud_resource.hpp"
#include "csv.hpp"
#include "encoders.hpp"
#include "transaction_cursor.hpp"
#include "transaction_rules.hpp"
#include "transaction_writes.hpp"

#include <map>
#include <optional>
#include <unordered_map>

#include "purse/actors/calendar.hpp"
#include "purse/actors/ids.hpp"
#include "purse/actors/json_writer.hpp"
#include "purse/actors/money.hpp"
#include "purse/actors/timestamp.hpp"

namespace purse::resources {

namespace {

using persistence::session;
using persistence::store;
using persistence::transaction_row;

constexpr const char* active_key = active_transactions_key;

/// The answer of a create: 201, its 422, or the 200 of the transaction its
/// external_id names.
db_outcome created(created_transaction made) {
  if (made.refused)
    return std::move(*made.refused);
  auto data = encode_transaction(made.record);
  if (made.deduplicated) {
    auto r = make_result(errc::ok, data,
                         "A transaction with this external_id "
                         "exists in the account; nothing was stored");
    r.deduplicated = true;
    return db_outcome{std::move(r), {}};
  }
  return db_outcome{make_result(errc::created, data), {{active_key, 1}}};
}
constexpr const char* voided_key = voided_transactions_key;

/// The 409 of an external_id another transaction of the account has.
api_result external_id_taken() {
  return make_result(errc::conflict, "null",
                     "Another transaction of the account has this "
                     "external_id");
}

/// Rows of one page of the CSV export.
constexpr std::int64_t export_page_rows = 1000;

constexpr const char* export_header
  = "id,transaction_at,account_id,account_name,flow_type,amount,"
    "currency_code,category_id,category_name,tags,description,external_id,"
    "voided_at\r\n";

/// The names a page of the export shows beside ids: the scope's accounts,
/// categories and tags, read with the page (their number is bounded by
/// the plan's quotas, not by the export's size).
struct name_maps {
  std::unordered_map<std::string, std::string> accounts;
  std::unordered_map<std::string, std::string> categories;
  std::unordered_map<std::string, std::string> tags;
  /// Another page follows this one.
  bool more = false;

  template <class Row>
  static void load_all(session& s, const std::string& scope_id,
                       std::unordered_map<std::string, std::string>& out) {
    constexpr std::int64_t batch = 5000;
    for (std::int64_t offset = 0;; offset += batch) {
      auto rows = s.list_by_name<Row>(scope_id, offset, batch);
      for (auto& r : rows)
        out.emplace(r.id, r.name);
      if (static_cast<std::int64_t>(rows.size()) < batch)
        break;
    }
  }

  /// Reads the kinds of names the page needs (none for an empty page).
  void load(session& s, const std::string& scope_id,
            const std::vector<linked_transaction>& rows) {
    bool any_category = false;
    bool any_tag = false;
    for (auto& r : rows) {
      any_category = any_category || !r.row.category_id.empty();
      any_tag = any_tag || !r.tag_ids.empty();
    }
    if (!rows.empty())
      load_all<persistence::account_row>(s, scope_id, accounts);
    if (any_category)
      load_all<persistence::category_row>(s, scope_id, categories);
    if (any_tag)
      load_all<persistence::tag_row>(s, scope_id, tags);
  }

  static std::string_view
  find(const std::unordered_map<std::string, std::string>& m,
       const std::string& id) {
    auto i = m.find(id);
    return i == m.end() ? std::string_view{} : std::string_view{i->second};
  }
};

/// One CSV record of a transaction: the columns of export_header. Times as
/// the JSON API writes them (RFC 3339, UTC), the amount as its decimal text
/// (the JSON `amount`), nulls as empty fields, tags as their names joined
/// by "; " in the order of the JSON `tag_ids`.
void append_export_row(std::string& out, const linked_transaction& item,
                       const name_maps& names) {
  auto& t = item.row;
  auto at = t.transaction_at != 0 ? format_utc(t.transaction_at)
                                  : std::string{};
  auto voided = t.voided_at != 0 ? format_utc(t.voided_at) : std::string{};
  auto amount = format_amount(t.amount_minor, minor_units_of(t.currency_code));
  std::string tags;
  for (auto& id : item.tag_ids) {
    if (!tags.empty())
      tags.append("; ");
    tags.append(name_maps::find(names.tags, id));
  }
  append_csv_record(out, {t.id, at, t.account_id,
                          name_maps::find(names.accounts, t.account_id),
                          t.flow_type, amount, t.currency_code, t.category_id,
                          name_maps::find(names.categories, t.category_id),
                          tags, t.description, t.external_id, voided});
}

class transactions final : public crud_resource {
public:
  transactions()
    : crud_resource({"transactions", "transaction", role::member}) {
    // nop
  }

  route_shape shape() const override {
    route_shape s;
    s.actions = {"void"};
    s.collection_actions = {"batch"};
    s.collection_downloads = {"export.csv"};
    return s;
  }

  void load_counts(session& s, const std::string& scope_id,
                   std::map<std::string, std::int64_t>& out) const override {
    auto [active, voided] = s.count_transactions_by_state(scope_id);
    out[active_key] = active;
    out[voided_key] = voided;
  }

protected:
  prepared_call list(const api_call& call,
                     const scope_view& scope) const override {
    query_reader q{call.query};
    auto page = q.pagination();
    // Date-only bounds are days of the caller's profile zone, as in the
    // reports; a zone this machine's tz database lacks counts as UTC there
    // too.
    auto zone = find_time_zone(call.caller_timezone).value_or(time_zone{});
    auto filter = read_filter(q, scope.scope_id, zone);
    // Keyset pagination: a cursor instead of a page number (stable when
    // rows are added or deleted between pages).
    bool by_cursor = false;
    if (auto text = q.get("cursor")) {
      auto c = decode_cursor(*text);
      if (!c) {
        q.errors().add("cursor", "is not a cursor of this list (pass a "
                                 "next_cursor as it was given)");
      } else if (query_has(call.query, "page")) {
        q.errors().add("page", "cannot be combined with cursor");
      } else if (query_has(call.query, "sort") && c->sort != filter.sort) {
        q.errors().add("cursor", "belongs to another sort order");
      } else {
        by_cursor = true;
        filter.sort = c->sort;
        filter.has_after = true;
        filter.after_value = c->value;
        filter.after_id = c->id;
        if (!query_has(call.query, "per_page"))
          page.per_page = c->per_page;
      }
    }
    if (auto bad = query_errors(q))
      return answer(std::move(*bad));
    // Unfiltered lists take the total from the scope's cached counts: no
    // COUNT(*) over the whole scope per request.
    std::int64_t cached = -1;
    if (filter.unfiltered())
      cached = cached_count(scope, active_key)
               + (filter.include_voided ? cached_count(scope, voided_key) : 0);
    // One statement, so no database transaction: the page, its links and
    // (for a filtered list) the count come from one snapshot. By cursor, one
    // row more than the page says whether another page follows.
    return read_task([f = filter, page, cached, by_cursor](store& st) {
      std::vector<linked_transaction> rows;
      std::int64_t total = cached;
      st.query([&](session& s) {
        rows = s.list_linked(f, by_cursor ? 0 : page.offset(),
                             page.per_page + (by_cursor ? 1 : 0),
                             total < 0 ? &total : nullptr);
      });
      bool has_more = by_cursor
                        ? rows.size() > static_cast<std::size_t>(page.per_page)
                        : page.page * page.per_page < total;
      if (rows.size() > static_cast<std::size_t>(page.per_page))
        rows.resize(static_cast<std::size_t>(page.per_page));
      std::vector<std::string> items;
      for (auto& row : rows)
        items.push_back(encode_transaction(row));
      auto next = has_more && !rows.empty()
                    ? encode_cursor(rows.back().row, f.sort, page.per_page)
                    : std::string{};
      return db_outcome{
        make_result(errc::ok,
                    cursor_page_json(items, by_cursor ? 0 : page.page,
                                     page.per_page, total, has_more, next)),
        {}};
    });
  }

  /// GET …/transactions/export.csv: every transaction the list's filters
  /// match, in the list's sort order, as CSV (RFC 4180), one page of
  /// export_page_rows rows per call. The first page starts with the header
  /// row; each page ends with a keyset position (the list's cursor) that
  /// the front passes back as the call's continuation. Each page is one
  /// short read: no connection is held between pages.
  prepared_call download_collection(const api_call& call,
                                    const scope_view& scope) const override {
    query_reader q{call.query};
    for (const char* name : {"page", "per_page", "cursor"})
      if (query_has(call.query, name)) {
        q.get(name);
        q.errors().add(name, "does not apply to the export: it sends every "
                             "matching transaction");
      }
    auto zone = find_time_zone(call.caller_timezone).value_or(time_zone{});
    auto filter = read_filter(q, scope.scope_id, zone);
    bool first = call.continuation.empty();
    if (!first) {
      // Made by this resource and passed back by the front, never by a
      // client; refused all the same if it is not one of ours.
      auto c = decode_cursor(call.continuation);
      if (!c || c->sort != filter.sort)
        return answer(make_result(errc::bad_request, "null",
                                  "The export cannot go on from here"));
      filter.has_after = true;
      filter.after_value = c->value;
      filter.after_id = c->id;
    }
    if (auto bad = query_errors(q))
      return answer(std::move(*bad));
    return read_task([f = std::move(filter), first](store& st) {
      std::vector<linked_transaction> rows;
      name_maps names;
      st.query([&](session& s) {
        rows = s.list_linked(f, 0, export_page_rows + 1);
        bool more = rows.size() > static_cast<std::size_t>(export_page_rows);
        if (more)
          rows.resize(static_cast<std::size_t>(export_page_rows));
        names.load(s, f.scope_id, rows);
        names.more = more;
      });
      std::string text;
      text.reserve(rows.size() * 240 + 160);
      if (first)
        text.append(export_header);
      for (auto& row : rows)
        append_export_row(text, row, names);
      auto r = make_result(errc::ok, std::move(text));
      r.stream = true;
      r.download.media_type = "text/csv; charset=utf-8";
      r.download.filename = "transactions.csv";
      if (names.more && !rows.empty())
        r.next_page = encode_cursor(rows.back().row, f.sort, 1);
      return db_outcome{std::move(r), {}};
    });
  }

  prepared_call read(const api_call& call,
                     const scope_view& scope) const override {
    return read_task([id = call.id, scope_id = scope.scope_id](store& st) {
      std::optional<linked_transaction> found;
      // One statement: no database transaction needed.
      st.query([&](session& s) {
        found = find_in(s, id, scope_id);
      });
      if (!found)
        return db_outcome{missing("transaction"), {}};
      return db_outcome{make_result(errc::ok, encode_transaction(*found)), {}};
    });
  }

  /// Create, PATCH and PUT (transaction_writes.cpp). A create whose
  /// external_id the account already has answers 200 with that
  /// transaction (meta.deduplicated); a change to one is a 409.
  prepared_call write(const api_call& call,
                      const scope_view& scope) const override {
    return with_input(call, read_tx_input, [&](tx_input in, bool full) {
      if (call.op == operation::create) {
        auto id = new_id();
        auto task = write_task(
          [id, scope_id = scope.scope_id, in, by = call.caller_id](store& st) {
            return created(create_in(st, id, scope_id, in, by));
          });
        // In one statement, alone or in a batch (transaction_writes.hpp).
        task.task.alone
          = [id, scope_id = scope.scope_id, in, by = call.caller_id](
              store& st, std::int64_t fence) -> std::optional<db_outcome> {
          if (auto made = create_alone(st, id, scope_id, in, by, fence))
            return created(std::move(*made));
          return std::nullopt;
        };
        return task;
      }
      return write_task([id = call.id, scope_id = scope.scope_id, in, full,
                         by = call.caller_id](store& st) {
        outcome_or<linked_transaction> out;
        try {
          st.write([&](session& s) {
            out = save_in(s, id, scope_id, in, full, false, by);
          });
        } catch (const persistence::unique_violation&) {
          return db_outcome{external_id_taken(), {}};
        }
        if (auto* done = std::get_if<db_outcome>(&out))
          return std::move(*done);
        return db_outcome{
          make_result(errc::ok,
                      encode_transaction(std::get<linked_transaction>(out))),
          {}};
      });
    });
  }

  /// POST …/transactions/batch (transaction_batch.cpp).
  prepared_call act_on_collection(const api_call& call,
                                  const scope_view& scope) const override {
    return transaction_batch(call, scope);
  }

  prepared_call act(const api_call& call,
                    const scope_view& scope) const override {
    if (!call.body.empty()) {
      body_reader body{call.body};
      if (!body.syntax_error().empty())
        return answer(
          make_result(errc::bad_request, "null", body.syntax_error()));
      body.reject_unknown({});
      if (!body.errors().empty())
        return answer(invalid(body.errors()));
    }
    return write_then_answer<linked_transaction>(
      [id = call.id, scope_id = scope.scope_id,
       by = call.caller_id](session& s) -> outcome_or<linked_transaction> {
        auto t = find_in(s, id, scope_id);
        if (!t)
          return db_outcome{missing("transaction"), {}};
        if (t->row.voided_at != 0)
          return frozen("the transaction is already voided",
                        "The transaction is already voided");
        auto before = t->row;
        stamp_updated(t->row, by, now_seconds());
        t->row.voided_at = t->row.updated_at;
        apply_deltas(s, balance_change(&before, &t->row));
        s.update(t->row);
        return std::move(*t);
      },
      [](const linked_transaction& t) {
        return db_outcome{make_result(errc::ok, encode_transaction(t),
                                      "Transaction voided"),
                          {{active_key, -1}, {voided_key, 1}}};
      });
  }

  prepared_call remove(const api_call& call,
                       const scope_view& scope) const override {
    query_reader q{call.query};
    auto delete_files = q.flag("delete_files").value_or(false);
    if (auto bad = query_errors(q))
      return answer(std::move(*bad));
    // The rule of deleting a file applies to the files deleted with it.
    file_deleter files{delete_files, call.caller_id,
                       parse_role(call.role).value_or(role::viewer)
                         >= role::admin};
    return write_task(
      [id = call.id, scope_id = scope.scope_id, files](store& st) {
        db_outcome out{missing("transaction"), {}};
        st.write([&](session& s) {
          out = remove_in(s, id, scope_id, files);
        });
        return out;
      });
  }

private:
  /// Whether a delete takes the transaction's files along, and which of
  /// them the caller may delete: admins and owners any, members only the
  /// files they uploaded.
  struct file_deleter {
    bool wanted = false;
    std::string caller_id;
    bool may_delete_any = false;

    bool may_delete(const persistence::file_row& f) const {
      return may_delete_any || f.uploader_id == caller_id;
    }
  };

  static db_outcome remove_in(session& s, const std::string& id,
                              const std::string& scope_id,
                              const file_deleter& deleter) {
    transaction_row row;
    if (!s.find(id, row) || row.scope_id != scope_id)
      return {missing("transaction"), {}};
    apply_deltas(s, balance_change(&row, nullptr));
    std::int64_t files = 0;
    std::int64_t bytes = 0;
    std::int64_t kept = 0;
    if (deleter.wanted) {
      // The files go too, detached from any other transaction; those the
      // caller may not delete stay, detached from this one.
      for (auto& [tx, file_id] : s.files_of({id})) {
        persistence::file_row f;
        if (!s.find(file_id, f))
          continue;
        if (!deleter.may_delete(f)) {
          ++kept;
          continue;
        }
        ++files;
        bytes += f.size_bytes;
        s.erase_file(file_id);
      }
    }
    s.set_tags(scope_id, id, {});
    s.set_files(scope_id, id, {}); // without delete_files: kept, detached
    s.erase<transaction_row>(id);
    std::string message = "Transaction deleted";
    if (deleter.wanted) {
      message += " with " + std::to_string(files) + " of its files";
      if (kept > 0)
        message += "; " + std::to_string(kept)
                   + (kept == 1 ? " file" : " files")
                   + " kept, detached (members may delete only the files "
                     "they uploaded)";
    }
    return {make_result(errc::ok, "null", message),
            {{row.voided_at == 0 ? active_key : voided_key, -1},
             {"files", -files},
             {"file_storage_bytes", -bytes}}};
  }
};

} // namespace

std::string encode_transaction(const linked_transaction& item) {
  auto& t = item.row;
  json_writer w;
  w.begin_object();
  w.key("id").value(t.id);
  w.key("account_id").value(t.account_id);
  w.key("to_account_id").value_or_null(t.to_account_id);
  w.key("category_id").value_or_null(t.category_id);
  w.key("flow_type").value(t.flow_type);
  write_money(w, "amount", t.amount_minor, t.currency_code);
  w.key("currency_code").value(t.currency_code);
  w.key("description").value(t.description);
  w.key("notes").value(t.notes);
  w.key("tag_ids").begin_array();
  for (auto& id : item.tag_ids)
    w.value(id);
  w.end_array();
  w.key("file_ids").begin_array();
  for (auto& id : item.file_ids)
    w.value(id);
  w.end_array();
  w.key("transaction_at").time_or_null(t.transaction_at);
  w.key("created_at").time_or_null(t.created_at);
  w.key("updated_at").time_or_null(t.updated_at);
  w.key("voided_at").time_or_null(t.voided_at);
  write_authors(w, t.created_by, t.updated_by);
  w.key("external_id").value_or_null(t.external_id);
  w.end_object();
  return w.str();
}

const resource& transactions_resource() {
  static const transactions instance;
  return instance;
}

} // namespace purse::resources
