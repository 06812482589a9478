// Accounts: where money sits. The current balance is the opening balance
// plus the maintained effect of every non-voided transaction.

#include "common.hpp"
#include "encoders.hpp"

#include <algorithm>
#include <array>

#include "purse/actors/currency.hpp"
#include "purse/actors/ids.hpp"
#include "purse/actors/money.hpp"
#include "purse/actors/timestamp.hpp"

namespace purse::resources {

namespace {

using persistence::account_row;
using persistence::session;
using persistence::store;
using persistence::transaction_row;

constexpr std::size_t max_name = 100;
constexpr std::array<std::string_view, 7> account_types{
  "checking", "savings", "credit_card", "cash", "investment", "loan", "other"};

/// The fields a body may set; unset ones keep their value.
struct account_input {
  std::optional<std::string> name;
  std::optional<std::string> type;
  std::optional<std::string> currency_code;
  std::optional<std::string> opening_balance; // exact source text
  std::optional<bool> archived;
};

/// Reads and checks a body; `full` (create, PUT) requires name and currency.
std::optional<account_input> read_input(body_reader& body, bool full) {
  body.reject_unknown(
    {"name", "type", "currency_code", "opening_balance", "archived"});
  account_input in;
  in.name = body.text("name", full, max_name);
  if (in.name && in.name->find_first_not_of(" \t") == std::string::npos)
    body.errors().add("name", "must not be blank");
  in.type = body.text("type", false, 32);
  if (in.type
      && std::find(account_types.begin(), account_types.end(), *in.type)
           == account_types.end())
    body.errors().add("type", "must be one of checking, savings, credit_card,"
                              " cash, investment, loan, other");
  in.currency_code = body.text("currency_code", full, 3);
  if (in.currency_code && find_currency(*in.currency_code) == nullptr)
    body.errors().add("currency_code",
                      "must be an upper-case ISO 4217 code, e.g. USD");
  in.opening_balance = body.number_text("opening_balance", false);
  in.archived = body.boolean("archived", false);
  if (!body.errors().empty())
    return std::nullopt;
  return in;
}

/// Applies input to a row, checking the amount against the final currency.
std::optional<api_result> apply(const account_input& in, account_row& row,
                                bool full) {
  if (in.name)
    row.name = *in.name;
  if (in.type)
    row.type = *in.type;
  else if (full)
    row.type = "checking";
  if (in.currency_code)
    row.currency_code = *in.currency_code;
  if (in.archived)
    row.archived = *in.archived;
  else if (full)
    row.archived = false;
  if (in.opening_balance) {
    auto parsed = parse_amount(*in.opening_balance,
                               minor_units_of(row.currency_code));
    if (!parsed.ok)
      return invalid("opening_balance", parsed.error);
    row.opening_balance_minor = parsed.minor;
  } else if (full) {
    row.opening_balance_minor = 0;
  }
  return std::nullopt;
}

class accounts final : public resource {
public:
  std::string_view name() const override {
    return "accounts";
  }

  const char* quota() const override {
    return "accounts";
  }

  role min_role(const api_call& call) const override {
    return call.is_read ? role::viewer : role::admin;
  }

  void load_counts(session& s, const std::string& scope_id,
                   std::map<std::string, std::int64_t>& out) const override {
    out["accounts"] = s.count_in_scope<account_row>(scope_id);
  }

  prepared_call prepare(const api_call& call,
                        const scope_view& scope) const override {
    switch (call.op) {
      case operation::list:
        return list_by_name<account_row>(call, scope, "accounts",
                                         encode_account);
      case operation::create:
        return create(call, scope);
      case operation::read:
        return read_by_id<account_row>(call, scope, "account", encode_account);
      case operation::update:
      case operation::replace:
        return change(call, scope);
      case operation::remove:
        return remove(call, scope);
      default:
        return answer(unsupported());
    }
  }

private:
  static prepared_call create(const api_call& call, const scope_view& scope) {
    body_reader body{call.body};
    if (!body.syntax_error().empty())
      return answer(
        make_result(errc::bad_request, "null", body.syntax_error()));
    auto in = read_input(body, true);
    if (!in)
      return answer(invalid(body.errors()));
    account_row row;
    row.id = new_id();
    row.scope_id = scope.scope_id;
    if (auto err = apply(*in, row, true))
      return answer(std::move(*err));
    row.created_at = row.updated_at = now_seconds();
    return write_task([row](store& st) {
      st.write([&](session& s) {
        s.insert(row);
      });
      return db_outcome{make_result(errc::created, encode_account(row)),
                        {{"accounts", 1}}};
    });
  }

  static prepared_call change(const api_call& call, const scope_view& scope) {
    if (!valid_id(call.id))
      return answer(missing("account"));
    body_reader body{call.body};
    if (!body.syntax_error().empty())
      return answer(
        make_result(errc::bad_request, "null", body.syntax_error()));
    bool full = call.op == operation::replace;
    auto in = read_input(body, full);
    if (!in)
      return answer(invalid(body.errors()));
    return write_task([id = call.id, scope_id = scope.scope_id, in = *in,
                       full](store& st) {
      api_result out = missing("account");
      st.write([&](session& s) {
        account_row row;
        if (!s.find(id, row) || row.scope_id != scope_id)
          return;
        auto old_currency = row.currency_code;
        if (auto err = apply(in, row, full)) {
          out = std::move(*err);
          return;
        }
        if (row.currency_code != old_currency && s.count_account_uses(id) > 0) {
          out = invalid("currency_code",
                        "cannot change while transactions use this account");
          return;
        }
        row.updated_at = now_seconds();
        s.update(row);
        out = make_result(errc::ok, encode_account(row));
      });
      return db_outcome{out, {}};
    });
  }

  static prepared_call remove(const api_call& call, const scope_view& scope) {
    if (!valid_id(call.id))
      return answer(missing("account"));
    query_reader q{call.query};
    auto reassign_to = q.get("reassign_to");
    auto cascade = q.flag("cascade").value_or(false);
    q.reject_unknown();
    if (reassign_to && cascade)
      q.errors().add("cascade", "cannot be combined with reassign_to");
    if (reassign_to && !valid_id(*reassign_to))
      q.errors().add("reassign_to", "must be the id of another account");
    if (!q.errors().empty())
      return answer(invalid(q.errors()));
    return write_task([id = call.id, scope_id = scope.scope_id,
                       target = reassign_to.value_or(""), cascade](store& st) {
      db_outcome out{missing("account"), {}};
      st.write([&](session& s) {
        out = remove_in(s, id, scope_id, target, cascade);
      });
      return out;
    });
  }

  /// Deletes an account, first moving or deleting what references it.
  static db_outcome remove_in(session& s, const std::string& id,
                              const std::string& scope_id,
                              const std::string& target, bool cascade) {
    account_row row;
    if (!s.find(id, row) || row.scope_id != scope_id)
      return {missing("account"), {}};
    auto uses = s.transactions_of_account(id);
    std::vector<std::pair<std::string, std::int64_t>> deltas;
    if (!uses.empty() && target.empty() && !cascade)
      return {invalid("reassign_to",
                      "the account has " + std::to_string(uses.size())
                        + " transactions; pass reassign_to=<account id> to "
                          "move them or cascade=true to delete them"),
              {}};
    auto now = now_seconds();
    if (!target.empty()) {
      account_row dest;
      if (target == id || !s.find(target, dest) || dest.scope_id != scope_id)
        return {invalid("reassign_to", "must be the id of another account in "
                                       "this scope"),
                {}};
      if (dest.currency_code != row.currency_code)
        return {invalid("reassign_to", "must have the same currency ("
                                         + row.currency_code + ")"),
                {}};
      for (auto& t : uses) {
        if ((t.account_id == id && t.to_account_id == target)
            || (t.account_id == target && t.to_account_id == id))
          return {invalid("reassign_to",
                          "transfers between the two accounts would become "
                          "transfers to the same account"),
                  {}};
      }
      for (auto& t : uses) {
        if (t.account_id == id)
          t.account_id = target;
        if (t.to_account_id == id)
          t.to_account_id = target;
        t.updated_at = now;
        s.update(t);
      }
      s.adjust_balance(target, row.balance_minor);
    } else if (cascade) {
      std::int64_t active = 0;
      std::int64_t voided = 0;
      for (auto& t : uses) {
        // Undo a transfer's effect on the account that stays.
        if (t.voided_at == 0 && t.flow_type == "transfer") {
          if (t.account_id == id)
            s.adjust_balance(t.to_account_id, -t.amount_minor);
          else
            s.adjust_balance(t.account_id, t.amount_minor);
        }
        s.set_tags(scope_id, t.id, {});
        s.set_files(scope_id, t.id, {});
        s.erase<transaction_row>(t.id);
        ++(t.voided_at == 0 ? active : voided);
      }
      deltas = {{"transactions", -active}, {"transactions.voided", -voided}};
    }
    s.erase<account_row>(id);
    deltas.emplace_back("accounts", -1);
    return {make_result(errc::ok, "null", "Account deleted"), deltas};
  }
};

} // namespace

std::string encode_account(const account_row& a) {
  json_writer w;
  w.begin_object();
  w.key("id").value(a.id).key("name").value(a.name).key("type").value(a.type);
  w.key("currency_code").value(a.currency_code);
  write_money(w, "opening_balance", a.opening_balance_minor, a.currency_code);
  write_money(w, "current_balance", a.opening_balance_minor + a.balance_minor,
              a.currency_code);
  w.key("archived").value(a.archived);
  w.key("created_at").time_or_null(a.created_at);
  w.key("updated_at").time_or_null(a.updated_at);
  w.end_object();
  return w.str();
}

const resource& accounts_resource() {
  static const accounts instance;
  return instance;
}

} // namespace purse::resources
