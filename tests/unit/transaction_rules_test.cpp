// SPDX-License-Identifier: GPL-2.0-or-later
// The rules of transactions without actors or a database: reading a body,
// applying it, checking references against a snapshot, and the balance
// deltas of creating, editing, moving, voiding and deleting.

#include <boost/test/unit_test.hpp>

#include <ostream>

#include "purse/actors/timestamp.hpp"
#include "resources/transaction_rules.hpp"

using namespace purse;
using namespace purse::resources;
using persistence::reference_snapshot;
using persistence::transaction_row;

namespace purse::resources {

/// Lets failed checks print the deltas they compared.
std::ostream& operator<<(std::ostream& out, const balance_delta& d) {
  return out << d.account_id << ':' << d.minor;
}

} // namespace purse::resources

namespace {

const std::string acc_a = "00000000-0000-4000-8000-00000000000a";
const std::string acc_b = "00000000-0000-4000-8000-00000000000b";
const std::string cat = "00000000-0000-4000-8000-0000000000c1";
const std::string tag = "00000000-0000-4000-8000-0000000000d1";
const std::string file = "00000000-0000-4000-8000-0000000000f1";

transaction_row row(const std::string& flow, std::int64_t amount,
                    const std::string& from = acc_a,
                    const std::string& to = "") {
  transaction_row t;
  t.id = "00000000-0000-4000-8000-000000000001";
  t.scope_id = "scope";
  t.account_id = from;
  t.to_account_id = to;
  t.flow_type = flow;
  t.amount_minor = amount;
  t.currency_code = "EUR";
  return t;
}

/// A snapshot in which both accounts hold EUR and the category, tag and
/// file exist.
reference_snapshot everything() {
  reference_snapshot s;
  s.accounts = {{acc_a, "EUR"}, {acc_b, "EUR"}};
  s.categories = {cat};
  s.tags = {tag};
  s.files = {file};
  return s;
}

std::string errors_of(const transaction_row& t,
                      const std::vector<std::string>& tags,
                      const std::vector<std::string>& files,
                      const reference_snapshot& found) {
  return check_references(t, tags, files, found).to_json();
}

using deltas = std::vector<balance_delta>;

} // namespace

BOOST_AUTO_TEST_SUITE(transaction_rules)

// -- archived accounts --------------------------------------------------------

BOOST_AUTO_TEST_CASE(an_archived_account_takes_no_new_transaction) {
  auto found = everything();
  found.archived_accounts = {acc_b};
  auto expense = row("expense", 100, acc_b);
  BOOST_TEST(check_references(expense, {}, {}, found).to_json()
             == R"({"account_id":["the account is archived"]})");
  auto transfer = row("transfer", 100, acc_a, acc_b);
  BOOST_TEST(check_references(transfer, {}, {}, found).to_json()
             == R"({"to_account_id":["the account is archived"]})");
  // Moved onto it from another account: refused alike.
  auto moved_from = row("expense", 100, acc_a);
  BOOST_TEST(check_references(expense, {}, {}, found, &moved_from).to_json()
             == R"({"account_id":["the account is archived"]})");
}

BOOST_AUTO_TEST_CASE(an_archived_accounts_own_transactions_stay_editable) {
  auto found = everything();
  found.archived_accounts = {acc_b};
  auto before = row("expense", 100, acc_b);
  auto after = row("expense", 250, acc_b);
  BOOST_TEST(check_references(after, {}, {}, found, &before).empty());
  // A transfer already touching it may swap its direction.
  auto transfer = row("transfer", 100, acc_a, acc_b);
  auto swapped = row("transfer", 100, acc_b, acc_a);
  BOOST_TEST(check_references(swapped, {}, {}, found, &transfer).empty());
  // Moving off the archived account is fine.
  auto off = row("expense", 100, acc_a);
  BOOST_TEST(check_references(off, {}, {}, found, &before).empty());
}

// -- list filters ---------------------------------------------------------------

BOOST_AUTO_TEST_CASE(date_only_bounds_are_days_of_the_given_zone) {
  auto auckland = find_time_zone("Pacific/Auckland");
  BOOST_REQUIRE(auckland);
  // 2026-03-01 in Auckland (UTC+13, daylight time) is
  // 2026-02-28T11:00:00Z up to 2026-03-01T10:59:59Z.
  query_params one_day{{"from", "2026-03-01"}, {"to", "2026-03-01"}};
  query_reader q{one_day};
  auto f = read_filter(q, "scope", *auckland);
  BOOST_TEST(q.errors().empty());
  BOOST_TEST(f.from == *parse_rfc3339("2026-02-28T11:00:00Z"));
  BOOST_TEST(f.to == *parse_rfc3339("2026-03-01T10:59:59Z"));
  // Full timestamps stay the instants they name.
  query_params instants{{"from", "2026-03-01T00:00:00Z"},
                        {"to", "2026-03-01T23:59:59+01:00"}};
  query_reader exact{instants};
  auto g = read_filter(exact, "scope", *auckland);
  BOOST_TEST(g.from == *parse_rfc3339("2026-03-01T00:00:00Z"));
  BOOST_TEST(g.to == *parse_rfc3339("2026-03-01T22:59:59Z"));
  // UTC: the UTC day.
  query_reader utc{one_day};
  auto u = read_filter(utc, "scope", time_zone{});
  BOOST_TEST(u.from == *parse_rfc3339("2026-03-01T00:00:00Z"));
  BOOST_TEST(u.to == *parse_rfc3339("2026-03-01T23:59:59Z"));
}

BOOST_AUTO_TEST_CASE(a_day_of_a_clock_change_is_bounded_whole) {
  auto la = find_time_zone("America/Los_Angeles");
  BOOST_REQUIRE(la);
  // 2026-03-08 has 23 hours there: from 08:00Z to 06:59:59Z next day.
  query_params day{{"from", "2026-03-08"}, {"to", "2026-03-08"}};
  query_reader q{day};
  auto f = read_filter(q, "scope", *la);
  BOOST_TEST(f.from == *parse_rfc3339("2026-03-08T08:00:00Z"));
  BOOST_TEST(f.to == *parse_rfc3339("2026-03-09T06:59:59Z"));
}

// -- input ----------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(a_create_needs_every_required_field) {
  body_reader body{R"({"amount":"1"})"};
  BOOST_TEST(!read_tx_input(body, true));
  auto json = body.errors().to_json();
  for (auto field :
       {"account_id", "flow_type", "currency_code", "transaction_at", "amount"})
    BOOST_TEST(json.find(std::string{"\""} + field + "\"") != std::string::npos,
               field);
}

BOOST_AUTO_TEST_CASE(a_patch_needs_no_field_but_checks_those_it_gets) {
  body_reader empty{"{}"};
  BOOST_TEST(read_tx_input(empty, false).has_value());
  body_reader bad{R"({"flow_type":"gift","tag_ids":["x"]})"};
  BOOST_TEST(!read_tx_input(bad, false));
  BOOST_TEST(bad.errors().to_json()
             == R"({"flow_type":["must be expense, income or transfer"],)"
                R"("tag_ids":["must contain tag ids"]})");
}

BOOST_AUTO_TEST_CASE(an_external_id_has_1_to_128_characters_not_bytes) {
  auto read = [](const std::string& value) {
    body_reader body{R"({"external_id":")" + value + "\"}"};
    auto in = read_tx_input(body, false);
    return in ? in->external_id : std::nullopt;
  };
  BOOST_TEST(!read(""));
  BOOST_TEST(!read("   "));
  BOOST_TEST(!read(std::string(129, 'x')));
  BOOST_TEST(read(std::string(128, 'x')).value_or("").size() == 128u);
  std::string wide;
  for (int i = 0; i < 128; ++i)
    wide += "\xc3\xa9"; // 128 characters, 256 bytes
  BOOST_TEST(read(wide).has_value());
  BOOST_TEST(!read(wide + "\xc3\xa9"));
  body_reader cleared{R"({"external_id":null})"};
  auto in = read_tx_input(cleared, false);
  BOOST_REQUIRE(in);
  BOOST_TEST(in->clear_external_id);
  auto t = row("expense", 1);
  t.external_id = "bank-1";
  BOOST_TEST(!apply_tx_input(*in, t, false));
  BOOST_TEST(t.external_id.empty());
}

BOOST_AUTO_TEST_CASE(the_amount_is_parsed_for_the_final_currency) {
  tx_input in;
  in.amount = "12.345";
  in.currency_code = "BHD";
  auto t = row("expense", 1);
  BOOST_TEST(!apply_tx_input(in, t, false));
  BOOST_TEST(t.amount_minor == 12345);
  BOOST_TEST(t.minor_units == 3);
  in.currency_code = "EUR";
  auto err = apply_tx_input(in, t, false);
  BOOST_REQUIRE(err);
  BOOST_TEST(static_cast<int>(err->code)
             == static_cast<int>(errc::unprocessable));
}

BOOST_AUTO_TEST_CASE(a_new_currency_without_a_new_amount_is_refused) {
  tx_input in;
  in.currency_code = "JPY";
  auto t = row("expense", 1000);
  auto err = apply_tx_input(in, t, false);
  BOOST_REQUIRE(err);
  BOOST_TEST(err->data
             == R"({"amount":["is required when currency_code changes"]})");
}

BOOST_AUTO_TEST_CASE(a_full_write_clears_what_it_does_not_name) {
  tx_input in;
  in.amount = "5";
  auto t = row("transfer", 1, acc_a, acc_b);
  t.category_id = cat;
  t.description = "old";
  BOOST_TEST(!apply_tx_input(in, t, true));
  BOOST_TEST(t.to_account_id.empty());
  BOOST_TEST(t.category_id.empty());
  BOOST_TEST(t.description.empty());
}

BOOST_AUTO_TEST_CASE(linked_ids_come_sorted_once_each) {
  std::vector<std::string> given{"b", "a", "b"};
  BOOST_TEST(linked_ids(given, false, {"z"})
             == (std::vector<std::string>{"a", "b"}));
  BOOST_TEST(linked_ids(std::nullopt, false, {"z", "y"})
             == (std::vector<std::string>{"y", "z"}));
  BOOST_TEST(linked_ids(std::nullopt, true, {"z"}).empty());
}

// -- references -----------------------------------------------------------------

BOOST_AUTO_TEST_CASE(references_that_exist_in_the_scope_pass) {
  auto t = row("transfer", 100, acc_a, acc_b);
  t.category_id = cat;
  BOOST_TEST(errors_of(t, {tag}, {file}, everything()) == "{}");
}

BOOST_AUTO_TEST_CASE(an_account_outside_the_snapshot_is_refused) {
  auto found = everything();
  found.accounts.erase(acc_a);
  BOOST_TEST(errors_of(row("expense", 1), {}, {}, found)
             == R"({"account_id":["must be the id of an account in this )"
                R"(scope"]})");
}

BOOST_AUTO_TEST_CASE(the_currency_must_match_the_account) {
  auto found = everything();
  found.accounts[acc_a] = "USD";
  BOOST_TEST(errors_of(row("income", 1), {}, {}, found)
             == "{\"currency_code\":[\"must match the account's currency "
                "(USD)\"]}");
}

BOOST_AUTO_TEST_CASE(transfers_need_another_account_of_the_same_currency) {
  auto found = everything();
  BOOST_TEST(errors_of(row("transfer", 1), {}, {}, found)
             == R"({"to_account_id":["is required for a transfer"]})");
  BOOST_TEST(errors_of(row("transfer", 1, acc_a, acc_a), {}, {}, found)
             == R"({"to_account_id":["must differ from account_id"]})");
  found.accounts[acc_b] = "USD";
  BOOST_TEST(errors_of(row("transfer", 1, acc_a, acc_b), {}, {}, found)
             == "{\"to_account_id\":[\"must have the transaction's "
                "currency (EUR)\"]}");
  found.accounts.erase(acc_b);
  BOOST_TEST(errors_of(row("transfer", 1, acc_a, acc_b), {}, {}, found)
             == R"({"to_account_id":["must be the id of an account in )"
                R"(this scope"]})");
  BOOST_TEST(errors_of(row("expense", 1, acc_a, acc_b), {}, {}, found)
             == R"({"to_account_id":["is only allowed for transfers"]})");
}

BOOST_AUTO_TEST_CASE(missing_category_tags_and_files_are_each_reported) {
  auto t = row("expense", 1);
  t.category_id = "00000000-0000-4000-8000-0000000000c2";
  BOOST_TEST(errors_of(t, {tag, "other"}, {"other"}, everything())
             == R"({"category_id":["must be the id of a category in this )"
                R"(scope"],"file_ids":["must contain ids of files in this )"
                R"(scope"],"tag_ids":["must contain ids of tags in this )"
                R"(scope"]})");
}

// -- balances -------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(creating_adds_the_effect_of_each_flow) {
  auto expense = row("expense", 250);
  BOOST_TEST(balance_change(nullptr, &expense) == (deltas{{acc_a, -250}}));
  auto income = row("income", 250);
  BOOST_TEST(balance_change(nullptr, &income) == (deltas{{acc_a, 250}}));
  auto transfer = row("transfer", 250, acc_a, acc_b);
  BOOST_TEST(balance_change(nullptr, &transfer)
             == (deltas{{acc_a, -250}, {acc_b, 250}}));
}

BOOST_AUTO_TEST_CASE(deleting_takes_the_effect_away) {
  auto transfer = row("transfer", 70, acc_a, acc_b);
  BOOST_TEST(balance_change(&transfer, nullptr)
             == (deltas{{acc_a, 70}, {acc_b, -70}}));
}

BOOST_AUTO_TEST_CASE(editing_the_amount_moves_only_the_difference) {
  auto before = row("expense", 100);
  auto after = before;
  after.amount_minor = 130;
  BOOST_TEST(balance_change(&before, &after) == (deltas{{acc_a, -30}}));
  BOOST_TEST(balance_change(&before, &before).empty());
}

BOOST_AUTO_TEST_CASE(moving_to_another_account_moves_the_whole_effect) {
  auto before = row("income", 40, acc_a);
  auto after = row("income", 40, acc_b);
  BOOST_TEST(balance_change(&before, &after)
             == (deltas{{acc_a, -40}, {acc_b, 40}}));
}

BOOST_AUTO_TEST_CASE(voiding_undoes_the_effect_and_a_voided_row_has_none) {
  auto before = row("transfer", 90, acc_a, acc_b);
  auto voided = before;
  voided.voided_at = 1;
  BOOST_TEST(balance_change(&before, &voided)
             == (deltas{{acc_a, 90}, {acc_b, -90}}));
  BOOST_TEST(balance_change(&voided, nullptr).empty());
}

BOOST_AUTO_TEST_SUITE_END()
