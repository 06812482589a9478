// SPDX-License-Identifier: GPL-2.0-or-later
#include "connection_guard.hpp"

namespace purse::http {

connection_guard::connection_guard(guard_limits limits,
                                   const trusted_proxies& proxies,
                                   gate_rules rules)
  : limits_(limits), proxies_(proxies), rules_(std::move(rules)) {
  rules_.reserve = [this](std::size_t bytes) {
    return reserve(bytes);
  };
  rules_.release = [this](std::size_t bytes) {
    release(bytes);
  };
}

connection_guard::admission
connection_guard::admit(const asio::ip::address& address) {
  using verdict = admission::verdict;
  // Any non-null pointer will do for connections that are not counted.
  static int uncounted = 0;
  if (limits_.max_per_address == 0 || proxies_.contains(address))
    return {verdict::serve, std::shared_ptr<void>(&uncounted, [](void*) {})};
  auto key = address_group(address);
  std::unordered_map<std::string, std::size_t>* table = nullptr;
  verdict what = verdict::serve;
  {
    std::lock_guard<std::mutex> guard{mutex_};
    for (auto [t, w] : {std::pair{&open_, verdict::serve},
                        std::pair{&busy_, verdict::answer_busy}}) {
      auto& n = (*t)[key];
      if (n < limits_.max_per_address) {
        ++n;
        table = t;
        what = w;
        break;
      }
    }
  }
  if (table == nullptr)
    return {};
  return {what, std::shared_ptr<void>(&uncounted, [this, key, table](void*) {
            std::lock_guard<std::mutex> guard{mutex_};
            auto i = table->find(key);
            if (i != table->end() && --i->second == 0)
              table->erase(i);
          })};
}

bool connection_guard::reserve(std::size_t bytes) {
  auto now = reserved_.load();
  do {
    if (bytes
        > limits_.max_body_memory - std::min(now, limits_.max_body_memory))
      return false;
  } while (!reserved_.compare_exchange_weak(now, now + bytes));
  return true;
}

void connection_guard::release(std::size_t bytes) {
  reserved_.fetch_sub(bytes);
}

} // namespace purse::http

namespace purse::http {

namespace {

std::shared_ptr<connection_guard>& installed() {
  static std::shared_ptr<connection_guard> guard;
  return guard;
}

} // namespace

void install_connection_guard(std::shared_ptr<connection_guard> guard) {
  installed() = std::move(guard);
}

std::shared_ptr<connection_guard> installed_connection_guard() {
  return installed();
}

} // namespace purse::http
