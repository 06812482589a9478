// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The HTTP front's counters for operators: requests by route template
// (never the raw path, so the series stay few), method and status, and a
// latency histogram per route; and the Prometheus text exposition of these
// with the domain's numbers (front_door::metrics()). Counting a request is
// a route lookup over pre-split templates and three relaxed atomic adds:
// no lock, no allocation.

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "purse/actors/metrics.hpp"

namespace purse::http {

/// Upper bounds (seconds) of the request latency histogram.
constexpr std::array<double, 13> latency_bounds{
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};

class request_metrics {
public:
  /// Route templates: "/api/public/v1/me/transactions/{id}", ...; a path
  /// that matches none counts as "unmatched".
  explicit request_metrics(const std::vector<std::string>& templates);

  /// The index of the template `path` (without query) matches; the one
  /// with the most literal segments wins.
  std::size_t route_of(std::string_view path) const;

  /// Counts one answered request.
  void count(std::size_t route, std::string_view method, int status,
             double seconds);

  /// Requests being handled now (set by the server before scraping).
  std::atomic<std::size_t>* in_flight = nullptr;

  /// The text exposition (format 0.0.4) of these counters and `domain`,
  /// then the build and process series (process_metrics.hpp).
  std::string exposition(const domain_metrics& domain) const;

  /// Name of route `i` ("unmatched" for the last).
  const std::string& route_name(std::size_t i) const {
    return names_[i];
  }

private:
  using latency_histogram = histogram<latency_bounds.size()>;

  std::size_t slot(std::size_t route, std::size_t method,
                   std::size_t status) const;

  std::vector<std::string> names_;
  /// Each template's segments ("" for a placeholder), by template.
  std::vector<std::vector<std::string>> segments_;
  std::unique_ptr<std::atomic<std::uint64_t>[]> counts_;
  std::vector<std::unique_ptr<latency_histogram>> latency_;
};

} // namespace purse::http
