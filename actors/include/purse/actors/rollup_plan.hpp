// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Which stored sums answer a report. The database keeps, per scope, the
// sums of counted transactions per UTC hour, day and month (report_rollups).
// A report asks for sums over intervals of UTC time (local days, weeks and
// months turned into instants). The plan covers each interval with as few
// stored buckets as it can, largest first, adding and subtracting: a local
// month in Berlin is the UTC month, plus the hour or two before it, minus
// the hour or two at its end. Whatever no bucket can cover (zones whose
// offset is not whole hours) is summed from the raw transactions.

#include <cstddef>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

namespace purse {

/// Bucket sizes of report_rollups, as stored in its `grain` column.
enum class rollup_grain : int { hour = 0, day = 1, month = 2 };

/// The UTC start of the `grain` bucket that contains `at`.
std::int64_t bucket_floor(rollup_grain grain, std::int64_t at);

/// The UTC start of the bucket after the one starting at `start`.
std::int64_t bucket_next(rollup_grain grain, std::int64_t start);

/// How the stored sums make up a report's intervals.
class rollup_plan {
public:
  /// `hours`: whether hour buckets exist for what the report reads (they
  /// are kept only for all accounts and all categories together); without
  /// them, what days cannot cover comes from raw transactions.
  explicit rollup_plan(bool hours = true) : hours_(hours) {
    // nop
  }

  /// One use of a stored sum: added to (sign 1) or taken from (sign -1)
  /// the interval with this index.
  struct use {
    std::size_t interval;
    int sign;
  };

  /// Adds the interval [from, to) of Unix seconds as interval number
  /// `index` (indexes are the caller's, e.g. one per trend bucket).
  void add(std::size_t index, std::int64_t from, std::int64_t to);

  /// Uses of each stored bucket, by (grain, bucket start).
  const std::map<std::pair<rollup_grain, std::int64_t>, std::vector<use>>&
  buckets() const {
    return buckets_;
  }

  /// Starts of the buckets of one grain that the plan reads.
  std::vector<std::int64_t> starts(rollup_grain grain) const;

  /// The same buckets as runs of consecutive ones: the starts of each
  /// run's first and last bucket.
  std::vector<std::pair<std::int64_t, std::int64_t>>
  runs(rollup_grain grain) const;

  /// Intervals [first, second) summed from raw transactions, and their use
  /// (parallel vectors).
  const std::vector<std::pair<std::int64_t, std::int64_t>>& raw() const {
    return raw_;
  }
  const std::vector<use>& raw_uses() const {
    return raw_uses_;
  }

private:
  void cover(std::size_t index, std::int64_t from, std::int64_t to, int sign,
             int level);

  bool hours_;
  std::map<std::pair<rollup_grain, std::int64_t>, std::vector<use>> buckets_;
  std::vector<std::pair<std::int64_t, std::int64_t>> raw_;
  std::vector<use> raw_uses_;
};

} // namespace purse
