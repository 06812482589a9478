// SPDX-License-Identifier: GPL-2.0-or-later
#include "account_rules.hpp"

#include <algorithm>
#include <array>
#include <map>

#include "common.hpp"
#include "purse/actors/money.hpp"

namespace purse::resources {

using persistence::account_row;
using persistence::transaction_row;

namespace {

constexpr std::size_t max_name = 100;
constexpr std::array<std::string_view, 7> account_types{
  "checking", "savings", "credit_card", "cash", "investment", "loan", "other"};

api_result bad_target(std::string message) {
  return invalid("reassign_to", std::move(message));
}

} // namespace

std::optional<account_input> read_account_input(body_reader& body, bool full) {
  body.reject_unknown(
    {"name", "type", "currency_code", "opening_balance", "archived"});
  account_input in;
  in.name = read_name(body, full, max_name);
  in.type = body.text("type", false, 32);
  if (in.type
      && std::find(account_types.begin(), account_types.end(), *in.type)
           == account_types.end())
    body.errors().add("type", "must be one of checking, savings, credit_card,"
                              " cash, investment, loan, other");
  in.currency_code = read_currency(body, full);
  in.opening_balance = body.number_text("opening_balance", false);
  in.archived = body.boolean("archived", false);
  if (!body.errors().empty())
    return std::nullopt;
  return in;
}

std::optional<api_result> apply_account_input(const account_input& in,
                                              account_row& row, bool full) {
  assign_field(row.name, in.name, false);
  assign_field(row.type, in.type, full, "checking");
  assign_field(row.currency_code, in.currency_code, false);
  assign_field(row.archived, in.archived, full);
  if (in.opening_balance) {
    auto parsed = parse_amount(*in.opening_balance,
                               minor_units_of(row.currency_code));
    if (!parsed)
      return invalid("opening_balance", parsed.error().message);
    row.opening_balance_minor = *parsed;
  } else if (full) {
    row.opening_balance_minor = 0;
  }
  return std::nullopt;
}

std::optional<std::int64_t> current_balance(const account_row& row) {
  std::int64_t sum = 0;
  if (__builtin_add_overflow(row.opening_balance_minor, row.balance_minor,
                             &sum))
    return std::nullopt;
  return sum;
}

std::optional<api_result> check_balance_range(const account_row& row) {
  if (current_balance(row))
    return std::nullopt;
  return invalid("opening_balance",
                 "with the account's transactions the balance would pass "
                 "the largest amount Purse keeps");
}

std::optional<api_result>
check_currency_change(const account_row& before, const account_row& after,
                      std::int64_t uses, bool opening_restated) {
  if (after.currency_code == before.currency_code)
    return std::nullopt;
  if (uses > 0)
    return invalid("currency_code",
                   "cannot change while transactions use this account");
  if (before.opening_balance_minor != 0 && !opening_restated)
    return invalid("currency_code",
                   "the opening balance is in " + before.currency_code
                     + ": send opening_balance in " + after.currency_code
                     + " with the new currency (nothing is converted)");
  return std::nullopt;
}

std::variant<account_removal, api_result>
plan_account_removal(const account_row& row, const std::string& target,
                     const account_row* dest, bool cascade,
                     std::vector<transaction_row> uses, std::int64_t now) {
  account_removal out;
  const auto& id = row.id;
  if (!uses.empty() && target.empty() && !cascade)
    return invalid("reassign_to",
                   "the account has " + std::to_string(uses.size())
                     + " transactions; pass reassign_to=<account id> to "
                       "move them or cascade=true to delete them");
  if (!target.empty()) {
    if (target == id || dest == nullptr)
      return bad_target("must be the id of another account in this scope");
    if (dest->currency_code != row.currency_code)
      return bad_target("must have the same currency (" + row.currency_code
                        + ")");
    auto between = [&](const transaction_row& t) {
      return (t.account_id == id && t.to_account_id == target)
             || (t.account_id == target && t.to_account_id == id);
    };
    if (std::any_of(uses.begin(), uses.end(), between))
      return bad_target("transfers between the two accounts would become "
                        "transfers to the same account");
    for (auto& t : uses) {
      if (t.account_id == id)
        t.account_id = target;
      if (t.to_account_id == id)
        t.to_account_id = target;
      t.updated_at = now;
    }
    out.moved = std::move(uses);
    if (row.balance_minor != 0)
      out.balances.push_back({target, row.balance_minor});
  } else if (cascade) {
    std::int64_t active = 0;
    std::int64_t voided = 0;
    std::map<std::string, std::int64_t> sums;
    for (auto& t : uses) {
      // Undo each transaction's effect on the accounts that stay.
      for (auto& d : balance_change(&t, nullptr))
        if (d.account_id != id)
          sums[d.account_id] += d.minor;
      out.deleted.push_back(t.id);
      ++(t.voided_at == 0 ? active : voided);
    }
    for (auto& [account, minor] : sums)
      if (minor != 0)
        out.balances.push_back({account, minor});
    out.counts = {{"transactions", -active}, {"transactions.voided", -voided}};
  }
  out.counts.emplace_back("accounts", -1);
  return out;
}

} // namespace purse::resources
