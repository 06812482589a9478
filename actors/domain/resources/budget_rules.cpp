// SPDX-License-Identifier: GPL-2.0-or-later
#include "budget_rules.hpp"

#include "common.hpp"
#include "purse/actors/calendar.hpp"
#include "purse/actors/currency.hpp"
#include "purse/actors/money.hpp"

namespace purse::resources {

std::optional<budget_input> read_budget_input(body_reader& body, bool full) {
  body.reject_unknown({"category_id", "month", "amount", "currency_code"});
  budget_input in;
  in.category_id = body.text("category_id", full, 64);
  if (in.category_id && !valid_id(*in.category_id))
    body.errors().add("category_id", "must be the id of an expense category");
  in.month = body.text("month", full, 16);
  if (in.month) {
    auto month = parse_civil_month(*in.month);
    if (!month)
      body.errors().add("month", "must be a month YYYY-MM (years 1900 to "
                                 "9999)");
    else
      in.month = format_civil_month(*month);
  }
  in.amount = body.number_text("amount", full);
  in.currency_code = read_currency(body, full);
  if (!body.errors().empty())
    return std::nullopt;
  return in;
}

std::optional<api_result> apply_budget_input(const budget_input& in,
                                             persistence::budget_row& row) {
  auto currency_before = row.currency_code;
  if (in.category_id)
    row.category_id = *in.category_id;
  if (in.month)
    row.month = *in.month;
  if (in.currency_code)
    row.currency_code = *in.currency_code;
  if (in.amount) {
    auto parsed = parse_amount(*in.amount, minor_units_of(row.currency_code));
    if (!parsed)
      return invalid("amount", parsed.error().message);
    if (*parsed <= 0)
      return invalid("amount", "must be greater than 0");
    row.amount_minor = *parsed;
  } else if (row.currency_code != currency_before) {
    // Minor units differ between currencies: the old amount has no meaning.
    return invalid("amount", "is required when currency_code changes");
  }
  return std::nullopt;
}

std::optional<api_result>
check_budget_category(const persistence::category_row* category,
                      const std::string& scope_id) {
  if (category == nullptr || category->scope_id != scope_id)
    return invalid("category_id", "no such category in this scope");
  if (category->kind != "expense")
    return invalid("category_id", "must be an expense category (this one is "
                                    + category->kind + ")");
  return std::nullopt;
}

api_result duplicate_budget() {
  return make_result(errc::conflict, "null",
                     "A budget for this category, month and currency "
                     "already exists; change that one instead");
}

} // namespace purse::resources
