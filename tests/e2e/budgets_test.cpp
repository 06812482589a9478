// SPDX-License-Identifier: GPL-2.0-or-later
// Budgets: CRUD in both scopes with the categories' roles, their rules
// (one per category, month and currency; expense categories only; exact
// amounts), their quota, and the budget report against hand-computed
// figures and a plain-SQL oracle on random data across zones, currencies,
// voids and month edges.

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <ctime>

#include <unistd.h>

#include "support/e2e.hpp"
#include "support/property.hpp"
#include "support/report_oracle.hpp"

using namespace purse::test;

namespace {

int next_user = 0;

/// A Berlin user on Family (room for four members) who owns a team with an
/// admin, a member and a viewer.
struct budget_team {
  std::string id
    = admin_field({"user", "create", "--email",
                   "budgets-" + std::to_string(getpid()) + "-"
                     + std::to_string(next_user++) + "@example.com",
                   "--plan", "family", "--timezone", "Europe/Berlin"},
                  "id");
  std::string key = make_key(id);
  std::string team
    = admin_field({"team", "create", "--name", "Budgets", "--owner", id}, "id");
  user_with_key admin_user = make_user("solo");
  user_with_key member = make_user("solo");
  user_with_key viewer = make_user("solo");

  budget_team() {
    for (auto [u, role] :
         {std::pair{&admin_user, "admin"}, std::pair{&member, "member"},
          std::pair{&viewer, "viewer"}})
      admin_field({"team", "add-member", "--team", team, "--user", u->id,
                   "--role", role},
                  "team_id");
  }
};

std::string budget(const std::string& category, const std::string& month,
                   const std::string& amount,
                   const std::string& currency = "EUR") {
  return R"({"category_id":")" + category + R"(","month":")" + month
         + R"(","amount":)" + amount + R"(,"currency_code":")" + currency
         + "\"}";
}

std::string created_id(const response& r) {
  BOOST_REQUIRE_MESSAGE(r.status == 201, r.body);
  return r.at("/data/id");
}

std::string income_category(const std::string& key, const std::string& scope,
                            const std::string& name) {
  return created_id(
    api().post(v1(scope + "/categories"), key,
               R"({"name":")" + name + R"(","kind":"income"})"));
}

/// Creates an expense in the account's currency and returns its id.
std::string spend(const std::string& key, const std::string& scope,
                  const std::string& account, const std::string& currency,
                  const std::string& amount, const std::string& at,
                  const std::string& category = "") {
  auto body
    = R"({"account_id":")" + account + R"(","flow_type":"expense","amount":)"
      + amount + R"(,"currency_code":")" + currency + R"(","transaction_at":")"
      + at + "\""
      + (category.empty() ? "" : R"(,"category_id":")" + category + "\"") + "}";
  return created_id(api().post(v1(scope + "/transactions"), key, body));
}

std::string ptr(const std::string& base, long i, const std::string& rest) {
  return base + "/" + std::to_string(i) + rest;
}

/// The canonical form of oracle_budget, built from the report's answer.
std::string api_budget(const response& r) {
  std::vector<std::string> parts;
  for (long i = 0; i < r.size_at("/data/currencies"); ++i) {
    auto c = ptr("/data/currencies", i, "");
    auto code = r.at((c + "/currency_code").c_str());
    auto lines = c + "/categories";
    for (long j = 0; j < r.size_at(lines.c_str()); ++j) {
      auto p = ptr(lines, j, "");
      parts.push_back("B|" + code + "|" + r.at((p + "/category/id").c_str())
                      + ":" + r.at((p + "/budgeted_minor").c_str()) + ":"
                      + r.at((p + "/transaction_count").c_str()) + ":"
                      + r.at((p + "/spent_minor").c_str()));
    }
    lines = c + "/unbudgeted";
    for (long j = 0; j < r.size_at(lines.c_str()); ++j) {
      auto p = ptr(lines, j, "");
      auto id = r.at((p + "/category/id").c_str());
      parts.push_back("U|" + code + "|" + (id == "null" ? "-" : id) + ":"
                      + r.at((p + "/transaction_count").c_str()) + ":"
                      + r.at((p + "/spent_minor").c_str()));
    }
  }
  std::sort(parts.begin(), parts.end());
  std::string out;
  for (auto& p : parts)
    out += (out.empty() ? "" : ";") + p;
  return out;
}

} // namespace

BOOST_AUTO_TEST_SUITE(budgets)

BOOST_FIXTURE_TEST_CASE(crud_in_both_scopes_with_filters_and_paging,
                        budget_team) {
  for (std::string scope : {std::string{"/me"}, "/teams/" + team}) {
    BOOST_TEST_CONTEXT("scope " << scope) {
      auto base = v1(scope + "/budgets");
      auto food = make_category(key, scope, "Food");
      auto rent = make_category(key, scope, "Rent");
      auto r = api().post(base, key, budget(food, "2026-03", "250.50"));
      auto id = created_id(r);
      BOOST_TEST(r.at("/data/category_id") == food);
      BOOST_TEST(r.at("/data/month") == "2026-03");
      BOOST_TEST(r.at("/data/amount") == "250.50");
      BOOST_TEST(r.at("/data/amount_minor") == "25050");
      BOOST_TEST(r.at("/data/currency_code") == "EUR");
      BOOST_TEST(r.at("/data/created_by") == this->id);
      BOOST_TEST(r.at("/data/updated_by") == this->id);
      BOOST_TEST(!r.at("/data/created_at").empty());
      BOOST_TEST(api().get(base + "/" + id, key).at("/data/amount_minor")
                 == "25050");
      // The same category and month in another currency, another month,
      // another category: all their own budgets.
      created_id(api().post(base, key, budget(food, "2026-03", "30", "USD")));
      created_id(api().post(base, key, budget(food, "2026-04", "260")));
      created_id(api().post(base, key, budget(rent, "2026-03", "900")));

      auto all = api().get(base, key);
      BOOST_TEST(all.at("/data/pagination/total") == "4");
      BOOST_TEST(all.at("/data/items/0/month") == "2026-03");
      BOOST_TEST(all.at("/data/items/3/month") == "2026-04");
      auto march = api().get(base + "?month=2026-03", key);
      BOOST_TEST(march.at("/data/pagination/total") == "3");
      BOOST_TEST(march.size_at("/data/items") == 3);
      auto food_only = api().get(base + "?category_id=" + food, key);
      BOOST_TEST(food_only.at("/data/pagination/total") == "3");
      auto both = api().get(base + "?month=2026-03&category_id=" + rent, key);
      BOOST_TEST(both.at("/data/pagination/total") == "1");
      BOOST_TEST(both.at("/data/items/0/amount") == "900.00");
      auto paged = api().get(base + "?per_page=2&page=2", key);
      BOOST_TEST(paged.size_at("/data/items") == 2);
      BOOST_TEST(paged.at("/data/items/1/month") == "2026-04");

      // PATCH changes what it names; PUT states everything.
      r = api().patch(base + "/" + id, key, R"({"amount":199.99})");
      BOOST_REQUIRE_MESSAGE(r.status == 200, r.body);
      BOOST_TEST(r.at("/data/amount_minor") == "19999");
      BOOST_TEST(r.at("/data/month") == "2026-03");
      r = api().request("PUT", base + "/" + id, key,
                        budget(food, "2026-05", "12"));
      BOOST_REQUIRE_MESSAGE(r.status == 200, r.body);
      BOOST_TEST(r.at("/data/month") == "2026-05");
      BOOST_TEST(r.at("/data/amount") == "12.00");
      r = api().request("PUT", base + "/" + id, key, R"({"amount":5})");
      BOOST_TEST(r.status == 422);
      BOOST_TEST(r.at("/data/month").find("is required") != std::string::npos);

      BOOST_TEST(api().request("DELETE", base + "/" + id, key).status == 200);
      BOOST_TEST(api().get(base + "/" + id, key).status == 404);
      BOOST_TEST(api().request("DELETE", base + "/" + id, key).status == 404);
      BOOST_TEST(api().get(base, key).at("/data/pagination/total") == "3");
    }
  }
  // Another scope's budget is not found.
  auto mine = created_id(api().post(
    v1("/me/budgets"), key, budget(make_category(key, "/me"), "2026-01", "1")));
  BOOST_TEST(api().get(v1("/teams/" + team + "/budgets/" + mine), key).status
             == 404);
  BOOST_TEST(api().get(v1("/me/budgets/" + mine), member.key).status == 404);
}

BOOST_FIXTURE_TEST_CASE(roles_are_those_of_categories, budget_team) {
  auto scope = "/teams/" + team;
  auto base = v1(scope + "/budgets");
  auto food = make_category(key, scope, "Food");
  auto bid = created_id(
    api().post(base, admin_user.key, budget(food, "2026-03", "10")));
  BOOST_TEST(api().get(base, admin_user.key).at("/data/items/0/created_by")
             == admin_user.id);
  for (auto* u : {&member, &viewer}) {
    BOOST_TEST(api().get(base, u->key).status == 200);
    BOOST_TEST(api().get(base + "/" + bid, u->key).status == 200);
    auto refused = api().post(base, u->key, budget(food, "2026-04", "10"));
    BOOST_TEST(refused.status == 403);
    BOOST_TEST(refused.at("/meta/error") == "forbidden");
    BOOST_TEST(api().patch(base + "/" + bid, u->key, R"({"amount":3})").status
               == 403);
    BOOST_TEST(api().request("DELETE", base + "/" + bid, u->key).status == 403);
  }
  auto r = api().patch(base + "/" + bid, key, R"({"amount":3})");
  BOOST_TEST(r.at("/data/created_by") == admin_user.id);
  BOOST_TEST(r.at("/data/updated_by") == id);
}

BOOST_FIXTURE_TEST_CASE(bad_bodies_are_refused_and_nothing_is_stored,
                        budget_team) {
  auto base = v1("/me/budgets");
  auto food = make_category(key, "/me", "Food");
  auto salary = income_category(key, "/me", "Salary");
  auto other = make_category(key, "/teams/" + team, "Theirs");
  struct bad_case {
    std::string body, field, message_part;
  };
  for (auto& c : std::vector<bad_case>{
         {budget(food, "2026-13", "1"), "month", "YYYY-MM"},
         {budget(food, "2026-3", "1"), "month", "YYYY-MM"},
         {budget(food, "2026-03", "0"), "amount", "greater than 0"},
         {budget(food, "2026-03", "-5"), "amount", "greater than 0"},
         {budget(food, "2026-03", "1.234"), "amount", "2 decimal places"},
         {budget(food, "2026-03", "1.5", "JPY"), "amount", "whole number"},
         {budget(food, "2026-03", "\"ten\""), "amount", ""},
         {budget(food, "2026-03", "1", "EURO"), "currency_code", ""},
         {budget(salary, "2026-03", "1"), "category_id", "expense category"},
         {budget(other, "2026-03", "1"), "category_id", "no such category"},
         {budget("nope", "2026-03", "1"), "category_id", ""},
         {R"({"month":"2026-03","amount":1,"currency_code":"EUR"})",
          "category_id", "is required"},
         {budget(food, "2026-03", "1").insert(1, R"("extra":1,)"), "extra",
          "not a known field"}}) {
    BOOST_TEST_CONTEXT(c.body) {
      auto r = api().post(base, key, c.body);
      BOOST_TEST(r.status == 422);
      BOOST_TEST(r.at("/meta/error") == "validation_failed");
      auto message = r.at(("/data/" + c.field).c_str());
      BOOST_TEST(!message.empty());
      BOOST_TEST(message.find(c.message_part) != std::string::npos, message);
    }
  }
  BOOST_TEST(api().post(base, key, "{not json").status == 400);
  BOOST_TEST(api().get(base, key).at("/data/pagination/total") == "0");
  BOOST_TEST(api().get(base + "?month=2026-3", key).status == 422);
  BOOST_TEST(api().get(base + "?month=2026-03&sort=x", key).status == 422);
  // A JPY budget takes whole yen.
  auto yen = api().post(base, key, budget(food, "2026-03", "1500", "JPY"));
  BOOST_TEST(yen.status == 201);
  BOOST_TEST(yen.at("/data/amount") == "1500");
  // Changing the currency without an amount makes the old amount
  // meaningless: refused.
  auto r = api().patch(base + "/" + yen.at("/data/id"), key,
                       R"({"currency_code":"USD"})");
  BOOST_TEST(r.status == 422);
  BOOST_TEST(r.at("/data/amount").find("is required when currency_code changes")
             != std::string::npos);
}

BOOST_FIXTURE_TEST_CASE(one_budget_per_category_month_and_currency,
                        budget_team) {
  auto base = v1("/me/budgets");
  auto food = make_category(key, "/me", "Food");
  created_id(api().post(base, key, budget(food, "2026-03", "10")));
  auto again = api().post(base, key, budget(food, "2026-03", "99"));
  BOOST_TEST(again.status == 409);
  BOOST_TEST(again.at("/meta/error") == "conflict");
  BOOST_TEST(again.at("/meta/message").find("already exists")
             != std::string::npos);
  // Moving another budget onto the same key is the same conflict.
  auto april = created_id(api().post(base, key, budget(food, "2026-04", "10")));
  auto moved = api().patch(base + "/" + april, key, R"({"month":"2026-03"})");
  BOOST_TEST(moved.status == 409);
  BOOST_TEST(api().get(base + "/" + april, key).at("/data/month") == "2026-04");
  BOOST_TEST(api().get(base, key).at("/data/pagination/total") == "2");
  BOOST_TEST(api().get(v1("/me/usage"), key).at("/data/quotas/budgets/used")
             == "2");
}

BOOST_FIXTURE_TEST_CASE(a_categorys_budgets_go_with_it_and_keep_it_an_expense,
                        budget_team) {
  auto base = v1("/me/budgets");
  auto food = make_category(key, "/me", "Food");
  auto keep = make_category(key, "/me", "Keep");
  created_id(api().post(base, key, budget(food, "2026-03", "10")));
  created_id(api().post(base, key, budget(food, "2026-04", "10")));
  created_id(api().post(base, key, budget(keep, "2026-04", "10")));
  auto r = api().patch(v1("/me/categories/" + food), key,
                       R"({"kind":"income"})");
  BOOST_TEST(r.status == 422);
  BOOST_TEST(r.at("/data/kind").find("has budgets") != std::string::npos);
  r = api().request("DELETE", v1("/me/categories/" + food), key);
  BOOST_REQUIRE_MESSAGE(r.status == 200, r.body);
  BOOST_TEST(r.at("/meta/message") == "Category deleted with its 2 budgets");
  auto left = api().get(base, key);
  BOOST_TEST(left.at("/data/pagination/total") == "1");
  BOOST_TEST(left.at("/data/items/0/category_id") == keep);
  BOOST_TEST(api().get(v1("/me/usage"), key).at("/data/quotas/budgets/used")
             == "1");
}

BOOST_AUTO_TEST_CASE(the_plan_quota_refuses_the_budget_past_it) {
  server_process server{{"--quotas", "solo.budgets=2"}};
  http_client client{server.base_url()};
  auto user = make_user("solo");
  auto cat = client.post(v1("/me/categories"), user.key, R"({"name":"Q"})");
  BOOST_REQUIRE_MESSAGE(cat.status == 201, cat.body);
  auto category = cat.at("/data/id");
  for (auto month : {"2026-01", "2026-02"})
    BOOST_TEST(
      client.post(v1("/me/budgets"), user.key, budget(category, month, "1"))
        .status
      == 201);
  auto over = client.post(v1("/me/budgets"), user.key,
                          budget(category, "2026-03", "1"));
  BOOST_TEST(over.status == 422);
  BOOST_TEST(over.at("/meta/error") == "quota_exceeded");
  auto usage = client.get(v1("/me/usage"), user.key);
  BOOST_TEST(usage.at("/data/quotas/budgets/used") == "2");
  BOOST_TEST(usage.at("/data/quotas/budgets/limit") == "2");
}

BOOST_FIXTURE_TEST_CASE(the_budget_report_by_hand_at_month_edges, budget_team) {
  auto scope = std::string{"/me"};
  auto eur = make_account(key, scope, "EUR", "Cash");
  auto usd = make_account(key, scope, "USD", "Card");
  auto food = make_category(key, scope, "Food");
  auto rent = make_category(key, scope, "Rent");
  auto fun = make_category(key, scope, "Fun");
  auto base = v1(scope + "/budgets");
  created_id(api().post(base, key, budget(food, "2026-03", "100")));
  created_id(api().post(base, key, budget(rent, "2026-03", "500")));
  created_id(api().post(base, key, budget(food, "2026-03", "20", "USD")));
  // Berlin is UTC+1 in early March and UTC+2 from March 29th: the first
  // expense is March 1st 00:30 in Berlin, the one before it is February.
  spend(key, scope, eur, "EUR", "30.25", "2026-02-28T23:30:00Z", food);
  spend(key, scope, eur, "EUR", "7", "2026-02-28T22:59:59Z", food);
  spend(key, scope, eur, "EUR", "80", "2026-03-15T12:00:00Z", food);
  spend(key, scope, eur, "EUR", "600", "2026-03-31T21:59:59Z", rent);
  spend(key, scope, eur, "EUR", "999", "2026-03-31T22:00:00Z", rent);
  spend(key, scope, eur, "EUR", "12", "2026-03-10T10:00:00Z", fun);
  spend(key, scope, eur, "EUR", "3", "2026-03-11T10:00:00Z");
  spend(key, scope, usd, "USD", "5.5", "2026-03-11T10:00:00Z", food);
  auto voided = spend(key, scope, eur, "EUR", "1000", "2026-03-12T10:00:00Z",
                      food);
  BOOST_TEST(
    api().post(v1(scope + "/transactions/" + voided + "/void"), key, "").status
    == 200);

  auto r = api().get(v1(scope + "/reports/budget?month=2026-03"), key);
  BOOST_REQUIRE_MESSAGE(r.status == 200, r.body);
  BOOST_TEST(r.at("/data/month") == "2026-03");
  BOOST_TEST(r.at("/data/range/from") == "2026-03-01");
  BOOST_TEST(r.at("/data/range/to") == "2026-03-31");
  BOOST_TEST(r.at("/data/range/timezone") == "Europe/Berlin");
  BOOST_TEST(r.size_at("/data/currencies") == 2);
  auto e = std::string{"/data/currencies/0"};
  BOOST_TEST(r.at((e + "/currency_code").c_str()) == "EUR");
  BOOST_TEST(r.at((e + "/budgeted").c_str()) == "600.00");
  BOOST_TEST(r.at((e + "/spent").c_str()) == "710.25");
  BOOST_TEST(r.at((e + "/remaining").c_str()) == "-110.25");
  BOOST_TEST(r.at((e + "/remaining_minor").c_str()) == "-11025");
  BOOST_TEST(r.at((e + "/unbudgeted_spent").c_str()) == "15.00");
  // Budgeted categories by name: Food, then Rent.
  BOOST_TEST(r.at((e + "/categories/0/category/name").c_str()) == "Food");
  BOOST_TEST(r.at((e + "/categories/0/budgeted").c_str()) == "100.00");
  BOOST_TEST(r.at((e + "/categories/0/spent").c_str()) == "110.25");
  BOOST_TEST(r.at((e + "/categories/0/remaining").c_str()) == "-10.25");
  BOOST_TEST(r.at((e + "/categories/0/transaction_count").c_str()) == "2");
  BOOST_TEST(r.at((e + "/categories/1/category/id").c_str()) == rent);
  BOOST_TEST(r.at((e + "/categories/1/spent").c_str()) == "600.00");
  BOOST_TEST(r.at((e + "/categories/1/remaining").c_str()) == "-100.00");
  // Unbudgeted: largest first; uncategorized spending has no id.
  BOOST_TEST(r.at((e + "/unbudgeted/0/category/name").c_str()) == "Fun");
  BOOST_TEST(r.at((e + "/unbudgeted/0/spent").c_str()) == "12.00");
  BOOST_TEST(r.at((e + "/unbudgeted/1/category/id").c_str()) == "null");
  BOOST_TEST(r.at((e + "/unbudgeted/1/category/name").c_str())
             == "Uncategorized");
  auto u = std::string{"/data/currencies/1"};
  BOOST_TEST(r.at((u + "/currency_code").c_str()) == "USD");
  BOOST_TEST(r.at((u + "/remaining").c_str()) == "14.50");
  BOOST_TEST(r.size_at((u + "/unbudgeted").c_str()) == 0);

  // In UTC the edges move: the 22:59:59 and 23:30 expenses are February,
  // the 22:00 one on March 31st is March.
  auto utc = api().get(v1(scope + "/reports/budget?month=2026-03&tz=UTC"), key);
  BOOST_TEST(utc.at("/data/currencies/0/categories/0/spent") == "80.00");
  BOOST_TEST(utc.at("/data/currencies/0/categories/1/spent") == "1599.00");
  // One currency only.
  auto only = api().get(
    v1(scope + "/reports/budget?month=2026-03&currency_code=USD"), key);
  BOOST_TEST(only.size_at("/data/currencies") == 1);
  BOOST_TEST(only.at("/data/filters/currency_code") == "USD");
  // A month without budgets or spending.
  auto empty = api().get(v1(scope + "/reports/budget?month=2030-01"), key);
  BOOST_TEST(empty.size_at("/data/currencies") == 0);
  // The default month is the current one in the profile's zone.
  auto now = api().get(v1(scope + "/reports/budget"), key);
  BOOST_REQUIRE_MESSAGE(now.status == 200, now.body);
  BOOST_TEST(now.at("/data/month").size() == 7u);
  for (const std::string& bad : std::vector<std::string>{
         "?month=2026-3", "?month=x", "?account_id=" + eur, "?tz=Mars/Base",
         "?from=2026-03-01"}) {
    auto refused = api().get(v1(scope + "/reports/budget" + bad), key);
    BOOST_TEST(refused.status == 422, bad);
  }
}

BOOST_FIXTURE_TEST_CASE(the_budget_report_matches_the_sql_oracle_on_random_data,
                        budget_team) {
  property_rng rng("budget property test");
  auto pick = [&](auto& items) -> decltype(items[0]) {
    return rng.pick(items);
  };
  auto chance = [&](int percent) {
    return rng.chance(percent);
  };
  auto seed = rng.seed();
  const std::vector<std::string> zones{"UTC",
                                       "Europe/Berlin",
                                       "America/New_York",
                                       "Asia/Kathmandu",
                                       "Pacific/Chatham",
                                       "Pacific/Pago_Pago"};
  const std::vector<std::string> months{"2026-01", "2026-02", "2026-03"};
  // Instants around the month edges of January to March 2026.
  const std::vector<std::int64_t> edges{1767225600, 1769904000, 1772323200,
                                        1775001600};
  auto random_time = [&] {
    auto t = pick(edges) + rng.between(-50400, 50400);
    if (chance(30))
      t = rng.between(edges.front(), edges.back());
    auto tt = static_cast<std::time_t>(t);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&tt));
    return std::string{buf};
  };
  for (std::string scope : {std::string{"/me"}, "/teams/" + team}) {
    BOOST_TEST_CONTEXT("scope " << scope << ", seed " << seed) {
      auto scope_id = scope == "/me" ? id : team;
      struct account {
        std::string id, currency;
      };
      std::vector<account> accounts{
        {make_account(key, scope, "EUR", "A"), "EUR"},
        {make_account(key, scope, "JPY", "B"), "JPY"},
        {make_account(key, scope, "BHD", "C"), "BHD"}};
      std::vector<std::string> categories{make_category(key, scope, "One"),
                                          make_category(key, scope, "Two"),
                                          make_category(key, scope, "Three")};
      for (auto& m : months)
        for (auto& c : categories)
          for (auto& a : accounts)
            if (chance(40))
              created_id(
                api().post(v1(scope + "/budgets"), key,
                           budget(c, m, std::to_string(rng.between(1, 9999)),
                                  a.currency)));
      for (int i = 0; i < 80; ++i) {
        auto& a = pick(accounts);
        std::string extra;
        if (chance(80))
          extra = R"("category_id":")" + pick(categories) + "\"";
        auto amount = std::to_string(rng.between(1, 5000));
        auto r = api().post(
          v1(scope + "/transactions"), key,
          R"({"account_id":")" + a.id + R"(","flow_type":")"
            + (chance(85) ? "expense" : "income") + R"(","amount":)" + amount
            + R"(,"currency_code":")" + a.currency + R"(","transaction_at":")"
            + random_time() + "\"" + (extra.empty() ? "" : "," + extra) + "}");
        auto tx = created_id(r);
        if (chance(15))
          BOOST_TEST(
            api()
              .post(v1(scope + "/transactions/" + tx + "/void"), key, "")
              .status
            == 200);
      }
      for (int q = 0; q < 12; ++q) {
        report_args a;
        a.scope_id = scope_id;
        a.tz = pick(zones);
        a.month = pick(months);
        if (chance(25))
          a.currency_code = pick(accounts).currency;
        auto query = "?month=" + a.month + "&tz=" + a.tz
                     + (a.currency_code.empty()
                          ? ""
                          : "&currency_code=" + a.currency_code);
        BOOST_TEST_CONTEXT("query " << query) {
          auto r = api().get(v1(scope + "/reports/budget" + query), key);
          BOOST_REQUIRE_MESSAGE(r.status == 200, r.body);
          BOOST_TEST(api_budget(r) == oracle_budget(a));
        }
      }
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
