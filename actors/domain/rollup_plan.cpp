// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/rollup_plan.hpp"

#include <chrono>

#include <date/date.h>

namespace purse {

namespace {

constexpr std::int64_t hour_seconds = 3600;
constexpr std::int64_t day_seconds = 86400;

std::int64_t floor_to(std::int64_t at, std::int64_t step) {
  auto r = at % step;
  return r < 0 ? at - r - step : at - r;
}

std::int64_t month_start(const date::year_month& month) {
  date::sys_days first{month / 1};
  return std::chrono::duration_cast<std::chrono::seconds>(
           first.time_since_epoch())
    .count();
}

date::year_month utc_month(std::int64_t at) {
  date::year_month_day ymd{
    date::floor<date::days>(date::sys_seconds{std::chrono::seconds{at}})};
  return ymd.year() / ymd.month();
}

/// The bucket boundary of `grain` nearest to `at` (the earlier on a tie).
std::int64_t nearest(rollup_grain grain, std::int64_t at) {
  auto lower = bucket_floor(grain, at);
  if (lower == at)
    return at;
  auto upper = bucket_next(grain, lower);
  return at - lower <= upper - at ? lower : upper;
}

} // namespace

std::int64_t bucket_floor(rollup_grain grain, std::int64_t at) {
  switch (grain) {
    case rollup_grain::hour:
      return floor_to(at, hour_seconds);
    case rollup_grain::day:
      return floor_to(at, day_seconds);
    case rollup_grain::month:
      break;
  }
  return month_start(utc_month(at));
}

std::int64_t bucket_next(rollup_grain grain, std::int64_t start) {
  switch (grain) {
    case rollup_grain::hour:
      return start + hour_seconds;
    case rollup_grain::day:
      return start + day_seconds;
    case rollup_grain::month:
      break;
  }
  return month_start(utc_month(start) + date::months{1});
}

std::vector<std::pair<std::int64_t, std::int64_t>>
rollup_plan::runs(rollup_grain grain) const {
  std::vector<std::pair<std::int64_t, std::int64_t>> out;
  for (auto start : starts(grain)) {
    if (!out.empty() && bucket_next(grain, out.back().second) == start)
      out.back().second = start;
    else
      out.emplace_back(start, start);
  }
  return out;
}

void rollup_plan::add(std::size_t index, std::int64_t from, std::int64_t to) {
  cover(index, from, to, 1, static_cast<int>(rollup_grain::month));
}

std::vector<std::int64_t> rollup_plan::starts(rollup_grain grain) const {
  std::vector<std::int64_t> out;
  for (auto& entry : buckets_)
    if (entry.first.first == grain)
      out.push_back(entry.first.second);
  return out;
}

// Covers [from, to) with whole buckets of `level` between the boundaries
// nearest to each end, then fixes each end with the next smaller grain:
// adding what lies before the first boundary, or subtracting what the
// buckets took beyond the interval. Below hours: raw transactions.
void rollup_plan::cover(std::size_t index, std::int64_t from, std::int64_t to,
                        int sign, int level) {
  if (from >= to)
    return;
  if (level < 0 || (level == 0 && !hours_)) {
    raw_.emplace_back(from, to);
    raw_uses_.push_back({index, sign});
    return;
  }
  auto grain = static_cast<rollup_grain>(level);
  auto first = nearest(grain, from);
  auto last = nearest(grain, to);
  if (first >= last) {
    cover(index, from, to, sign, level - 1);
    return;
  }
  for (auto b = first; b < last; b = bucket_next(grain, b))
    buckets_[{grain, b}].push_back({index, sign});
  if (first > from)
    cover(index, from, first, sign, level - 1);
  else
    cover(index, first, from, -sign, level - 1);
  if (last < to)
    cover(index, last, to, sign, level - 1);
  else
    cover(index, to, last, -sign, level - 1);
}

} // namespace purse
