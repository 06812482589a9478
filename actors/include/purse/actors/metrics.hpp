// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The domain's counters for operators (Prometheus text exposition in
// http/src/metrics_exposition.cpp): plain atomics bumped with relaxed
// ordering, so counting costs a request one uncontended add, no lock and no
// allocation. Gauges that already exist elsewhere (actors alive, workers
// busy) are read when scraped, not counted.

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace purse {

/// A histogram over fixed upper bounds (the last bucket is +Inf).
template <std::size_t Bounds>
class histogram {
public:
  explicit histogram(const std::array<double, Bounds>& bounds)
    : bounds_(bounds) {
    // nop
  }

  /// Counts one observation.
  void observe(double value) {
    std::size_t i = 0;
    while (i < Bounds && value > bounds_[i])
      ++i;
    counts_[i].fetch_add(1, std::memory_order_relaxed);
    // The sum in millionths: integral, so one atomic add.
    sum_micros_.fetch_add(static_cast<std::uint64_t>(value * 1e6),
                          std::memory_order_relaxed);
  }

  const std::array<double, Bounds>& bounds() const {
    return bounds_;
  }

  /// Observations in bucket `i` alone (not cumulative); i == Bounds: +Inf.
  std::uint64_t count_in(std::size_t i) const {
    return counts_[i].load(std::memory_order_relaxed);
  }

  /// Sum of all observations.
  double sum() const {
    return static_cast<double>(sum_micros_.load(std::memory_order_relaxed))
           / 1e6;
  }

private:
  std::array<double, Bounds> bounds_;
  std::array<std::atomic<std::uint64_t>, Bounds + 1> counts_{};
  std::atomic<std::uint64_t> sum_micros_{0};
};

/// Writes per batch of a scope's group commit: 1 is a write alone.
using batch_size_histogram = histogram<8>;

/// The bounds of batch sizes (max_batch_writes is 128).
constexpr std::array<double, 8> batch_size_bounds{1, 2, 4, 8, 16, 32, 64, 128};

/// Refusals of the request path, shared by its actors.
struct refusal_counters {
  /// 429s of a key's read bucket.
  std::atomic<std::uint64_t> refused_reads{0};
  /// 429s of a key's write bucket.
  std::atomic<std::uint64_t> refused_writes{0};
  /// 429s of a client address that failed to authenticate too often.
  std::atomic<std::uint64_t> refused_addresses{0};
};

/// Calls a node handed on to the node that owns their key or scope, by
/// owner and by reads and writes.
struct forward_counters {
  std::atomic<std::uint64_t> key_reads{0};
  std::atomic<std::uint64_t> key_writes{0};
  std::atomic<std::uint64_t> scope_reads{0};
  std::atomic<std::uint64_t> scope_writes{0};
  /// Of all those, the calls that went over a call wire (owner_door).
  std::atomic<std::uint64_t> by_wire{0};

  void count(bool to_key_owner, bool is_read) {
    auto& n = to_key_owner ? (is_read ? key_reads : key_writes)
                           : (is_read ? scope_reads : scope_writes);
    n.fetch_add(1, std::memory_order_relaxed);
  }
};

/// What the domain reports when scraped.
struct domain_metrics {
  std::size_t key_actors = 0;
  std::size_t scope_actors = 0;
  /// Persistence workers (each with its own database connection).
  std::size_t db_workers = 0;
  /// Workers running a task now.
  std::size_t db_busy = 0;
  /// Tasks waiting behind a busy worker now.
  std::size_t db_queued = 0;
  /// Tasks handed to workers since start.
  std::uint64_t db_tasks = 0;
  /// Of those, tasks that found every worker busy and waited.
  std::uint64_t db_waits = 0;
  std::uint64_t refused_reads = 0;
  std::uint64_t refused_writes = 0;
  std::uint64_t refused_addresses = 0;
  /// Calls handed on to another node (forward_counters).
  std::uint64_t forwarded_key_reads = 0;
  std::uint64_t forwarded_key_writes = 0;
  std::uint64_t forwarded_scope_reads = 0;
  std::uint64_t forwarded_scope_writes = 0;
  std::uint64_t forwarded_by_wire = 0;
  /// The batch histogram: per-bucket counts (not cumulative, +Inf last)
  /// and the sum.
  std::vector<double> batch_bounds;
  std::vector<std::uint64_t> batch_counts;
  double batch_sum = 0;
};

} // namespace purse
