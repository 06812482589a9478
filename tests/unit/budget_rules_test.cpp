// SPDX-License-Identifier: GPL-2.0-or-later
// The rules of budgets without actors or a database: reading a body,
// applying it to a row, and which category a budget may have.

#include <boost/test/unit_test.hpp>

#include "purse/actors/json.hpp"
#include "resources/budget_rules.hpp"

using namespace purse;
using namespace purse::resources;
using persistence::budget_row;
using persistence::category_row;

namespace {

constexpr const char* some_id = "0190a3c4-0000-7000-8000-000000000001";

/// Reads a body; the errors as their JSON, or "" when the body was read.
std::string errors_of(const std::string& json, bool full = true) {
  body_reader body{json};
  if (read_budget_input(body, full))
    return "";
  return body.errors().to_json();
}

/// Whether `errors` has `message` under `field`.
bool says(const std::string& errors, const std::string& field,
          const std::string& message) {
  return errors.find("\"" + field + "\":[\"" + message) != std::string::npos;
}

std::string full_body(const std::string& month, const std::string& amount,
                      const std::string& currency = "EUR") {
  return std::string{R"({"category_id":")"} + some_id + R"(","month":")" + month
         + R"(","amount":)" + amount + R"(,"currency_code":")" + currency
         + "\"}";
}

category_row category(const std::string& scope, const std::string& kind) {
  category_row c;
  c.id = some_id;
  c.scope_id = scope;
  c.kind = kind;
  return c;
}

} // namespace

BOOST_AUTO_TEST_SUITE(budget_rules)

BOOST_AUTO_TEST_CASE(a_full_body_needs_every_field) {
  BOOST_TEST(errors_of(full_body("2026-03", "10")) == "");
  BOOST_TEST(says(errors_of(R"({"amount":1})"), "month", "is required"));
  BOOST_TEST(says(errors_of(R"({"amount":1})"), "category_id", "is required"));
  BOOST_TEST(says(errors_of(R"({"amount":1,"note":"x"})"), "note",
                  "is not a known field"));
  // A PATCH names what it changes.
  BOOST_TEST(errors_of(R"({"amount":1})", false) == "");
}

BOOST_AUTO_TEST_CASE(months_are_yyyy_mm) {
  for (auto bad : {"2026-13", "2026-00", "2026-3", "26-03", "2026-03-01",
                   "March", "1899-12"})
    BOOST_TEST(says(errors_of(full_body(bad, "1")), "month", "must be a month"),
               bad);
  body_reader body{full_body("9999-12", "1")};
  auto in = read_budget_input(body, true);
  BOOST_REQUIRE(in.has_value());
  BOOST_TEST(*in->month == "9999-12");
}

BOOST_AUTO_TEST_CASE(amounts_are_exact_positive_and_fit_the_currency) {
  auto apply = [](const std::string& amount, const std::string& currency,
                  budget_row& row) {
    body_reader body{full_body("2026-03", amount, currency)};
    auto in = read_budget_input(body, true);
    BOOST_REQUIRE(in.has_value());
    return apply_budget_input(*in, row);
  };
  budget_row row;
  BOOST_TEST(!apply("250.10", "EUR", row).has_value());
  BOOST_TEST(row.amount_minor == 25010);
  BOOST_TEST(row.currency_code == "EUR");
  BOOST_TEST(row.month == "2026-03");
  BOOST_TEST(!apply("0.1", "EUR", row).has_value());
  BOOST_TEST(row.amount_minor == 10); // 0.10, never 0.1000000001
  BOOST_TEST(!apply("1500", "JPY", row).has_value());
  BOOST_TEST(row.amount_minor == 1500);
  BOOST_TEST(!apply("1.234", "BHD", row).has_value());
  BOOST_TEST(row.amount_minor == 1234);
  for (auto [amount, currency] :
       {std::pair{"0", "EUR"}, std::pair{"-1", "EUR"}, std::pair{"1.5", "JPY"},
        std::pair{"0.001", "EUR"}, std::pair{"1e30", "EUR"}}) {
    budget_row r;
    BOOST_TEST(apply(amount, currency, r).has_value(), amount);
  }
}

BOOST_AUTO_TEST_CASE(a_new_currency_needs_a_new_amount) {
  budget_row row;
  row.currency_code = "EUR";
  row.amount_minor = 100;
  body_reader body{R"({"currency_code":"JPY"})"};
  auto in = read_budget_input(body, false);
  BOOST_REQUIRE(in.has_value());
  auto err = apply_budget_input(*in, row);
  BOOST_REQUIRE(err.has_value());
  BOOST_TEST((err->code == errc::unprocessable));
  // The same currency again changes nothing.
  budget_row same;
  same.currency_code = "JPY";
  BOOST_TEST(!apply_budget_input(*in, same).has_value());
}

BOOST_AUTO_TEST_CASE(only_an_expense_category_of_the_scope) {
  auto expense = category("scope-a", "expense");
  auto income = category("scope-a", "income");
  BOOST_TEST(!check_budget_category(&expense, "scope-a").has_value());
  BOOST_TEST(check_budget_category(&expense, "scope-b").has_value());
  BOOST_TEST(check_budget_category(nullptr, "scope-a").has_value());
  auto err = check_budget_category(&income, "scope-a");
  BOOST_REQUIRE(err.has_value());
  BOOST_TEST(err->data.find("expense category") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_second_budget_is_a_conflict) {
  BOOST_TEST((duplicate_budget().code == errc::conflict));
}

BOOST_AUTO_TEST_SUITE_END()
