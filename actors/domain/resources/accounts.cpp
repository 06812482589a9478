// SPDX-License-Identifier: GPL-2.0-or-later
// Accounts: where money sits. The current balance is the opening balance
// plus the maintained effect of every non-voided transaction.

#include "account_rules.hpp"
#include "crud_resource.hpp"
#include "encoders.hpp"

#include <limits>

#include "purse/actors/ids.hpp"
#include "purse/actors/timestamp.hpp"

namespace purse::resources {

namespace {

using persistence::account_row;
using persistence::session;
using persistence::store;
using persistence::transaction_row;

class accounts final : public named_rows_resource<account_row> {
public:
  accounts()
    : named_rows_resource({"accounts", "account", role::admin, {{2, 25, 100}}},
                          encode_account) {
    // nop
  }

protected:
  prepared_call write(const api_call& call,
                      const scope_view& scope) const override {
    return with_input(
      call, read_account_input, [&](account_input in, bool full) {
        return call.op == operation::create
                 ? create(in, call.caller_id, scope)
                 : change(call.id, in, full, call.caller_id, scope);
      });
  }

  prepared_call remove(const api_call& call,
                       const scope_view& scope) const override {
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
                       target = reassign_to.value_or(""), cascade,
                       by = call.caller_id](store& st) {
      db_outcome out;
      st.write([&](session& s) {
        out = remove_in(s, id, scope_id, target, cascade, by);
      });
      return out;
    });
  }

private:
  static prepared_call create(const account_input& in, const std::string& by,
                              const scope_view& scope) {
    account_row row;
    row.id = new_id();
    row.scope_id = scope.scope_id;
    if (auto err = apply_account_input(in, row, true))
      return answer(std::move(*err));
    stamp_created(row, by, now_seconds());
    return write_task([row](store& st) {
      st.write([&](session& s) {
        s.insert(row);
      });
      return db_outcome{make_result(errc::created, encode_account(row)),
                        {{"accounts", 1}}};
    });
  }

  static prepared_call change(const std::string& id, const account_input& in,
                              bool full, const std::string& by,
                              const scope_view& scope) {
    return write_then_answer<account_row>(
      [id, scope_id = scope.scope_id, in, full,
       by](session& s) -> outcome_or<account_row> {
        account_row row;
        if (!s.find(id, row) || row.scope_id != scope_id)
          return db_outcome{missing("account"), {}};
        auto before = row;
        auto err = apply_account_input(in, row, full);
        if (!err)
          err = check_balance_range(row);
        // A full replacement states the opening balance (absent: 0).
        if (!err && row.currency_code != before.currency_code)
          err = check_currency_change(before, row, s.count_account_uses(id),
                                      full || in.opening_balance.has_value());
        if (err)
          return db_outcome{std::move(*err), {}};
        stamp_updated(row, by, now_seconds());
        s.update(row);
        return row;
      },
      [](const account_row& row) {
        return db_outcome{make_result(errc::ok, encode_account(row)), {}};
      });
  }

  /// Deletes an account, first moving or deleting what references it.
  static db_outcome
  remove_in(session& s, const std::string& id, const std::string& scope_id,
            const std::string& target, bool cascade, const std::string& by) {
    account_row row;
    if (!s.find(id, row) || row.scope_id != scope_id)
      return {missing("account"), {}};
    account_row dest;
    bool has_dest = !target.empty() && target != id && s.find(target, dest)
                    && dest.scope_id == scope_id;
    auto plan = plan_account_removal(row, target, has_dest ? &dest : nullptr,
                                     cascade, s.transactions_of_account(id),
                                     now_seconds());
    if (auto* refused = std::get_if<api_result>(&plan))
      return {std::move(*refused), {}};
    auto& removal = std::get<account_removal>(plan);
    for (auto& t : removal.moved) {
      t.updated_by = by; // moved to the target: a change of the caller's
      s.update(t);
    }
    for (auto& tx : removal.deleted) {
      s.set_tags(scope_id, tx, {});
      s.set_files(scope_id, tx, {});
      s.erase<transaction_row>(tx);
    }
    apply_deltas(s, removal.balances);
    s.erase<account_row>(id);
    return {make_result(errc::ok, "null", "Account deleted"), removal.counts};
  }
};

} // namespace

std::string encode_account(const account_row& a) {
  json_writer w;
  w.begin_object();
  w.key("id").value(a.id).key("name").value(a.name).key("type").value(a.type);
  w.key("currency_code").value(a.currency_code);
  write_money(w, "opening_balance", a.opening_balance_minor, a.currency_code);
  // A row edited by hand past the range shows the nearest amount rather
  // than wrap around.
  auto shown = current_balance(a).value_or(
    a.balance_minor > 0 ? std::numeric_limits<std::int64_t>::max()
                        : std::numeric_limits<std::int64_t>::min());
  write_money(w, "current_balance", shown, a.currency_code);
  w.key("archived").value(a.archived);
  w.key("created_at").time_or_null(a.created_at);
  w.key("updated_at").time_or_null(a.updated_at);
  write_authors(w, a.created_by, a.updated_by);
  w.end_object();
  return w.str();
}

const resource& accounts_resource() {
  static const accounts instance;
  return instance;
}

} // namespace purse::resources
