// SPDX-License-Identifier: GPL-2.0-or-later
// The rules of accounts without actors or a database: applying a body, the
// fixed currency of an account in use, and what deleting an account does
// to the transactions that use it.

#include <boost/test/unit_test.hpp>

#include "resources/account_rules.hpp"

using namespace purse;
using namespace purse::resources;
using persistence::account_row;
using persistence::transaction_row;

namespace {

const std::string gone = "00000000-0000-4000-8000-00000000000a";
const std::string dest_id = "00000000-0000-4000-8000-00000000000b";
const std::string other = "00000000-0000-4000-8000-00000000000c";

account_row account(const std::string& id, const std::string& currency,
                    std::int64_t balance = 0) {
  account_row a;
  a.id = id;
  a.scope_id = "scope";
  a.currency_code = currency;
  a.balance_minor = balance;
  return a;
}

transaction_row tx(const std::string& id, const std::string& flow,
                   std::int64_t amount, const std::string& from,
                   const std::string& to = "") {
  transaction_row t;
  t.id = id;
  t.flow_type = flow;
  t.amount_minor = amount;
  t.account_id = from;
  t.to_account_id = to;
  return t;
}

std::string refusal(const std::variant<account_removal, api_result>& plan) {
  auto* r = std::get_if<api_result>(&plan);
  return r ? r->data : "";
}

} // namespace

BOOST_AUTO_TEST_SUITE(account_rules)

BOOST_AUTO_TEST_CASE(a_full_write_defaults_type_balance_and_archived) {
  account_input in;
  in.name = "Wallet";
  in.currency_code = "JPY";
  auto row = account("x", "EUR");
  row.type = "loan";
  row.archived = true;
  row.opening_balance_minor = 5;
  BOOST_TEST(!apply_account_input(in, row, true));
  BOOST_TEST(row.type == "checking");
  BOOST_TEST(!row.archived);
  BOOST_TEST(row.opening_balance_minor == 0);
}

BOOST_AUTO_TEST_CASE(the_opening_balance_fits_the_final_currency) {
  account_input in;
  in.currency_code = "JPY";
  in.opening_balance = "10.5";
  auto row = account("x", "EUR");
  auto err = apply_account_input(in, row, false);
  BOOST_REQUIRE(err);
  BOOST_TEST(err->data.find("opening_balance") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(the_currency_of_an_account_in_use_is_fixed) {
  auto before = account("x", "EUR");
  auto after = account("x", "USD");
  BOOST_TEST(check_currency_change(before, after, 1, true).has_value());
  BOOST_TEST(!check_currency_change(before, after, 0, false));
  BOOST_TEST(!check_currency_change(after, after, 3, false));
}

BOOST_AUTO_TEST_CASE(
  an_opening_balance_is_never_carried_into_another_currency) {
  auto before = account("x", "USD");
  before.opening_balance_minor = 1000; // 10.00 USD
  auto after = before;
  after.currency_code = "JPY";
  auto err = check_currency_change(before, after, 0, false);
  BOOST_REQUIRE(err);
  BOOST_TEST(err->data.find("send opening_balance in JPY")
             != std::string::npos);
  // Restated in the same request: allowed.
  BOOST_TEST(!check_currency_change(before, after, 0, true));
}

BOOST_AUTO_TEST_CASE(an_account_in_use_needs_reassign_to_or_cascade) {
  auto plan = plan_account_removal(account(gone, "EUR"), "", nullptr, false,
                                   {tx("t1", "expense", 5, gone)}, 0);
  BOOST_TEST(refusal(plan).find("has 1 transactions") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(an_unused_account_goes_alone) {
  auto plan = plan_account_removal(account(gone, "EUR"), "", nullptr, false, {},
                                   0);
  auto& removal = std::get<account_removal>(plan);
  BOOST_TEST(removal.moved.empty());
  BOOST_TEST(removal.deleted.empty());
  BOOST_TEST(removal.balances.empty());
  BOOST_TEST(removal.counts.size() == 1u);
}

BOOST_AUTO_TEST_CASE(the_target_must_exist_share_the_currency_and_differ) {
  auto row = account(gone, "EUR");
  auto usd = account(dest_id, "USD");
  BOOST_TEST(refusal(plan_account_removal(row, dest_id, nullptr, false, {}, 0))
               .find("another account in this scope")
             != std::string::npos);
  BOOST_TEST(refusal(plan_account_removal(row, gone, &row, false, {}, 0))
               .find("another account in this scope")
             != std::string::npos);
  BOOST_TEST(refusal(plan_account_removal(row, dest_id, &usd, false, {}, 0))
               .find("same currency (EUR)")
             != std::string::npos);
}

BOOST_AUTO_TEST_CASE(transfers_between_the_two_accounts_block_reassigning) {
  auto dest = account(dest_id, "EUR");
  auto plan = plan_account_removal(account(gone, "EUR"), dest_id, &dest, false,
                                   {tx("t1", "transfer", 5, dest_id, gone)}, 0);
  BOOST_TEST(refusal(plan).find("transfers to the same account")
             != std::string::npos);
}

BOOST_AUTO_TEST_CASE(reassigning_moves_the_uses_and_the_balance) {
  auto dest = account(dest_id, "EUR");
  auto plan = plan_account_removal(
    account(gone, "EUR", -30), dest_id, &dest, false,
    {tx("t1", "expense", 30, gone), tx("t2", "transfer", 9, other, gone)}, 77);
  auto& removal = std::get<account_removal>(plan);
  BOOST_REQUIRE(removal.moved.size() == 2u);
  BOOST_TEST(removal.moved[0].account_id == dest_id);
  BOOST_TEST(removal.moved[1].account_id == other);
  BOOST_TEST(removal.moved[1].to_account_id == dest_id);
  BOOST_TEST(removal.moved[1].updated_at == 77);
  BOOST_TEST((removal.balances == std::vector<balance_delta>{{dest_id, -30}}));
}

BOOST_AUTO_TEST_CASE(cascading_undoes_transfers_on_the_accounts_that_stay) {
  auto voided = tx("t3", "transfer", 50, gone, other);
  voided.voided_at = 1;
  auto plan = plan_account_removal(
    account(gone, "EUR"), "", nullptr, true,
    {tx("t1", "expense", 30, gone), tx("t2", "transfer", 9, other, gone),
     tx("t4", "transfer", 4, gone, other), voided},
    0);
  auto& removal = std::get<account_removal>(plan);
  BOOST_TEST(removal.deleted
             == (std::vector<std::string>{"t1", "t2", "t4", "t3"}));
  // t2 had taken 9 from `other`, t4 had given it 4: it gets 5 back.
  BOOST_TEST((removal.balances == std::vector<balance_delta>{{other, 5}}));
  using counts = std::vector<std::pair<std::string, std::int64_t>>;
  BOOST_TEST((removal.counts
              == counts{{"transactions", -3},
                        {"transactions.voided", -1},
                        {"accounts", -1}}));
}

BOOST_AUTO_TEST_SUITE_END()
