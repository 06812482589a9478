// SPDX-License-Identifier: GPL-2.0-or-later
#include "request_metrics.hpp"

#include <algorithm>

#include "exposition.hpp"
#include "process_metrics.hpp"

namespace purse::http {

namespace {

using exposition::family;
using exposition::number;
using exposition::quoted;
using exposition::sample;

constexpr std::array<std::string_view, 7> methods{
  "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "other"};

/// The statuses Purse answers with; any other counts as "other".
constexpr std::array<int, 24> statuses{200, 201, 204, 301, 302, 303, 304, 400,
                                       401, 402, 403, 404, 405, 409, 410, 413,
                                       414, 415, 422, 429, 431, 500, 503, 504};

constexpr std::size_t status_slots = statuses.size() + 1;

std::size_t method_index(std::string_view m) {
  for (std::size_t i = 0; i + 1 < methods.size(); ++i)
    if (methods[i] == m)
      return i;
  return methods.size() - 1;
}

std::size_t status_index(int code) {
  for (std::size_t i = 0; i < statuses.size(); ++i)
    if (statuses[i] == code)
      return i;
  return statuses.size();
}

/// Calls `fn(segment)` for each segment of `path` ("/a/b" -> "a", "b").
template <class F>
void for_each_segment(std::string_view path, F&& fn) {
  if (!path.empty() && path.front() == '/')
    path.remove_prefix(1);
  while (true) {
    auto slash = path.find('/');
    fn(path.substr(0, slash));
    if (slash == std::string_view::npos)
      return;
    path.remove_prefix(slash + 1);
  }
}

/// A histogram's _bucket, _sum and _count samples.
void histogram_samples(std::string& out, const std::string& name,
                       const std::string& labels,
                       const std::vector<double>& bounds,
                       const std::vector<std::uint64_t>& counts, double sum) {
  std::uint64_t cumulative = 0;
  auto sep = labels.empty() ? "" : ",";
  for (std::size_t i = 0; i <= bounds.size(); ++i) {
    cumulative += counts[i];
    auto le = i < bounds.size() ? number(bounds[i]) : std::string{"+Inf"};
    sample(out, name + "_bucket", labels + sep + "le=" + quoted(le),
           std::to_string(cumulative));
  }
  sample(out, name + "_sum", labels, number(sum));
  sample(out, name + "_count", labels, std::to_string(cumulative));
}

} // namespace

request_metrics::request_metrics(const std::vector<std::string>& templates) {
  for (auto& t : templates) {
    if (std::find(names_.begin(), names_.end(), t) != names_.end())
      continue;
    names_.push_back(t);
    std::vector<std::string> segs;
    for_each_segment(t, [&](std::string_view s) {
      segs.emplace_back(s.size() > 1 && s.front() == '{' ? std::string_view{}
                                                         : s);
    });
    segments_.push_back(std::move(segs));
  }
  names_.emplace_back("unmatched");
  auto n = names_.size() * methods.size() * status_slots;
  counts_.reset(new std::atomic<std::uint64_t>[n]);
  for (std::size_t i = 0; i < n; ++i)
    counts_[i].store(0, std::memory_order_relaxed);
  for (std::size_t i = 0; i < names_.size(); ++i)
    latency_.push_back(std::make_unique<latency_histogram>(latency_bounds));
}

std::size_t request_metrics::route_of(std::string_view path) const {
  // The API's routing ignores one trailing slash.
  if (path.size() > 1 && path.back() == '/')
    path.remove_suffix(1);
  std::size_t n = 0;
  for_each_segment(path, [&n](std::string_view) {
    ++n;
  });
  std::size_t best = names_.size() - 1;
  int best_literals = -1;
  for (std::size_t t = 0; t < segments_.size(); ++t) {
    auto& segs = segments_[t];
    if (segs.size() != n)
      continue;
    std::size_t i = 0;
    int literals = 0;
    bool match = true;
    for_each_segment(path, [&](std::string_view s) {
      if (!match)
        return;
      if (i == segs.size()) {
        match = false;
        return;
      }
      auto& want = segs[i++];
      if (want.empty()) {
        match = !s.empty();
      } else {
        match = s == want;
        ++literals;
      }
    });
    if (match && i == segs.size() && literals > best_literals) {
      best = t;
      best_literals = literals;
    }
  }
  return best;
}

std::size_t request_metrics::slot(std::size_t route, std::size_t method,
                                  std::size_t status) const {
  return (route * methods.size() + method) * status_slots + status;
}

void request_metrics::count(std::size_t route, std::string_view method,
                            int status, double seconds) {
  counts_[slot(route, method_index(method), status_index(status))].fetch_add(
    1, std::memory_order_relaxed);
  latency_[route]->observe(seconds);
}

std::string request_metrics::exposition(const domain_metrics& d) const {
  std::string out;
  out.reserve(16 * 1024);
  family(out, "purse_http_requests_total", "counter",
         "HTTP requests answered, by route template, method and status.");
  for (std::size_t r = 0; r < names_.size(); ++r)
    for (std::size_t m = 0; m < methods.size(); ++m)
      for (std::size_t s = 0; s < status_slots; ++s) {
        auto n = counts_[slot(r, m, s)].load(std::memory_order_relaxed);
        if (n == 0)
          continue;
        auto status = s < statuses.size() ? std::to_string(statuses[s])
                                          : std::string{"other"};
        sample(out, "purse_http_requests_total",
               "route=" + quoted(names_[r]) + ",method=" + quoted(methods[m])
                 + ",status=" + quoted(status),
               std::to_string(n));
      }
  family(out, "purse_http_request_duration_seconds", "histogram",
         "Time from a request's arrival to its answer, by route template.");
  std::vector<double> bounds(latency_bounds.begin(), latency_bounds.end());
  for (std::size_t r = 0; r < names_.size(); ++r) {
    auto& h = *latency_[r];
    std::vector<std::uint64_t> counts;
    std::uint64_t total = 0;
    for (std::size_t i = 0; i <= bounds.size(); ++i) {
      counts.push_back(h.count_in(i));
      total += counts.back();
    }
    if (total > 0)
      histogram_samples(out, "purse_http_request_duration_seconds",
                        "route=" + quoted(names_[r]), bounds, counts, h.sum());
  }
  family(out, "purse_http_requests_in_flight", "gauge",
         "Requests being handled now.");
  sample(out, "purse_http_requests_in_flight", "",
         std::to_string(in_flight ? in_flight->load() : 0));
  family(out, "purse_rate_limit_refusals_total", "counter",
         "429 answers: a key's read or write bucket was empty, or the "
         "client address or key failed to authenticate too often.");
  sample(out, "purse_rate_limit_refusals_total", "reason=\"read_bucket\"",
         std::to_string(d.refused_reads));
  sample(out, "purse_rate_limit_refusals_total", "reason=\"write_bucket\"",
         std::to_string(d.refused_writes));
  sample(out, "purse_rate_limit_refusals_total",
         "reason=\"authentication_failures\"",
         std::to_string(d.refused_addresses));
  family(out, "purse_forwarded_calls_total", "counter",
         "Calls this node handed on to another cluster node: to the node "
         "that owns their key (owner=\"key\") or, once admitted, their "
         "scope (owner=\"scope\").");
  sample(out, "purse_forwarded_calls_total", "owner=\"key\",op=\"read\"",
         std::to_string(d.forwarded_key_reads));
  sample(out, "purse_forwarded_calls_total", "owner=\"key\",op=\"write\"",
         std::to_string(d.forwarded_key_writes));
  sample(out, "purse_forwarded_calls_total", "owner=\"scope\",op=\"read\"",
         std::to_string(d.forwarded_scope_reads));
  sample(out, "purse_forwarded_calls_total", "owner=\"scope\",op=\"write\"",
         std::to_string(d.forwarded_scope_writes));
  family(out, "purse_forwarded_calls_by_wire_total", "counter",
         "Of the calls this node handed on, those that went over a call "
         "wire (the cluster's own connection to the owner) rather than the "
         "node link.");
  sample(out, "purse_forwarded_calls_by_wire_total", "",
         std::to_string(d.forwarded_by_wire));
  family(out, "purse_actors_alive", "gauge",
         "Key actors (one per API key in use) and scope actors (one per "
         "user or team scope in use) on this node.");
  sample(out, "purse_actors_alive", "kind=\"key\"",
         std::to_string(d.key_actors));
  sample(out, "purse_actors_alive", "kind=\"scope\"",
         std::to_string(d.scope_actors));
  family(out, "purse_db_workers", "gauge",
         "Persistence workers, each with its own database connection "
         "(--db-pool).");
  sample(out, "purse_db_workers", "", std::to_string(d.db_workers));
  family(out, "purse_db_workers_busy", "gauge",
         "Persistence workers running a task now (connections in use).");
  sample(out, "purse_db_workers_busy", "", std::to_string(d.db_busy));
  family(out, "purse_db_tasks_queued", "gauge",
         "Tasks waiting now behind a busy persistence worker.");
  sample(out, "purse_db_tasks_queued", "", std::to_string(d.db_queued));
  family(out, "purse_db_tasks_total", "counter",
         "Tasks (reads, batches, authentication reads) handed to the "
         "persistence workers.");
  sample(out, "purse_db_tasks_total", "", std::to_string(d.db_tasks));
  family(out, "purse_db_task_waits_total", "counter",
         "Tasks that found every persistence worker busy and waited.");
  sample(out, "purse_db_task_waits_total", "", std::to_string(d.db_waits));
  family(out, "purse_group_commit_batch_writes", "histogram",
         "Writes per database transaction of a scope's group commit.");
  if (d.batch_counts.size() == d.batch_bounds.size() + 1)
    histogram_samples(out, "purse_group_commit_batch_writes", "",
                      d.batch_bounds, d.batch_counts, d.batch_sum);
  append_build_info(out);
  append_process_metrics(out);
  return out;
}

} // namespace purse::http
