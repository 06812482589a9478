// SPDX-License-Identifier: GPL-2.0-or-later
#include "demo_seed.hpp"

#include <cstdint>
#include <cstdio>
#include <ctime>
#include <map>
#include <optional>
#include <vector>

#include "purse/actors/currency.hpp"
#include "purse/actors/json.hpp"
#include "purse/actors/timestamp.hpp"
#include "resource.hpp"
#include "write_batch.hpp"

namespace purse::admin::demo {

namespace {

using persistence::session;
using persistence::store;
using persistence::user_row;

/// A day of the calendar (UTC).
struct day {
  int year;
  int month; // 1..12
  int mday;  // 1..31
};

day today_utc() {
  auto t = static_cast<std::time_t>(now_seconds());
  std::tm tm{};
  gmtime_r(&t, &tm);
  return {tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday};
}

/// The month `back` months before `d`'s, on day `mday` (clamped to 28).
day month_before(day d, int back, int mday) {
  int index = d.year * 12 + (d.month - 1) - back;
  return {index / 12, index % 12 + 1, mday > 28 ? 28 : mday};
}

/// Seconds since the epoch of `d` at `hour`:`minute` UTC.
std::int64_t epoch_of(const day& d, int hour, int minute) {
  std::tm tm{};
  tm.tm_year = d.year - 1900;
  tm.tm_mon = d.month - 1;
  tm.tm_mday = d.mday;
  tm.tm_hour = hour;
  tm.tm_min = minute;
  return static_cast<std::int64_t>(timegm(&tm));
}

/// When an example transaction of day `d` happened: at `hour` (minutes
/// vary by day); empty when that is still in the future.
std::string when(const day& d, int hour) {
  auto at = epoch_of(d, hour, (d.mday * 7) % 60);
  return at > now_seconds() ? std::string{} : format_utc(at);
}

/// Writes resources into one scope the way its actor does: each create is
/// prepared by the resource (its validation), checked against the plan's
/// quota and run as a write batch of one.
class scope_writer {
public:
  scope_writer(store& st, const quota_table& quotas, const user_row& user)
    : st_(st), quotas_(quotas), user_(user) {
    st_.read([&](session& s) {
      for (auto res : all_resources())
        res->load_counts(s, user_.id, counts_);
    });
    auto c = find_currency(user_.currency_code);
    minor_units_ = c != nullptr ? c->minor_units : 2;
  }

  std::int64_t count(const std::string& name) {
    return counts_[name];
  }

  /// Creates one item; returns its id, or sets `error`.
  std::string create(const std::string& collection, const std::string& body) {
    if (error)
      return {};
    auto res = find_resource(collection);
    api_call call;
    call.resource = collection;
    call.op = operation::create;
    call.body = body;
    call.is_read = false;
    call.caller_id = user_.id;
    call.caller_timezone = user_.timezone;
    call.role = "owner";
    call.scope_id = user_.id;
    call.plan = user_.plan;
    auto prep = res->prepare(call, scope_view{user_.id, quotas_, counts_});
    if (prep.immediate)
      return refused(collection, *prep.immediate);
    write_batch batch;
    queued_write w{std::move(prep.task), user_.plan, std::move(prep.claims),
                   std::nullopt};
    if (res->quota() != nullptr)
      w.claims.insert(
        w.claims.begin(),
        quota_claim{
          res->quota(), 1, quotas_.limit(user_.plan, res->quota()), {}});
    batch.writes.push_back(std::move(w));
    batch.counts = counts_;
    auto out = run_batch(st_, batch);
    if (!out.committed || out.outcomes.empty())
      return refused(collection, make_result(errc::unavailable));
    auto& result = out.outcomes.front().result;
    if (result.code != errc::created && result.code != errc::ok)
      return refused(collection, result);
    for (auto& [name, delta] : out.outcomes.front().count_deltas)
      counts_[name] += delta;
    made_[collection] += 1;
    auto at = result.data.find("\"id\":\"");
    if (at == std::string::npos)
      return {};
    at += 6;
    return result.data.substr(at, result.data.find('"', at) - at);
  }

  /// An amount given in hundredths, written with the currency's digits.
  std::string money(std::int64_t hundredths) const {
    std::int64_t minor = hundredths;
    for (int i = 2; i < minor_units_; ++i)
      minor *= 10;
    for (int i = minor_units_; i < 2; ++i)
      minor /= 10;
    if (minor_units_ == 0)
      return std::to_string(minor);
    std::int64_t scale = 1;
    for (int i = 0; i < minor_units_; ++i)
      scale *= 10;
    auto frac = std::to_string(minor % scale);
    frac.insert(0, static_cast<std::size_t>(minor_units_) - frac.size(), '0');
    return std::to_string(minor / scale) + "." + frac;
  }

  const std::map<std::string, std::int64_t>& made() const {
    return made_;
  }

  /// Why the last create failed; nothing more is created after it.
  std::optional<failure> error;

private:
  std::string refused(const std::string& collection, const api_result& r) {
    error = purse::refused(r.code, "could not create demo " + collection + ": "
                                     + r.message
                                     + (r.data != "null" ? " " + r.data : ""));
    return {};
  }

  store& st_;
  const quota_table& quotas_;
  const user_row& user_;
  std::map<std::string, std::int64_t> counts_;
  std::map<std::string, std::int64_t> made_;
  int minor_units_ = 2;
};

std::string quoted(const std::string& text) {
  return "\"" + text + "\"";
}

} // namespace

outcome<answer> seed(store& st, const quota_table& quotas,
                     const std::string& user_id) {
  user_row user;
  bool found = false;
  st.read([&](session& s) {
    found = s.find(user_id, user);
  });
  if (!found)
    return refused(errc::not_found, "no user with id " + user_id);
  if (user.plan == "free")
    return refused(errc::payment_required,
                   "demo data needs a Solo or Family user (as the API does); "
                   "change the plan with 'purse-admin user set-plan' first");
  scope_writer w{st, quotas, user};
  if (w.count("accounts") > 0)
    return refused(errc::conflict,
                   "user " + user_id
                     + " already has accounts; demo data is only added to an "
                       "empty scope");
  auto cur = quoted(user.currency_code);
  auto account = [&](const char* name, const char* type, std::int64_t opening) {
    return w.create("accounts",
                    std::string{R"({"name":")"} + name + R"(","type":")" + type
                      + R"(","currency_code":)" + cur + R"(,"opening_balance":)"
                      + w.money(opening) + "}");
  };
  auto checking = account("Everyday Checking", "checking", 250000);
  auto savings = account("Savings", "savings", 800000);
  auto card = account("Credit Card", "credit_card", 0);
  auto category = [&](const char* name, const char* kind, const char* color) {
    return w.create("categories", std::string{R"({"name":")"} + name
                                    + R"(","kind":")" + kind + R"(","color":")"
                                    + color + "\"}");
  };
  auto salary = category("Salary", "income", "#2e7d32");
  auto rent = category("Rent", "expense", "#6d4c41");
  auto groceries = category("Groceries", "expense", "#f9a825");
  auto dining = category("Dining Out", "expense", "#e64a19");
  auto transport = category("Transport", "expense", "#1565c0");
  auto utilities = category("Utilities", "expense", "#00838f");
  auto fun = category("Entertainment", "expense", "#8e24aa");
  auto tag = [&](const char* name) {
    return w.create("tags", std::string{R"({"name":")"} + name + "\"}");
  };
  auto recurring = tag("recurring");
  auto family = tag("family");
  auto weekend = tag("weekend");
  if (w.error)
    return *w.error;

  auto now = today_utc();
  auto spend = [&](const day& d, const std::string& acct,
                   const std::string& cat, std::int64_t hundredths,
                   const char* description, const std::string& tag_id) {
    auto at = when(d, 18);
    if (at.empty())
      return;
    std::string body = R"({"account_id":)" + quoted(acct)
                       + R"(,"flow_type":"expense","amount":)"
                       + w.money(hundredths) + R"(,"currency_code":)" + cur
                       + R"(,"transaction_at":)" + quoted(at)
                       + R"(,"category_id":)" + quoted(cat)
                       + R"(,"description":)" + quoted(description);
    if (!tag_id.empty())
      body += R"(,"tag_ids":[)" + quoted(tag_id) + "]";
    w.create("transactions", body + "}");
  };
  auto earn = [&](const day& d, std::int64_t hundredths) {
    auto at = when(d, 9);
    if (at.empty())
      return;
    w.create("transactions", R"({"account_id":)" + quoted(checking)
                               + R"(,"flow_type":"income","amount":)"
                               + w.money(hundredths) + R"(,"currency_code":)"
                               + cur + R"(,"transaction_at":)" + quoted(at)
                               + R"(,"category_id":)" + quoted(salary)
                               + R"(,"description":"Salary","tag_ids":[)"
                               + quoted(recurring) + "]}");
  };
  auto move = [&](const day& d, const std::string& from, const std::string& to,
                  std::int64_t hundredths, const char* description) {
    auto at = when(d, 10);
    if (at.empty())
      return;
    w.create("transactions",
             R"({"account_id":)" + quoted(from)
               + R"(,"flow_type":"transfer","amount":)" + w.money(hundredths)
               + R"(,"currency_code":)" + cur + R"(,"transaction_at":)"
               + quoted(at) + R"(,"to_account_id":)" + quoted(to)
               + R"(,"description":)" + quoted(description) + "}");
  };
  // Three months: two whole ones before this one, and this one up to today.
  for (int back = 2; back >= 0; --back) {
    auto on = [&](int mday) {
      return month_before(now, back, mday);
    };
    std::int64_t wobble = (back * 37) % 11; // months differ a little
    earn(on(1), 420000);
    spend(on(2), checking, rent, 145000, "Rent", recurring);
    move(on(3), checking, savings, 50000, "Monthly saving");
    spend(on(12), checking, utilities, 8940 + wobble * 130, "Electricity",
          recurring);
    spend(on(18), checking, utilities, 3999, "Internet", recurring);
    for (int week = 0; week < 4; ++week) {
      spend(on(4 + week * 7), checking, groceries,
            6420 + week * 815 + wobble * 95, "Supermarket",
            week == 2 ? family : "");
      spend(on(6 + week * 7), card, transport, 2750 + week * 120,
            "Transit pass", "");
    }
    spend(on(9), card, dining, 4860 + wobble * 210, "Dinner with friends",
          weekend);
    spend(on(16), card, dining, 2390, "Lunch", "");
    spend(on(23), card, dining, 7150 - wobble * 100, "Family brunch", family);
    spend(on(20), card, fun, 1599, "Streaming subscription", recurring);
    spend(on(27), card, fun, 4200 + wobble * 300, "Concert tickets", weekend);
    move(on(25), checking, card, 30000, "Credit card payment");
  }
  if (w.error)
    return *w.error;
  json_writer out;
  out.begin_object().key("user_id").value(user_id);
  for (auto& [collection, n] : w.made())
    out.key(collection).value(n);
  out.end_object();
  return answer{out.str(), {}};
}

} // namespace purse::admin::demo
