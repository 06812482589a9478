// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The operators' listener: GET /metrics (Prometheus text exposition) on
// its own address, apart from the API (--metrics-listen), plain HTTP, no
// key. Off unless configured; keep the address private.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace purse::http {

class metrics_listener {
public:
  /// Serves `render()` at /metrics on host:port with one io thread.
  /// Throws std::runtime_error when it cannot bind.
  metrics_listener(std::string host, std::uint16_t port,
                   std::function<std::string()> render);
  ~metrics_listener();
  metrics_listener(const metrics_listener&) = delete;
  metrics_listener& operator=(const metrics_listener&) = delete;

  /// Stops serving (also done by the destructor).
  void stop();

private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

} // namespace purse::http
