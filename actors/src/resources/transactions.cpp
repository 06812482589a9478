// Transactions: money moving in (income), out (expense) or between two
// accounts of the scope (transfer). Voiding keeps the record readable but
// takes it out of balances and reports, and freezes it.

#include "common.hpp"
#include "encoders.hpp"

#include <algorithm>

#include "purse/actors/currency.hpp"
#include "purse/actors/ids.hpp"
#include "purse/actors/money.hpp"
#include "purse/actors/timestamp.hpp"

namespace purse::resources {

namespace {

using persistence::account_row;
using persistence::category_row;
using persistence::session;
using persistence::store;
using persistence::tag_row;
using persistence::transaction_filter;
using persistence::transaction_row;

constexpr std::size_t max_description = 500;
constexpr std::size_t max_notes = 2000;
constexpr std::size_t max_tags = 50;
constexpr std::size_t max_files = 20;
constexpr const char* active_key = "transactions";
constexpr const char* voided_key = "transactions.voided";

bool is_flow_type(const std::string& t) {
  return t == "expense" || t == "income" || t == "transfer";
}

std::string encode(const transaction_row& t,
                   const std::vector<std::string>& tag_ids,
                   const std::vector<std::string>& file_ids) {
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
  for (auto& id : tag_ids)
    w.value(id);
  w.end_array();
  w.key("file_ids").begin_array();
  for (auto& id : file_ids)
    w.value(id);
  w.end_array();
  w.key("transaction_at").time_or_null(t.transaction_at);
  w.key("created_at").time_or_null(t.created_at);
  w.key("updated_at").time_or_null(t.updated_at);
  w.key("voided_at").time_or_null(t.voided_at);
  w.end_object();
  return w.str();
}

/// Tag ids of one transaction.
std::vector<std::string> tags_of(session& s, const std::string& id) {
  std::vector<std::string> out;
  for (auto& [tx, tag] : s.tags_of({id}))
    out.push_back(tag);
  return out;
}

/// File ids of one transaction.
std::vector<std::string> files_of(session& s, const std::string& id) {
  std::vector<std::string> out;
  for (auto& [tx, file] : s.files_of({id}))
    out.push_back(file);
  return out;
}

/// Adds (sign = +1) or removes (sign = -1) a transaction's balance effect.
void apply_effect(session& s, const transaction_row& t, std::int64_t sign) {
  if (t.voided_at != 0)
    return;
  if (t.flow_type == "expense") {
    s.adjust_balance(t.account_id, -sign * t.amount_minor);
  } else if (t.flow_type == "income") {
    s.adjust_balance(t.account_id, sign * t.amount_minor);
  } else {
    s.adjust_balance(t.account_id, -sign * t.amount_minor);
    s.adjust_balance(t.to_account_id, sign * t.amount_minor);
  }
}

// -- input ---------------------------------------------------------------------

/// Body fields; for nullable ones, `clear_` says the body sent null.
struct tx_input {
  std::optional<std::string> account_id;
  std::optional<std::string> to_account_id;
  bool clear_to_account = false;
  std::optional<std::string> category_id;
  bool clear_category = false;
  std::optional<std::string> flow_type;
  std::optional<std::string> amount; // exact source text
  std::optional<std::string> currency_code;
  std::optional<std::string> description;
  std::optional<std::string> notes;
  std::optional<std::int64_t> transaction_at;
  std::optional<std::vector<std::string>> tag_ids;
  std::optional<std::vector<std::string>> file_ids;
};

void check_id(body_reader& body, const char* field,
              const std::optional<std::string>& id) {
  if (id && !valid_id(*id))
    body.errors().add(field, "must be an id issued by this service");
}

/// Reads a body; `full` (create, PUT) requires the required fields.
std::optional<tx_input> read_input(body_reader& body, bool full) {
  body.reject_unknown({"account_id", "to_account_id", "category_id",
                       "flow_type", "amount", "currency_code", "description",
                       "notes", "transaction_at", "tag_ids", "file_ids"});
  tx_input in;
  in.account_id = body.text("account_id", full, 64);
  check_id(body, "account_id", in.account_id);
  in.to_account_id = body.text("to_account_id", false, 64);
  in.clear_to_account = body.is_null("to_account_id");
  check_id(body, "to_account_id", in.to_account_id);
  in.category_id = body.text("category_id", false, 64);
  in.clear_category = body.is_null("category_id");
  check_id(body, "category_id", in.category_id);
  in.flow_type = body.text("flow_type", full, 16);
  if (in.flow_type && !is_flow_type(*in.flow_type))
    body.errors().add("flow_type", "must be expense, income or transfer");
  in.amount = body.number_text("amount", full);
  in.currency_code = body.text("currency_code", full, 3);
  if (in.currency_code && find_currency(*in.currency_code) == nullptr)
    body.errors().add("currency_code",
                      "must be an upper-case ISO 4217 code, e.g. USD");
  in.description = body.text("description", false, max_description);
  in.notes = body.text("notes", false, max_notes);
  if (auto at = body.text("transaction_at", full, 64)) {
    in.transaction_at = parse_rfc3339(*at);
    if (!in.transaction_at)
      body.errors().add("transaction_at",
                        "must be an RFC 3339 date-time such as "
                        "2026-01-31T12:00:00Z");
  }
  in.tag_ids = body.text_array("tag_ids", false, max_tags);
  if (in.tag_ids)
    for (auto& id : *in.tag_ids)
      if (!valid_id(id)) {
        body.errors().add("tag_ids", "must contain tag ids");
        break;
      }
  in.file_ids = body.text_array("file_ids", false, max_files);
  if (in.file_ids)
    for (auto& id : *in.file_ids)
      if (!valid_id(id)) {
        body.errors().add("file_ids", "must contain file ids");
        break;
      }
  if (!body.errors().empty())
    return std::nullopt;
  return in;
}

/// Applies input to a row; the amount is parsed for the final currency.
std::optional<api_result> apply(const tx_input& in, transaction_row& row,
                                bool full) {
  if (in.account_id)
    row.account_id = *in.account_id;
  if (in.to_account_id)
    row.to_account_id = *in.to_account_id;
  else if (in.clear_to_account || full)
    row.to_account_id.clear();
  if (in.category_id)
    row.category_id = *in.category_id;
  else if (in.clear_category || full)
    row.category_id.clear();
  if (in.flow_type)
    row.flow_type = *in.flow_type;
  bool currency_changed = in.currency_code
                          && *in.currency_code != row.currency_code;
  if (in.currency_code)
    row.currency_code = *in.currency_code;
  if (in.description)
    row.description = *in.description;
  else if (full)
    row.description.clear();
  if (in.notes)
    row.notes = *in.notes;
  else if (full)
    row.notes.clear();
  if (in.transaction_at)
    row.transaction_at = *in.transaction_at;
  row.minor_units = minor_units_of(row.currency_code);
  if (in.amount) {
    auto parsed = parse_amount(*in.amount, row.minor_units);
    if (!parsed.ok)
      return invalid("amount", parsed.error);
    if (parsed.minor <= 0)
      return invalid("amount", "must be greater than 0");
    row.amount_minor = parsed.minor;
  } else if (currency_changed) {
    // Minor units differ between currencies: the old amount has no meaning.
    return invalid("amount", "is required when currency_code changes");
  }
  return std::nullopt;
}

/// Checks every reference against the scope; returns field errors.
field_errors check_references(session& s, const transaction_row& row,
                              std::vector<std::string>& tag_ids,
                              std::vector<std::string>& file_ids) {
  field_errors errors;
  account_row account;
  if (!s.find(row.account_id, account) || account.scope_id != row.scope_id) {
    errors.add("account_id", "must be the id of an account in this scope");
  } else if (account.currency_code != row.currency_code) {
    errors.add("currency_code", "must match the account's currency ("
                                  + account.currency_code + ")");
  }
  if (row.flow_type == "transfer") {
    account_row to;
    if (row.to_account_id.empty())
      errors.add("to_account_id", "is required for a transfer");
    else if (row.to_account_id == row.account_id)
      errors.add("to_account_id", "must differ from account_id");
    else if (!s.find(row.to_account_id, to) || to.scope_id != row.scope_id)
      errors.add("to_account_id", "must be the id of an account in this scope");
    else if (to.currency_code != row.currency_code)
      errors.add("to_account_id", "must have the transaction's currency ("
                                    + row.currency_code + ")");
  } else if (!row.to_account_id.empty()) {
    errors.add("to_account_id", "is only allowed for transfers");
  }
  if (!row.category_id.empty()) {
    category_row category;
    if (!s.find(row.category_id, category) || category.scope_id != row.scope_id)
      errors.add("category_id", "must be the id of a category in this scope");
  }
  std::sort(tag_ids.begin(), tag_ids.end());
  tag_ids.erase(std::unique(tag_ids.begin(), tag_ids.end()), tag_ids.end());
  for (auto& id : tag_ids) {
    tag_row tag;
    if (!s.find(id, tag) || tag.scope_id != row.scope_id) {
      errors.add("tag_ids", "must contain ids of tags in this scope");
      break;
    }
  }
  std::sort(file_ids.begin(), file_ids.end());
  file_ids.erase(std::unique(file_ids.begin(), file_ids.end()), file_ids.end());
  for (auto& id : file_ids) {
    persistence::file_row file;
    if (!s.find(id, file) || file.scope_id != row.scope_id) {
      errors.add("file_ids", "must contain ids of files in this scope");
      break;
    }
  }
  return errors;
}

// -- list filters ----------------------------------------------------------------

std::optional<transaction_filter> read_filter(query_reader& q,
                                              const std::string& scope_id) {
  transaction_filter f;
  f.scope_id = scope_id;
  auto bound = [&](const char* name, bool end_of_day, bool& has,
                   std::int64_t& out) {
    if (auto text = q.get(name)) {
      auto date_only = parse_date(*text);
      auto at = date_only ? date_only : parse_rfc3339(*text);
      if (!at) {
        q.errors().add(name, "must be a date (2026-01-31) or an RFC 3339 "
                             "date-time");
        return;
      }
      has = true;
      // A date as upper bound includes that whole day.
      out = *at + (date_only && end_of_day ? 86'399 : 0);
    }
  };
  bound("from", false, f.has_from, f.from);
  bound("to", true, f.has_to, f.to);
  bound("updated_since", false, f.has_updated_since, f.updated_since);
  auto id_param = [&](const char* name, std::string& out) {
    if (auto text = q.get(name)) {
      if (!valid_id(*text))
        q.errors().add(name, "must be an id issued by this service");
      else
        out = *text;
    }
  };
  id_param("account_id", f.account_id);
  id_param("category_id", f.category_id);
  id_param("tag_id", f.tag_id);
  if (auto t = q.get("flow_type")) {
    if (!is_flow_type(*t))
      q.errors().add("flow_type", "must be expense, income or transfer");
    else
      f.flow_type = *t;
  }
  if (auto c = q.get("currency_code")) {
    if (find_currency(*c) == nullptr)
      q.errors().add("currency_code", "must be an upper-case ISO 4217 code");
    else
      f.currency_code = *c;
  }
  auto amount = [&](const char* name, std::string& out) {
    if (auto text = q.get(name)) {
      // Up to 4 decimals covers every currency's minor units.
      auto parsed = parse_amount(*text, 4);
      if (!parsed.ok || parsed.minor < 0)
        q.errors().add(name, "must be a non-negative decimal number");
      else
        out = format_amount(parsed.minor, 4);
    }
  };
  amount("min_amount", f.min_amount);
  amount("max_amount", f.max_amount);
  if (auto text = q.get("q"))
    f.text = *text;
  if (f.text.size() > 200)
    q.errors().add("q", "must be at most 200 bytes long");
  f.include_voided = q.flag("include_voided").value_or(false);
  if (auto sort = q.get("sort")) {
    if (*sort != "transaction_at" && *sort != "-transaction_at"
        && *sort != "amount" && *sort != "-amount")
      q.errors().add("sort", "must be transaction_at, -transaction_at, amount "
                             "or -amount");
    else
      f.sort = *sort;
  }
  if (f.has_from && f.has_to && f.from > f.to)
    q.errors().add("from", "must not be after to");
  if (!q.errors().empty())
    return std::nullopt;
  return f;
}

// -- the resource -------------------------------------------------------------------

class transactions final : public resource {
public:
  std::string_view name() const override {
    return "transactions";
  }

  route_shape shape() const override {
    route_shape s;
    s.actions = {"void"};
    return s;
  }

  role min_role(const api_call& call) const override {
    return call.is_read ? role::viewer : role::member;
  }

  void load_counts(session& s, const std::string& scope_id,
                   std::map<std::string, std::int64_t>& out) const override {
    auto [active, voided] = s.count_transactions_by_state(scope_id);
    out[active_key] = active;
    out[voided_key] = voided;
  }

  prepared_call prepare(const api_call& call,
                        const scope_view& scope) const override {
    switch (call.op) {
      case operation::list:
        return list(call, scope);
      case operation::read:
        return read(call, scope);
      case operation::create:
      case operation::update:
      case operation::replace:
        return save(call, scope);
      case operation::remove:
        return remove(call, scope);
      case operation::action:
        if (call.action == "void")
          return void_it(call, scope);
        return answer(make_result(errc::not_found));
    }
    return answer(unsupported());
  }

private:
  static std::int64_t count(const scope_view& scope, const char* key) {
    auto it = scope.counts.find(key);
    return it == scope.counts.end() ? 0 : it->second;
  }

  static prepared_call list(const api_call& call, const scope_view& scope) {
    query_reader q{call.query};
    auto page = q.pagination();
    auto filter = read_filter(q, scope.scope_id);
    q.reject_unknown();
    if (!filter || !q.errors().empty())
      return answer(invalid(q.errors()));
    // Unfiltered lists take the total from the scope's cached counts: no
    // COUNT(*) over the whole scope per request.
    std::int64_t cached = -1;
    if (filter->unfiltered())
      cached = count(scope, active_key)
               + (filter->include_voided ? count(scope, voided_key) : 0);
    return read_task([f = *filter, page, cached](store& st) {
      std::vector<std::string> items;
      std::int64_t total = cached;
      st.read([&](session& s) {
        items = encode_transactions(s, s.list_transactions(f, page.offset(),
                                                           page.per_page));
        if (total < 0)
          total = s.count_transactions(f);
      });
      return db_outcome{make_result(errc::ok, page_json(items, page.page,
                                                        page.per_page, total)),
                        {}};
    });
  }

  static prepared_call read(const api_call& call, const scope_view& scope) {
    if (!valid_id(call.id))
      return answer(missing("transaction"));
    return read_task([id = call.id, scope_id = scope.scope_id](store& st) {
      api_result out = missing("transaction");
      st.read([&](session& s) {
        transaction_row row;
        if (s.find(id, row) && row.scope_id == scope_id)
          out = make_result(errc::ok,
                            encode(row, tags_of(s, id), files_of(s, id)));
      });
      return db_outcome{out, {}};
    });
  }

  /// Create, PATCH and PUT: load (or start) a row, apply the body, check
  /// references, move the balance effect, store, set tags.
  static prepared_call save(const api_call& call, const scope_view& scope) {
    bool creating = call.op == operation::create;
    if (!creating && !valid_id(call.id))
      return answer(missing("transaction"));
    body_reader body{call.body};
    if (!body.syntax_error().empty())
      return answer(
        make_result(errc::bad_request, "null", body.syntax_error()));
    bool full = call.op != operation::update;
    auto in = read_input(body, full);
    if (!in)
      return answer(invalid(body.errors()));
    auto id = creating ? new_id() : call.id;
    return write_task([id, scope_id = scope.scope_id, in = *in, full,
                       creating](store& st) {
      db_outcome out{missing("transaction"), {}};
      st.write([&](session& s) {
        transaction_row row;
        std::vector<std::string> tag_ids;
        std::vector<std::string> file_ids;
        auto now = now_seconds();
        if (creating) {
          row.id = id;
          row.scope_id = scope_id;
          row.created_at = now;
        } else {
          if (!s.find(id, row) || row.scope_id != scope_id)
            return;
          if (row.voided_at != 0) {
            out.result = make_result(
              errc::unprocessable,
              R"({"voided_at":["the transaction is voided and cannot be edited"]})",
              "A voided transaction cannot be edited");
            return;
          }
          tag_ids = tags_of(s, id);
          file_ids = files_of(s, id);
        }
        auto before = row;
        if (auto err = apply(in, row, full)) {
          out.result = std::move(*err);
          return;
        }
        if (in.tag_ids)
          tag_ids = *in.tag_ids;
        else if (full)
          tag_ids.clear();
        if (in.file_ids)
          file_ids = *in.file_ids;
        else if (full)
          file_ids.clear();
        if (auto errors = check_references(s, row, tag_ids, file_ids);
            !errors.empty()) {
          out.result = invalid(errors);
          return;
        }
        row.updated_at = now;
        if (creating) {
          s.insert(row);
        } else {
          apply_effect(s, before, -1);
          s.update(row);
        }
        apply_effect(s, row, +1);
        if (creating || in.tag_ids || full)
          s.set_tags(scope_id, id, tag_ids);
        if (creating || in.file_ids || full)
          s.set_files(scope_id, id, file_ids);
        auto data = encode(row, tag_ids, file_ids);
        if (creating)
          out = {make_result(errc::created, data), {{active_key, 1}}};
        else
          out = {make_result(errc::ok, data), {}};
      });
      return out;
    });
  }

  static prepared_call void_it(const api_call& call, const scope_view& scope) {
    if (!valid_id(call.id))
      return answer(missing("transaction"));
    if (!call.body.empty()) {
      body_reader body{call.body};
      if (!body.syntax_error().empty())
        return answer(
          make_result(errc::bad_request, "null", body.syntax_error()));
      body.reject_unknown({});
      if (!body.errors().empty())
        return answer(invalid(body.errors()));
    }
    return write_task([id = call.id, scope_id = scope.scope_id](store& st) {
      db_outcome out{missing("transaction"), {}};
      st.write([&](session& s) {
        transaction_row row;
        if (!s.find(id, row) || row.scope_id != scope_id)
          return;
        if (row.voided_at != 0) {
          out.result = make_result(
            errc::unprocessable,
            R"({"voided_at":["the transaction is already voided"]})",
            "The transaction is already voided");
          return;
        }
        apply_effect(s, row, -1);
        row.voided_at = row.updated_at = now_seconds();
        s.update(row);
        out
          = {make_result(errc::ok, encode(row, tags_of(s, id), files_of(s, id)),
                         "Transaction voided"),
             {{active_key, -1}, {voided_key, 1}}};
      });
      return out;
    });
  }

  static prepared_call remove(const api_call& call, const scope_view& scope) {
    if (!valid_id(call.id))
      return answer(missing("transaction"));
    query_reader q{call.query};
    auto delete_files = q.flag("delete_files").value_or(false);
    q.reject_unknown();
    if (!q.errors().empty())
      return answer(invalid(q.errors()));
    return write_task(
      [id = call.id, scope_id = scope.scope_id, delete_files](store& st) {
        db_outcome out{missing("transaction"), {}};
        st.write([&](session& s) {
          transaction_row row;
          if (!s.find(id, row) || row.scope_id != scope_id)
            return;
          apply_effect(s, row, -1);
          std::int64_t files = 0;
          std::int64_t bytes = 0;
          if (delete_files) {
            // The files go too, detached from any other transaction.
            for (auto& file_id : files_of(s, id)) {
              persistence::file_row f;
              if (s.find(file_id, f)) {
                ++files;
                bytes += f.size_bytes;
                s.erase_file(file_id);
              }
            }
          }
          s.set_tags(scope_id, id, {});
          s.set_files(scope_id, id, {}); // without delete_files: kept, detached
          s.erase<transaction_row>(id);
          out = {make_result(errc::ok, "null", "Transaction deleted"),
                 {{row.voided_at == 0 ? active_key : voided_key, -1},
                  {"files", -files},
                  {"file_storage_bytes", -bytes}}};
        });
        return out;
      });
  }
};

} // namespace

std::vector<std::string>
encode_transactions(session& s, const std::vector<transaction_row>& rows) {
  std::vector<std::string> ids;
  for (auto& r : rows)
    ids.push_back(r.id);
  std::map<std::string, std::vector<std::string>> tags;
  for (auto& [tx, tag] : s.tags_of(ids))
    tags[tx].push_back(tag);
  std::map<std::string, std::vector<std::string>> files;
  for (auto& [tx, file] : s.files_of(ids))
    files[tx].push_back(file);
  std::vector<std::string> out;
  for (auto& r : rows)
    out.push_back(encode(r, tags[r.id], files[r.id]));
  return out;
}

const resource& transactions_resource() {
  static const transactions instance;
  return instance;
}

} // namespace purse::resources
