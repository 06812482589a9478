// SPDX-License-Identifier: GPL-2.0-or-later
// Reports and currencies: shapes and hand-computed figures, validation,
// and property tests that compare every report with a plain-SQL oracle on
// random data edited across days, zones and DST changes.

#include <boost/test/unit_test.hpp>

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <random>
#include <sstream>
#include <thread>

#include <unistd.h>

#include "support/e2e.hpp"
#include "support/property.hpp"
#include "support/report_oracle.hpp"

using namespace purse::test;

namespace {

int next_user = 0;

/// A user whose profile zone is Europe/Berlin, with a key and a team.
struct berlin_user {
  std::string id
    = admin_field({"user", "create", "--email",
                   "reports-" + std::to_string(getpid()) + "-"
                     + std::to_string(next_user++) + "@example.com",
                   "--plan", "solo", "--timezone", "Europe/Berlin"},
                  "id");
  std::string key = make_key(id);
  std::string team
    = admin_field({"team", "create", "--name", "Reports", "--owner", id}, "id");
};

std::string tx(const std::string& account, const std::string& flow,
               const std::string& amount, const std::string& currency,
               const std::string& at, const std::string& extra = "") {
  return R"({"account_id":")" + account + R"(","flow_type":")" + flow
         + R"(","amount":)" + amount + R"(,"currency_code":")" + currency
         + R"(","transaction_at":")" + at + "\""
         + (extra.empty() ? "" : "," + extra) + "}";
}

std::string created_id(const response& r) {
  BOOST_REQUIRE_MESSAGE(r.status == 201, r.body);
  return r.at("/data/id");
}

std::string ptr(const std::string& base, long i, const std::string& rest) {
  return base + "/" + std::to_string(i) + rest;
}

/// The canonical forms of report_oracle.hpp, built from API answers.
std::string api_total(const response& r) {
  std::string out;
  for (long i = 0; i < r.size_at("/data/totals"); ++i) {
    auto p = ptr("/data/totals", i, "");
    if (r.at((p + "/transaction_count").c_str()) == "0")
      continue;
    out += (out.empty() ? "" : ";") + r.at((p + "/currency_code").c_str()) + ":"
           + r.at((p + "/transaction_count").c_str()) + ":"
           + r.at((p + "/amount_minor").c_str());
  }
  return out;
}

std::string api_categories(const response& r) {
  std::vector<std::string> parts;
  for (long i = 0; i < r.size_at("/data/currencies"); ++i) {
    auto c = ptr("/data/currencies", i, "");
    auto code = r.at((c + "/currency_code").c_str());
    auto cats = c + "/categories";
    for (long j = 0; j < r.size_at(cats.c_str()); ++j) {
      auto p = ptr(cats, j, "");
      auto id = r.at((p + "/category/id").c_str());
      parts.push_back(code + "|" + (id == "null" ? "-" : id) + ":"
                      + r.at((p + "/transaction_count").c_str()) + ":"
                      + r.at((p + "/amount_minor").c_str()));
    }
  }
  std::sort(parts.begin(), parts.end());
  std::string out;
  for (auto& p : parts)
    out += (out.empty() ? "" : ";") + p;
  return out;
}

std::string api_trends(const response& r) {
  std::string out;
  for (long i = 0; i < r.size_at("/data/currencies"); ++i) {
    auto c = ptr("/data/currencies", i, "");
    auto code = r.at((c + "/currency_code").c_str());
    auto buckets = c + "/buckets";
    for (long j = 0; j < r.size_at(buckets.c_str()); ++j) {
      auto p = ptr(buckets, j, "");
      if (r.at((p + "/transaction_count").c_str()) == "0")
        continue;
      out += (out.empty() ? "" : ";") + code + "|"
             + r.at((p + "/start").c_str()) + ":"
             + r.at((p + "/transaction_count").c_str()) + ":"
             + r.at((p + "/amount_minor").c_str());
    }
  }
  return out;
}

std::string api_flows(const response& r) {
  std::vector<std::string> parts;
  for (long i = 0; i < r.size_at("/data/currencies"); ++i) {
    auto c = ptr("/data/currencies", i, "");
    auto code = r.at((c + "/currency_code").c_str());
    for (std::string flow : {"expense", "income"}) {
      auto f = c + (flow == "expense" ? "/spending" : "/income");
      auto n = r.at((f + "/transaction_count").c_str());
      if (n != "0")
        parts.push_back(code + "|" + flow + "|0:" + n + ":"
                        + r.at((f + "/amount_minor").c_str()));
      auto before = r.at((f + "/previous_amount_minor").c_str());
      // The previous month's count is not part of the dashboard; the
      // oracle's count is checked through the amount's presence.
      if (before != "0")
        parts.push_back(code + "|" + flow + "|1:" + before);
    }
  }
  std::sort(parts.begin(), parts.end());
  std::string out;
  for (auto& p : parts)
    out += (out.empty() ? "" : ";") + p;
  return out;
}

/// The oracle's flows without the previous month's counts (see api_flows).
std::string without_previous_counts(const std::string& flows) {
  std::string out;
  std::stringstream in(flows);
  std::string part;
  std::vector<std::string> parts;
  while (std::getline(in, part, ';')) {
    if (part.find("|1:") != std::string::npos) {
      auto colon = part.find(':', part.find("|1:") + 3);
      part = part.substr(0, part.find("|1:") + 3) + part.substr(colon + 1);
    }
    parts.push_back(part);
  }
  std::sort(parts.begin(), parts.end());
  for (auto& p : parts)
    out += (out.empty() ? "" : ";") + p;
  return out;
}

std::string api_recent(const response& r) {
  std::string out;
  for (long i = 0; i < r.size_at("/data/recent_transactions"); ++i)
    out += (out.empty() ? "" : ",")
           + r.at(ptr("/data/recent_transactions", i, "/id").c_str());
  return out;
}

std::string query_of(const report_args& a, bool dashboard) {
  std::string q = "?tz=" + a.tz;
  if (dashboard)
    q += "&month=" + a.month;
  else
    q += "&from=" + a.from + "&to=" + a.to;
  if (!a.account_id.empty())
    q += "&account_id=" + a.account_id;
  if (!a.currency_code.empty())
    q += "&currency_code=" + a.currency_code;
  if (!a.category_id.empty())
    q += "&category_id=" + a.category_id;
  if (!a.interval.empty())
    q += "&interval=" + a.interval;
  return q;
}

} // namespace

BOOST_AUTO_TEST_SUITE(reports)

BOOST_FIXTURE_TEST_CASE(hand_computed_reports_in_both_scopes, berlin_user) {
  for (std::string scope : {std::string{"/me"}, "/teams/" + team}) {
    BOOST_TEST_CONTEXT("scope " << scope) {
      auto eur = make_account(key, scope, "EUR", "Main");
      auto eur2 = make_account(key, scope, "EUR", "Savings");
      auto jpy = make_account(key, scope, "JPY", "Tokyo");
      auto food = make_category(key, scope, "Food");
      auto rent = make_category(key, scope, "Rent");
      auto post = [&](const std::string& body) {
        return created_id(api().post(v1(scope + "/transactions"), key, body));
      };
      auto cat = [](const std::string& id) {
        return R"("category_id":")" + id + "\"";
      };
      // 00:30 Berlin on Nov 1 is still Oct 31 in UTC: November in Berlin.
      post(
        tx(eur, "expense", "10.00", "EUR", "2026-10-31T23:30:00Z", cat(food)));
      post(
        tx(eur, "expense", "30.50", "EUR", "2026-11-02T09:00:00Z", cat(rent)));
      post(tx(eur, "expense", "5.25", "EUR", "2026-11-03T09:00:00Z"));
      post(
        tx(jpy, "expense", "1200", "JPY", "2026-11-04T09:00:00Z", cat(food)));
      // Not spending: income, a transfer, a voided expense, October.
      post(tx(eur, "income", "1000", "EUR", "2026-11-05T09:00:00Z"));
      post(tx(eur, "transfer", "50", "EUR", "2026-11-05T10:00:00Z",
              R"("to_account_id":")" + eur2 + "\""));
      auto voided
        = post(tx(eur, "expense", "99", "EUR", "2026-11-06T09:00:00Z"));
      BOOST_TEST(
        api()
          .post(v1(scope + "/transactions/" + voided + "/void"), key, "")
          .status
        == 200);
      post(tx(eur, "expense", "20", "EUR", "2026-10-15T09:00:00Z", cat(food)));
      post(tx(eur, "income", "800", "EUR", "2026-10-01T09:00:00Z"));

      auto range = "from=2026-11-01&to=2026-11-30";
      auto total = api().get(v1(scope + "/reports/total-spending?") + range,
                             key);
      BOOST_TEST(total.status == 200);
      BOOST_TEST(total.at("/data/range/timezone") == "Europe/Berlin");
      BOOST_TEST(total.at("/data/range/from") == "2026-11-01");
      BOOST_TEST(total.at("/data/filters/currency_code") == "null");
      BOOST_TEST(total.size_at("/data/totals") == 2);
      BOOST_TEST(total.at("/data/totals/0/currency_code") == "EUR");
      BOOST_TEST(total.at("/data/totals/0/amount") == "45.75");
      BOOST_TEST(total.at("/data/totals/0/amount_minor") == "4575");
      BOOST_TEST(total.at("/data/totals/0/transaction_count") == "3");
      BOOST_TEST(total.at("/data/totals/1/currency_code") == "JPY");
      BOOST_TEST(total.at("/data/totals/1/amount") == "1200");

      // In UTC the 23:30 expense belongs to October.
      auto utc
        = api().get(v1(scope + "/reports/total-spending?tz=UTC&") + range, key);
      BOOST_TEST(utc.at("/data/totals/0/amount") == "35.75");
      BOOST_TEST(utc.at("/data/range/timezone") == "UTC");

      auto cats = api().get(
        v1(scope + "/reports/categories-spending?currency_code=EUR&") + range,
        key);
      BOOST_TEST(cats.status == 200);
      BOOST_TEST(cats.size_at("/data/currencies") == 1);
      BOOST_TEST(cats.at("/data/currencies/0/total") == "45.75");
      auto c = "/data/currencies/0/categories";
      BOOST_TEST(cats.size_at(c) == 3);
      BOOST_TEST(cats.at("/data/currencies/0/categories/0/category/name")
                 == "Rent");
      BOOST_TEST(cats.at("/data/currencies/0/categories/0/category/id")
                 == rent);
      BOOST_TEST(cats.at("/data/currencies/0/categories/0/amount") == "30.50");
      BOOST_TEST(cats.at("/data/currencies/0/categories/0/share") == "0.6667");
      BOOST_TEST(cats.at("/data/currencies/0/categories/1/category/name")
                 == "Food");
      BOOST_TEST(cats.at("/data/currencies/0/categories/1/share") == "0.2186");
      BOOST_TEST(cats.at("/data/currencies/0/categories/2/category/id")
                 == "null");
      BOOST_TEST(cats.at("/data/currencies/0/categories/2/category/name")
                 == "Uncategorized");
      BOOST_TEST(cats.at("/data/currencies/0/categories/2/share") == "0.1148");

      auto weeks = api().get(
        v1(scope
           + "/reports/spending-trends?interval=week&currency_code=EUR"
             "&from=2026-10-28&to=2026-11-10"),
        key);
      BOOST_TEST(weeks.status == 200);
      BOOST_TEST(weeks.at("/data/interval") == "week");
      auto b = "/data/currencies/0/buckets";
      BOOST_TEST(weeks.size_at(b) == 3);
      BOOST_TEST(weeks.at("/data/currencies/0/buckets/0/start")
                 == "2026-10-28");
      BOOST_TEST(weeks.at("/data/currencies/0/buckets/0/end") == "2026-11-01");
      BOOST_TEST(weeks.at("/data/currencies/0/buckets/0/amount") == "10.00");
      BOOST_TEST(weeks.at("/data/currencies/0/buckets/1/amount") == "35.75");
      BOOST_TEST(weeks.at("/data/currencies/0/buckets/2/start")
                 == "2026-11-09");
      BOOST_TEST(weeks.at("/data/currencies/0/buckets/2/amount") == "0.00");
      BOOST_TEST(weeks.at("/data/currencies/0/buckets/2/transaction_count")
                 == "0");
      auto food_only = api().get(
        v1(scope + "/reports/spending-trends?interval=month&category_id=" + food
           + "&from=2026-10-01&to=2026-11-30"),
        key);
      BOOST_TEST(food_only.at("/data/filters/category_id") == food);
      BOOST_TEST(food_only.at("/data/currencies/0/currency_code") == "EUR");
      BOOST_TEST(food_only.at("/data/currencies/0/buckets/0/amount")
                 == "20.00");
      BOOST_TEST(food_only.at("/data/currencies/0/buckets/1/amount")
                 == "10.00");
      BOOST_TEST(food_only.at("/data/currencies/1/buckets/1/amount") == "1200");

      auto dash = api().get(
        v1(scope + "/reports/dashboard?month=2026-11&currency_code=EUR"), key);
      BOOST_TEST(dash.status == 200);
      BOOST_TEST(dash.at("/data/month") == "2026-11");
      BOOST_TEST(dash.at("/data/previous_month") == "2026-10");
      BOOST_TEST(dash.at("/data/range/to") == "2026-11-30");
      auto cur = std::string{"/data/currencies/0"};
      BOOST_TEST(dash.at((cur + "/spending/amount").c_str()) == "45.75");
      BOOST_TEST(dash.at((cur + "/spending/previous_amount").c_str())
                 == "20.00");
      BOOST_TEST(dash.at((cur + "/spending/change").c_str()) == "25.75");
      BOOST_TEST(dash.at((cur + "/spending/change_percent").c_str())
                 == "128.8");
      BOOST_TEST(dash.at((cur + "/income/amount").c_str()) == "1000.00");
      BOOST_TEST(dash.at((cur + "/income/change_percent").c_str()) == "25.0");
      BOOST_TEST(dash.size_at((cur + "/top_categories").c_str()) == 3);
      BOOST_TEST(dash.size_at("/data/recent_transactions") == 7);
      BOOST_TEST(dash.at("/data/recent_transactions/0/flow_type")
                 == "transfer");
      BOOST_TEST(dash.size_at("/data/accounts") == 3);
      BOOST_TEST(dash.at("/data/counts/accounts") == "3");
      BOOST_TEST(dash.at("/data/counts/categories") == "2");
      auto jpy_dash = api().get(
        v1(scope + "/reports/dashboard?month=2026-11&currency_code=JPY"), key);
      BOOST_TEST(jpy_dash.at("/data/currencies/0/spending/change_percent")
                 == "null");
    }
  }
}

BOOST_FIXTURE_TEST_CASE(bad_parameters_are_422_naming_the_parameter,
                        berlin_user) {
  auto other = make_user("solo");
  auto foreign_account = make_account(other.key, "/me", "EUR");
  struct bad_case {
    std::string query;
    std::string field;
  };
  std::vector<bad_case> cases{
    {"total-spending?from=2026-12-01&to=2026-11-01", "to"},
    {"total-spending?from=2020-01-01&to=2025-01-01", "to"},
    {"total-spending?from=2026-02-30", "from"},
    {"total-spending?to=yesterday", "to"},
    {"total-spending?tz=Mars/Olympus", "tz"},
    {"total-spending?tz=../../etc/passwd", "tz"},
    {"total-spending?currency_code=eur", "currency_code"},
    {"total-spending?account_id=" + foreign_account, "account_id"},
    {"total-spending?account_id=nope", "account_id"},
    {"total-spending?from=2026-01-01&from=2026-02-01", "from"},
    {"total-spending?interval=day", "interval"},
    {"categories-spending?colour=red", "colour"},
    {"spending-trends?interval=year", "interval"},
    {"spending-trends?category_id=" + foreign_account, "category_id"},
    {"dashboard?month=2026-13", "month"},
    {"dashboard?from=2026-01-01", "from"},
  };
  for (auto& c : cases) {
    BOOST_TEST_CONTEXT(c.query) {
      auto r = api().get(v1("/me/reports/" + c.query), key);
      BOOST_TEST(r.status == 422);
      BOOST_TEST(r.at("/meta/code") == "422");
      BOOST_TEST(!r.at(("/data/" + c.field + "/0").c_str()).empty());
    }
  }
  BOOST_TEST(api().get(v1("/me/reports/net-worth"), key).status == 404);
  auto list = api().get(v1("/me/reports"), key);
  BOOST_TEST(list.status == 200);
  BOOST_TEST(list.size_at("/data/items") == 5);
  // A list like every other: pagination in, pagination out.
  BOOST_TEST(list.at("/data/pagination/total") == "5");
  auto second = api().get(v1("/me/reports?per_page=2&page=2"), key);
  BOOST_TEST(second.status == 200);
  BOOST_TEST(second.size_at("/data/items") == 2);
  BOOST_TEST(second.at("/data/items/0/name") == "spending-trends");
  BOOST_TEST(second.at("/data/pagination/has_more") == "true");
  auto third = api().get(v1("/me/reports?per_page=2&page=3"), key);
  BOOST_TEST(third.size_at("/data/items") == 1);
  BOOST_TEST(third.at("/data/items/0/name") == "budget");
  BOOST_TEST(third.at("/data/pagination/has_more") == "false");
  BOOST_TEST(api().get(v1("/me/reports?per_page=101"), key).status == 422);
  auto post = api().post(v1("/me/reports/dashboard"), key, "{}");
  BOOST_TEST(post.status == 405);
  BOOST_TEST(post.header("allow") == "GET, HEAD");
  // Team rules hold: an outsider gets 403, a viewer reads.
  BOOST_TEST(
    api().get(v1("/teams/" + team + "/reports/dashboard"), other.key).status
    == 403);
  admin_field({"team", "add-member", "--team", team, "--user", other.id,
               "--role", "viewer"},
              "team_id");
  BOOST_TEST(
    api().get(v1("/teams/" + team + "/reports/dashboard"), other.key).status
    == 200);
}

BOOST_FIXTURE_TEST_CASE(currencies_and_the_profile_zone, berlin_user) {
  // Pages like every list: 25 by default, at most 100.
  auto first = api().get(v1("/currencies"), key);
  BOOST_TEST(first.status == 200);
  BOOST_TEST(first.at("/data/pagination/total") == "157");
  BOOST_TEST(first.size_at("/data/items") == 25);
  BOOST_TEST(first.at("/data/pagination/has_more") == "true");
  bool usd = false, jpy = false, bhd = false;
  long seen = 0;
  for (int p = 1; p <= 2; ++p) {
    auto all = api().get(
      v1("/currencies?per_page=100&page=" + std::to_string(p)), key);
    BOOST_TEST(all.status == 200);
    BOOST_TEST(all.at("/data/pagination/has_more")
               == (p == 1 ? "true" : "false"));
    for (long i = 0; i < all.size_at("/data/items"); ++i, ++seen) {
      auto code = all.at(ptr("/data/items", i, "/code").c_str());
      auto units = all.at(ptr("/data/items", i, "/minor_units").c_str());
      usd
        = usd
          || (code == "USD" && units == "2"
              && all.at(ptr("/data/items", i, "/symbol").c_str()) == "$"
              && all.at(ptr("/data/items", i, "/name").c_str()) == "US Dollar");
      jpy = jpy || (code == "JPY" && units == "0");
      bhd = bhd || (code == "BHD" && units == "3");
    }
  }
  BOOST_TEST(seen == 157);
  BOOST_TEST(usd);
  BOOST_TEST(jpy);
  BOOST_TEST(bhd);
  auto page = api().get(v1("/currencies?per_page=10&page=2"), key);
  BOOST_TEST(page.size_at("/data/items") == 10);
  BOOST_TEST(page.at("/data/pagination/has_more") == "true");
  BOOST_TEST(api().get(v1("/currencies?per_page=101"), key).status == 422);
  BOOST_TEST(api().get(v1("/currencies"), "").status == 401);

  BOOST_TEST(api().get(v1("/me"), key).at("/data/timezone") == "Europe/Berlin");
  auto bad = admin({"user", "create", "--email", "tz-bad@example.com",
                    "--timezone", "Europe/Atlantis"});
  BOOST_TEST(bad.exit_code != 0);
  BOOST_TEST(bad.err.find("--timezone") != std::string::npos);
}

BOOST_FIXTURE_TEST_CASE(edits_and_deletes_show_in_the_very_next_report,
                        berlin_user) {
  auto account = make_account(key, "/me", "EUR");
  auto base = v1("/me/transactions");
  auto id = created_id(api().post(
    base, key, tx(account, "expense", "10", "EUR", "2026-05-10T12:00:00Z")));
  auto total = [&] {
    return api()
      .get(v1("/me/reports/total-spending?from=2026-05-01&to=2026-05-31"), key)
      .at("/data/totals/0/amount_minor");
  };
  BOOST_TEST(total() == "1000");
  BOOST_TEST(api().patch(base + "/" + id, key, R"({"amount":12.5})").status
             == 200);
  BOOST_TEST(total() == "1250");
  BOOST_TEST(api()
               .patch(base + "/" + id, key,
                      R"({"transaction_at":"2026-06-01T00:00:00Z"})")
               .status
             == 200);
  BOOST_TEST(total() == "");
  BOOST_TEST(api()
               .patch(base + "/" + id, key,
                      R"({"transaction_at":"2026-05-31T21:59:59Z"})")
               .status
             == 200);
  BOOST_TEST(total() == "1250");
  BOOST_TEST(api().request("DELETE", base + "/" + id, key).status == 200);
  BOOST_TEST(total() == "");
}

BOOST_FIXTURE_TEST_CASE(reports_match_the_sql_oracle_on_random_data,
                        berlin_user) {
  property_rng prop("reports property test");
  auto& rng = prop.engine();
  auto pick = [&](auto& items) -> decltype(items[0]) {
    return prop.pick(items);
  };
  auto chance = [&](int percent) {
    return prop.chance(percent);
  };
  auto seed = prop.seed();
  const std::vector<std::string> intervals{"day", "week", "month"};
  const std::vector<std::string> zones{"UTC",
                                       "Europe/Berlin",
                                       "America/New_York",
                                       "Asia/Kolkata",
                                       "Asia/Kathmandu",
                                       "Pacific/Chatham",
                                       "America/Santiago",
                                       "Australia/Lord_Howe",
                                       "Pacific/Kiritimati",
                                       "Pacific/Pago_Pago"};
  // Instants near local midnights and DST changes: 2025-10-20 to
  // 2026-04-10 spans the autumn and spring changes of both hemispheres.
  const std::int64_t first = 1760918400, last = 1775779200;
  auto random_time = [&] {
    std::int64_t t = std::uniform_int_distribution<std::int64_t>(first,
                                                                 last)(rng);
    if (chance(60)) // near a quarter-hour mark: zone midnights are there
      t = t - t % 900 + std::uniform_int_distribution<int>(-2, 1)(rng);
    auto tt = static_cast<std::time_t>(t);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&tt));
    return std::string{buf};
  };
  auto amount = [&](const std::string& currency) {
    auto minor = std::uniform_int_distribution<std::int64_t>(1, 500000)(rng);
    int digits = currency == "JPY" ? 0 : currency == "BHD" ? 3 : 2;
    auto text = std::to_string(minor);
    if (digits > 0) {
      while (text.size() <= static_cast<std::size_t>(digits))
        text.insert(0, "0");
      text.insert(text.size() - static_cast<std::size_t>(digits), ".");
    }
    return text;
  };

  for (std::string scope : {std::string{"/me"}, "/teams/" + team}) {
    BOOST_TEST_CONTEXT("scope " << scope << ", seed " << seed) {
      auto scope_id = scope == "/me" ? api().get(v1("/me"), key).at("/data/id")
                                     : team;
      struct account {
        std::string id, currency;
      };
      std::vector<account> accounts{
        {make_account(key, scope, "EUR", "A"), "EUR"},
        {make_account(key, scope, "EUR", "B"), "EUR"},
        {make_account(key, scope, "JPY", "C"), "JPY"},
        {make_account(key, scope, "BHD", "D"), "BHD"}};
      std::vector<std::string> categories{make_category(key, scope, "One"),
                                          make_category(key, scope, "Two"),
                                          make_category(key, scope, "Three")};
      std::vector<std::string> live;
      auto base = v1(scope + "/transactions");
      auto create = [&] {
        std::string flow = chance(70)   ? "expense"
                           : chance(70) ? "income"
                                        : "transfer";
        // Transfers go between the two EUR accounts.
        auto& from = flow == "transfer" ? accounts[0] : pick(accounts);
        std::string extra;
        if (flow == "transfer")
          extra = R"("to_account_id":")" + accounts[1].id + "\"";
        else if (chance(75))
          extra = R"("category_id":")" + pick(categories) + "\"";
        live.push_back(
          created_id(api().post(base, key,
                                tx(from.id, flow, amount(from.currency),
                                   from.currency, random_time(), extra))));
      };
      for (int i = 0; i < 120; ++i)
        create();

      auto check_reports = [&](int round) {
        BOOST_TEST(rollup_differences(scope_id) == 0);
        for (int q = 0; q < 6; ++q) {
          report_args a;
          a.scope_id = scope_id;
          a.tz = pick(zones);
          auto d1 = std::uniform_int_distribution<int>(0, 175)(rng);
          auto len = std::uniform_int_distribution<int>(0, 120)(rng);
          auto day = [&](int offset) {
            auto tt = static_cast<std::time_t>(1759276800 + 86400LL * offset);
            char buf[16];
            std::strftime(buf, sizeof buf, "%Y-%m-%d", std::gmtime(&tt));
            return std::string{buf};
          };
          a.from = day(d1);
          a.to = day(d1 + len);
          if (chance(25))
            a.account_id = pick(accounts).id;
          if (chance(25))
            a.currency_code = pick(accounts).currency;
          BOOST_TEST_CONTEXT("round " << round << " query " << q << ": "
                                      << query_of(a, false)) {
            auto total = api().get(
              v1(scope + "/reports/total-spending" + query_of(a, false)), key);
            BOOST_REQUIRE_MESSAGE(total.status == 200, total.body);
            BOOST_TEST(api_total(total) == oracle_total_spending(a));
            auto cats = api().get(
              v1(scope + "/reports/categories-spending" + query_of(a, false)),
              key);
            BOOST_TEST(api_categories(cats) == oracle_categories_spending(a));
            report_args t = a;
            t.interval = pick(intervals);
            if (chance(30))
              t.category_id = pick(categories);
            auto trends = api().get(
              v1(scope + "/reports/spending-trends" + query_of(t, false)), key);
            BOOST_REQUIRE_MESSAGE(trends.status == 200, trends.body);
            BOOST_TEST(api_trends(trends) == oracle_spending_trends(t));
            report_args d = a;
            d.month = a.from.substr(0, 7);
            auto dash = api().get(
              v1(scope + "/reports/dashboard" + query_of(d, true)), key);
            BOOST_REQUIRE_MESSAGE(dash.status == 200, dash.body);
            BOOST_TEST(api_flows(dash)
                       == without_previous_counts(oracle_dashboard_flows(d)));
            BOOST_TEST(api_recent(dash) == oracle_dashboard_recent(d));
          }
        }
      };
      check_reports(0);
      for (int round = 1; round <= 3; ++round) {
        for (int i = 0; i < 25 && !live.empty(); ++i) {
          auto& id = pick(live);
          auto path = base + "/" + id;
          auto what = std::uniform_int_distribution<int>(0, 9)(rng);
          if (what < 5) {
            // Move it across days and zones, change amount or category.
            std::string patch = R"({"transaction_at":")" + random_time() + "\"";
            if (chance(50))
              patch += R"(,"category_id":)"
                       + (chance(30) ? std::string{"null"}
                                     : "\"" + pick(categories) + "\"");
            auto current = api().get(path, key);
            if (chance(50))
              patch += ",\"amount\":"
                       + amount(current.at("/data/currency_code"));
            auto r = api().patch(path, key, patch + "}");
            // Voided transactions are frozen: 422 is their answer.
            BOOST_TEST((r.status == 200 || r.status == 422), r.body);
          } else if (what < 7) {
            auto r = api().post(path + "/void", key, "");
            BOOST_TEST((r.status == 200 || r.status == 422), r.body);
          } else if (what < 9) {
            BOOST_TEST(api().request("DELETE", path, key).status == 200);
            id = live.back();
            live.pop_back();
          } else {
            create();
          }
        }
        check_reports(round);
      }
      // The server folds the pending changes into the rollups by itself,
      // and they are right alone then. (A bounded wait for a condition:
      // the server folds once a second.)
      for (int tries = 0; tries < 100 && pending_rollup_changes(scope_id) > 0;
           ++tries)
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
      BOOST_TEST(pending_rollup_changes(scope_id) == 0);
      BOOST_TEST(rollup_differences(scope_id, rollup_part::folded) == 0);
    }
  }
}

BOOST_AUTO_TEST_CASE(report_totals_past_the_int64_range_are_exact) {
  // 94 of the largest expenses Purse takes, over two accounts: every
  // balance stays in range, their sum does not, and the reports show it
  // exactly.
  server_process server{{"--write-limit", "1000"}};
  http_client client{server.base_url()};
  auto user = make_user("solo");
  const std::string largest = "999999999999999.99";
  for (auto* name : {"One", "Two"}) {
    auto account = client.post(v1("/me/accounts"), user.key,
                               std::string{R"({"name":")"} + name
                                 + R"(","currency_code":"USD"})");
    BOOST_REQUIRE(account.status == 201);
    for (int i = 0; i < 47; ++i)
      BOOST_REQUIRE(client
                      .post(v1("/me/transactions"), user.key,
                            R"({"account_id":")" + account.at("/data/id")
                              + R"(","flow_type":"expense","amount":)" + largest
                              + R"(,"currency_code":"USD",)"
                                R"("transaction_at":"2026-03-01T10:00:00Z"})")
                      .status
                    == 201);
  }
  const std::string sum = "93999999999999999.06"; // 9,399,999,999,999,999,906
  auto range = std::string{"from=2026-03-01&to=2026-03-31&tz=UTC"};
  auto total = client.get(v1("/me/reports/total-spending?") + range, user.key);
  BOOST_REQUIRE(total.status == 200);
  BOOST_TEST(total.at("/data/totals/0/amount") == sum);
  BOOST_TEST(total.at("/data/totals/0/amount_minor") == "9399999999999999906");
  auto trends = client.get(
    v1("/me/reports/spending-trends?interval=month&") + range, user.key);
  BOOST_TEST(trends.status == 200);
  BOOST_TEST(trends.body.find(sum) != std::string::npos);
  auto categories = client.get(v1("/me/reports/categories-spending?") + range,
                               user.key);
  BOOST_TEST(categories.status == 200);
  BOOST_TEST(categories.body.find(sum) != std::string::npos);
  auto dashboard = client.get(v1("/me/reports/dashboard?month=2026-03&tz=UTC"),
                              user.key);
  BOOST_TEST(dashboard.status == 200);
  BOOST_TEST(dashboard.body.find(sum) != std::string::npos);
}

BOOST_AUTO_TEST_CASE(migrating_from_version_3_builds_the_rollups) {
  sql("DROP DATABASE IF EXISTS purse_rollup_upgrade");
  sql("CREATE DATABASE purse_rollup_upgrade");
  auto db = sibling_database_url("purse_rollup_upgrade");
  auto env = std::vector<std::string>{"PURSE_DATABASE_URL=" + db};
  auto admin_bin = std::getenv("PURSE_ADMIN_BIN");
  BOOST_REQUIRE(admin_bin != nullptr);
  BOOST_REQUIRE_EQUAL(run_command({admin_bin, "migrate"}, env).exit_code, 0);
  auto psql = [&](const std::string& statement) {
    auto r = run_command({"/usr/bin/psql", "-At", db, "-c", statement});
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    return r.out.substr(0, r.out.find('\n'));
  };
  auto insert = [&](const std::string& id, const std::string& amount,
                    const std::string& at) {
    psql("INSERT INTO transactions (id, scope_id, account_id, to_account_id,"
         " category_id, flow_type, amount_minor, currency_code, minor_units,"
         " description, notes, transaction_at, created_at, updated_at,"
         " voided_at) VALUES ('"
         + id + "', 's1', 'a1', '', 'c1', 'expense', " + amount
         + ", 'EUR', 2, '', '', " + at + ", 0, 0, 0)");
  };
  // A version 3 database: no rollups table, no trigger, transactions.
  make_schema_version_4(db);
  psql("DROP TRIGGER transactions_report_rollups ON transactions");
  psql("DROP TABLE report_rollups");
  psql("UPDATE schema_version SET version = 3");
  insert("t1", "1000", "1790000000");
  insert("t2", "250", "1790003600");
  // A personal scope's transaction: its user is its only writer.
  psql("INSERT INTO users (id, email, name, plan, currency_code, timezone,"
       " created_at) VALUES ('u1', 'u1@example.com', '', 'solo', 'EUR', 'UTC',"
       " 0)");
  psql("INSERT INTO transactions (id, scope_id, account_id, to_account_id,"
       " category_id, flow_type, amount_minor, currency_code, minor_units,"
       " description, notes, transaction_at, created_at, updated_at,"
       " voided_at) VALUES ('p1', 'u1', 'a2', '', '', 'expense', 1, 'EUR', 2,"
       " '', '', 1790000000, 0, 0, 1)"); // voided: no rollups of its own
  auto migrated = run_command({admin_bin, "migrate"}, env);
  BOOST_TEST(migrated.exit_code == 0);
  BOOST_TEST(migrated.out.find("\"schema_version\":15") != std::string::npos);
  // Version 11 filled in the authors it knows: the personal scope's user;
  // the other scope's rows (a team's) stay unknown.
  BOOST_TEST(psql("SELECT created_by || '/' || updated_by FROM transactions"
                  " WHERE id = 'p1'")
             == "u1/u1");
  BOOST_TEST(psql("SELECT count(*) FROM transactions WHERE scope_id = 's1'"
                  " AND created_by = '' AND updated_by = ''")
             == "2");
  BOOST_TEST(psql("SELECT amount_minor || ':' || tx_count FROM report_rollups"
                  " WHERE scope_id = 's1' AND grain = 2 AND account_id = '*'"
                  " AND category_id = '*'")
             == "1250:2");
  // From now on the triggers keep them: changes wait for the fold.
  insert("t3", "5", "1790007200");
  psql("UPDATE transactions SET voided_at = 1 WHERE id = 't1'");
  BOOST_TEST(psql("SELECT count(*) FROM report_rollup_deltas") == "2");
  BOOST_TEST(psql("SELECT report_rollups_fold(1000)") == "2");
  BOOST_TEST(psql("SELECT amount_minor || ':' || tx_count FROM report_rollups"
                  " WHERE scope_id = 's1' AND grain = 2 AND account_id = 'a1'"
                  " AND category_id = 'c1'")
             == "255:2");
  // Two live hours (t1's is empty now) for all accounts and categories;
  // one day and one month, each for (account or all) x (category or all).
  auto live = "SELECT count(*) FROM report_rollups WHERE tx_count <> 0";
  BOOST_TEST(psql(live) == "10");
  // Migrating again changes nothing.
  BOOST_TEST(run_command({admin_bin, "migrate"}, env).exit_code == 0);
  BOOST_TEST(psql(live) == "10");
}

BOOST_AUTO_TEST_SUITE_END()
