// SPDX-License-Identifier: GPL-2.0-or-later
// The rollup plan: every instant of a report interval is counted exactly
// once, and nothing outside it, whatever mix of months, days, hours and
// raw rows covers it.

#include <boost/test/unit_test.hpp>

#include <random>

#include "purse/actors/calendar.hpp"
#include "purse/actors/rollup_plan.hpp"

using namespace purse;

namespace {

/// How many times the plan counts a transaction at `at` in interval `k`.
int coverage(const rollup_plan& plan, std::size_t k, std::int64_t at) {
  int n = 0;
  for (auto& [key, uses] : plan.buckets()) {
    auto [grain, start] = key;
    if (at < start || at >= bucket_next(grain, start))
      continue;
    for (auto& u : uses)
      if (u.interval == k)
        n += u.sign;
  }
  for (std::size_t i = 0; i < plan.raw().size(); ++i) {
    auto [from, to] = plan.raw()[i];
    if (at >= from && at < to && plan.raw_uses()[i].interval == k)
      n += plan.raw_uses()[i].sign;
  }
  return n;
}

void check_interval(const rollup_plan& plan, std::size_t k, std::int64_t from,
                    std::int64_t to, std::mt19937_64& rng) {
  std::vector<std::int64_t> probes{from - 1, from, from + 1,
                                   to - 1,   to,   to + 1};
  for (auto g : {rollup_grain::hour, rollup_grain::day, rollup_grain::month})
    for (auto at : {from, to}) {
      auto b = bucket_floor(g, at);
      probes.insert(probes.end(),
                    {b - 1, b, bucket_next(g, b) - 1, bucket_next(g, b)});
    }
  std::uniform_int_distribution<std::int64_t> inside(from - 86400 * 40,
                                                     to + 86400 * 40);
  for (int i = 0; i < 200; ++i)
    probes.push_back(inside(rng));
  for (auto at : probes) {
    int expected = at >= from && at < to ? 1 : 0;
    BOOST_TEST_CONTEXT("interval [" << from << ", " << to << ") at " << at) {
      BOOST_TEST(coverage(plan, k, at) == expected);
    }
  }
}

} // namespace

BOOST_AUTO_TEST_SUITE(rollup_plans)

BOOST_AUTO_TEST_CASE(buckets_are_utc_hours_days_and_months) {
  // 2026-11-15T12:34:56Z
  std::int64_t t = 1794746096;
  BOOST_TEST(bucket_floor(rollup_grain::hour, t) == 1794744000);
  BOOST_TEST(bucket_floor(rollup_grain::day, t) == 1794700800);
  BOOST_TEST(bucket_floor(rollup_grain::month, t) == 1793491200);
  BOOST_TEST(bucket_next(rollup_grain::month, 1793491200) == 1796083200);
  // Before 1970 the floor still goes down, not towards zero.
  BOOST_TEST(bucket_floor(rollup_grain::hour, -1) == -3600);
  BOOST_TEST(bucket_floor(rollup_grain::day, -86401) == -172800);
  BOOST_TEST(bucket_floor(rollup_grain::month, -1) == -2678400);
}

BOOST_AUTO_TEST_CASE(random_intervals_are_covered_exactly_once) {
  std::mt19937_64 rng(20261123);
  std::uniform_int_distribution<std::int64_t> start(1577836800, 1893456000);
  std::uniform_int_distribution<std::int64_t> length(0, 86400LL * 800);
  std::uniform_int_distribution<int> quarter(0, 3);
  for (int round = 0; round < 150; ++round) {
    // Half the plans may not use hour buckets (reports by account or
    // category): days and raw rows must cover alone.
    bool hours = round % 2 == 0;
    rollup_plan plan{hours};
    std::vector<std::pair<std::int64_t, std::int64_t>> spans;
    for (std::size_t k = 0; k < 3; ++k) {
      auto from = start(rng);
      // Half of them on 15-minute marks, as local midnights are.
      if (quarter(rng) < 2)
        from -= from % 900;
      auto to = from + length(rng) / (k + 1);
      if (quarter(rng) < 2)
        to -= to % 900;
      plan.add(k, from, to);
      spans.emplace_back(from, to);
    }
    for (std::size_t k = 0; k < spans.size(); ++k)
      check_interval(plan, k, spans[k].first, spans[k].second, rng);
    if (!hours)
      BOOST_TEST(plan.starts(rollup_grain::hour).empty());
  }
}

BOOST_AUTO_TEST_CASE(a_local_year_costs_a_few_dozen_buckets) {
  for (auto name : {"UTC", "Europe/Berlin", "Asia/Kolkata", "Pacific/Chatham",
                    "America/Santiago"}) {
    BOOST_TEST_CONTEXT(name) {
      auto zone = *find_time_zone(name);
      rollup_plan plan;
      auto from = day_start(civil_day{date::year{2025} / 1 / 1}, zone);
      auto to = day_start(civil_day{date::year{2026} / 1 / 1}, zone);
      plan.add(0, from, to);
      std::mt19937_64 rng(7);
      check_interval(plan, 0, from, to, rng);
      BOOST_TEST(plan.starts(rollup_grain::month).size() <= 13u);
      BOOST_TEST(plan.starts(rollup_grain::day).size() <= 2u);
      BOOST_TEST(plan.starts(rollup_grain::hour).size() <= 28u);
      BOOST_TEST(plan.raw().size() <= 2u);
    }
  }
}

BOOST_AUTO_TEST_CASE(local_days_in_a_whole_hour_zone_need_no_raw_rows) {
  auto zone = *find_time_zone("Europe/Berlin");
  rollup_plan plan;
  auto periods = split_range({civil_day{date::year{2026} / 3 / 1},
                              civil_day{date::year{2026} / 4 / 30}},
                             report_interval::day);
  std::vector<std::pair<std::int64_t, std::int64_t>> spans;
  for (std::size_t k = 0; k < periods.size(); ++k) {
    auto from = day_start(periods[k].first, zone);
    auto to = day_start(periods[k].last + date::days{1}, zone);
    plan.add(k, from, to);
    spans.emplace_back(from, to);
  }
  BOOST_TEST(plan.raw().empty());
  // Two months of local days read their UTC days in a few runs (the runs
  // break where a month bucket or DST takes over), each run one index scan.
  auto day_runs = plan.runs(rollup_grain::day);
  auto day_count = plan.starts(rollup_grain::day).size();
  BOOST_TEST(day_count > 50u);
  BOOST_TEST(day_runs.size() <= 4u);
  std::size_t covered = 0;
  for (auto& [first, last] : day_runs)
    covered += static_cast<std::size_t>((last - first) / 86400 + 1);
  BOOST_TEST(covered == day_count);
  std::mt19937_64 rng(11);
  for (std::size_t k = 0; k < spans.size(); ++k)
    check_interval(plan, k, spans[k].first, spans[k].second, rng);
}

BOOST_AUTO_TEST_SUITE_END()
