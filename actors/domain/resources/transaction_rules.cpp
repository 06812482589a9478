// SPDX-License-Identifier: GPL-2.0-or-later
#include "transaction_rules.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "purse/actors/currency.hpp"
#include "purse/actors/money.hpp"
#include "purse/actors/timestamp.hpp"

namespace purse::resources {

using persistence::transaction_row;

bool is_flow_type(const std::string& t) {
  return t == "expense" || t == "income" || t == "transfer";
}

// -- input --------------------------------------------------------------------

namespace {

void check_id(body_reader& body, const char* field,
              const std::optional<std::string>& id) {
  if (id && !valid_id(*id))
    body.errors().add(field, "must be an id issued by this service");
}

void check_ids(body_reader& body, const char* field,
               const std::optional<std::vector<std::string>>& ids,
               const char* message) {
  if (!ids)
    return;
  if (!std::all_of(ids->begin(), ids->end(), valid_id))
    body.errors().add(field, message);
}

/// Whether `text` (UTF-8) is an external_id: 1 to max_external_id
/// characters (code points, not bytes), not blank.
bool is_external_id(const std::string& text) {
  std::size_t chars = 0;
  for (unsigned char c : text)
    chars += (c & 0xC0) != 0x80 ? 1 : 0;
  return chars > 0 && chars <= max_external_id
         && text.find_first_not_of(" \t\r\n") != std::string::npos;
}

/// The body's external_id (is_external_id).
std::optional<std::string> read_external_id(body_reader& body) {
  auto text = body.text("external_id", false, 4 * max_external_id);
  if (!text)
    return std::nullopt;
  if (!is_external_id(*text)) {
    body.errors().add("external_id", "must be 1 to "
                                       + std::to_string(max_external_id)
                                       + " characters, not blank");
    return std::nullopt;
  }
  return text;
}

} // namespace

std::optional<tx_input> read_tx_input(body_reader& body, bool full) {
  body.reject_unknown({"account_id", "to_account_id", "category_id",
                       "flow_type", "amount", "currency_code", "description",
                       "notes", "transaction_at", "tag_ids", "file_ids",
                       "external_id"});
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
  in.currency_code = read_currency(body, full);
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
  check_ids(body, "tag_ids", in.tag_ids, "must contain tag ids");
  in.file_ids = body.text_array("file_ids", false, max_files);
  check_ids(body, "file_ids", in.file_ids, "must contain file ids");
  in.external_id = read_external_id(body);
  in.clear_external_id = body.is_null("external_id");
  if (!body.errors().empty())
    return std::nullopt;
  return in;
}

std::optional<api_result> apply_tx_input(const tx_input& in,
                                         transaction_row& row, bool full) {
  assign_field(row.account_id, in.account_id, false);
  assign_field(row.to_account_id, in.to_account_id,
               in.clear_to_account || full);
  assign_field(row.category_id, in.category_id, in.clear_category || full);
  assign_field(row.flow_type, in.flow_type, false);
  bool currency_changed = in.currency_code
                          && *in.currency_code != row.currency_code;
  assign_field(row.currency_code, in.currency_code, false);
  assign_field(row.description, in.description, full);
  assign_field(row.notes, in.notes, full);
  assign_field(row.transaction_at, in.transaction_at, false);
  assign_field(row.external_id, in.external_id, in.clear_external_id || full);
  row.minor_units = minor_units_of(row.currency_code);
  if (in.amount) {
    auto parsed = parse_amount(*in.amount, row.minor_units);
    if (!parsed)
      return invalid("amount", parsed.error().message);
    if (*parsed <= 0)
      return invalid("amount", "must be greater than 0");
    row.amount_minor = *parsed;
  } else if (currency_changed) {
    // Minor units differ between currencies: the old amount has no meaning.
    return invalid("amount", "is required when currency_code changes");
  }
  return std::nullopt;
}

void normalize_ids(std::vector<std::string>& ids) {
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
}

std::vector<std::string>
linked_ids(const std::optional<std::vector<std::string>>& given, bool full,
           std::vector<std::string> current) {
  if (given)
    current = *given;
  else if (full)
    current.clear();
  normalize_ids(current);
  return current;
}

// -- references ---------------------------------------------------------------

field_errors check_references(const transaction_row& row,
                              const std::vector<std::string>& tag_ids,
                              const std::vector<std::string>& file_ids,
                              const persistence::reference_snapshot& found,
                              const transaction_row* before) {
  field_errors errors;
  // An archived account keeps the transactions it has (they stay
  // editable) but takes no new one, neither created nor moved onto it.
  auto newly_archived = [&](const std::string& account_id) {
    return found.archived_accounts.count(account_id) > 0
           && (before == nullptr
               || (before->account_id != account_id
                   && before->to_account_id != account_id));
  };
  constexpr const char* archived = "the account is archived";
  auto account = found.accounts.find(row.account_id);
  if (account == found.accounts.end())
    errors.add("account_id", "must be the id of an account in this scope");
  else if (newly_archived(row.account_id))
    errors.add("account_id", archived);
  else if (account->second != row.currency_code)
    errors.add("currency_code",
               "must match the account's currency (" + account->second + ")");
  if (row.flow_type == "transfer") {
    auto to = found.accounts.find(row.to_account_id);
    if (row.to_account_id.empty())
      errors.add("to_account_id", "is required for a transfer");
    else if (row.to_account_id == row.account_id)
      errors.add("to_account_id", "must differ from account_id");
    else if (to == found.accounts.end())
      errors.add("to_account_id", "must be the id of an account in this scope");
    else if (newly_archived(row.to_account_id))
      errors.add("to_account_id", archived);
    else if (to->second != row.currency_code)
      errors.add("to_account_id", "must have the transaction's currency ("
                                    + row.currency_code + ")");
  } else if (!row.to_account_id.empty()) {
    errors.add("to_account_id", "is only allowed for transfers");
  }
  if (!row.category_id.empty() && found.categories.count(row.category_id) == 0)
    errors.add("category_id", "must be the id of a category in this scope");
  auto all_in = [](const std::vector<std::string>& ids,
                   const std::set<std::string>& there) {
    return std::all_of(ids.begin(), ids.end(), [&](const std::string& id) {
      return there.count(id) > 0;
    });
  };
  if (!all_in(tag_ids, found.tags))
    errors.add("tag_ids", "must contain ids of tags in this scope");
  if (!all_in(file_ids, found.files))
    errors.add("file_ids", "must contain ids of files in this scope");
  return errors;
}

// -- list filters -------------------------------------------------------------

persistence::transaction_filter read_filter(query_reader& q,
                                            const std::string& scope_id,
                                            const time_zone& zone) {
  persistence::transaction_filter f;
  f.scope_id = scope_id;
  // `local`: a date is a day of `zone`, not of UTC. A date as upper bound
  // includes that whole day: up to the second before the next one begins
  // (days of 23 or 25 hours included).
  auto bound = [&](const char* name, bool end_of_day, bool local, bool& has,
                   std::int64_t& out) {
    auto text = q.get(name);
    if (!text)
      return;
    if (auto day = parse_civil_day(*text)) {
      auto day_zone = local ? zone : time_zone{};
      has = true;
      out = end_of_day ? day_start(*day + date::days{1}, day_zone) - 1
                       : day_start(*day, day_zone);
    } else if (auto at = parse_rfc3339(*text)) {
      has = true;
      out = *at;
    } else {
      q.errors().add(name, "must be a date (2026-01-31) or an RFC 3339 "
                           "date-time");
    }
  };
  bound("from", false, true, f.has_from, f.from);
  bound("to", true, true, f.has_to, f.to);
  bound("updated_since", false, false, f.has_updated_since, f.updated_since);
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
  id_param("created_by", f.created_by);
  if (auto text = q.get("external_id")) {
    if (!is_external_id(*text))
      q.errors().add("external_id", "must be 1 to "
                                      + std::to_string(max_external_id)
                                      + " characters, not blank");
    else
      f.external_id = *text;
  }
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
      if (!parsed || *parsed < 0)
        q.errors().add(name, "must be a non-negative decimal number");
      else
        out = format_amount(*parsed, 4);
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
  return f;
}

// -- balances -----------------------------------------------------------------

std::vector<balance_delta> effect_of(const transaction_row& t) {
  if (t.voided_at != 0)
    return {};
  if (t.flow_type == "expense")
    return {{t.account_id, -t.amount_minor}};
  if (t.flow_type == "income")
    return {{t.account_id, t.amount_minor}};
  return {{t.account_id, -t.amount_minor}, {t.to_account_id, t.amount_minor}};
}

std::vector<balance_delta> balance_change(const transaction_row* before,
                                          const transaction_row* after) {
  std::map<std::string, std::int64_t> sums;
  if (before != nullptr)
    for (auto& d : effect_of(*before))
      sums[d.account_id] -= d.minor;
  if (after != nullptr)
    for (auto& d : effect_of(*after))
      sums[d.account_id] += d.minor;
  std::vector<balance_delta> out;
  for (auto& [account, minor] : sums)
    if (minor != 0)
      out.push_back({account, minor});
  return out;
}

void apply_deltas(persistence::session& s,
                  const std::vector<balance_delta>& deltas) {
  for (const auto& d : deltas)
    s.adjust_balance(d.account_id, d.minor);
}

} // namespace purse::resources
