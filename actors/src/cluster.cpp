// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/cluster.hpp"

#include <caf/io/middleman.hpp>
#include <caf/openssl/manager.hpp>

#include "purse/actors/api_call.hpp"
#include "purse/actors/ownership.hpp"

namespace purse {

bool split_endpoint(const std::string& endpoint, std::string& host,
                    std::uint16_t& port) {
  auto colon = endpoint.rfind(':');
  if (colon == std::string::npos || colon == 0)
    return false;
  char* end = nullptr;
  auto n = std::strtoul(endpoint.c_str() + colon + 1, &end, 10);
  if (end == endpoint.c_str() + colon + 1 || *end != '\0' || n == 0
      || n > 65535)
    return false;
  host = endpoint.substr(0, colon);
  if (host.size() > 2 && host.front() == '[' && host.back() == ']')
    host = host.substr(1, host.size() - 2);
  port = static_cast<std::uint16_t>(n);
  return true;
}

void configure_cluster(caf::actor_system_config& cfg,
                       const cluster_options& opts) {
  cfg.load<caf::io::middleman>();
  cfg.load<caf::openssl::manager>();
  cfg.openssl_certificate = opts.cert_file;
  cfg.openssl_key = opts.key_file;
  cfg.openssl_cafile = opts.ca_file;
  cfg.add_message_type<api_call>("purse::api_call");
  cfg.add_message_type<api_result>("purse::api_result");
}

api_result cluster_unavailable(std::string message) {
  auto r = make_result(errc::unavailable, "null", std::move(message));
  r.retry_after = 1;
  return r;
}

cluster_state::cluster_state(std::string self_id)
  : self_(std::move(self_id)), view_(std::make_shared<cluster_view>()) {
  // nop
}

std::shared_ptr<const cluster_view> cluster_state::view() const {
  return std::atomic_load(&view_);
}

void cluster_state::publish(std::shared_ptr<const cluster_view> v) {
  std::atomic_store(&view_, std::move(v));
}

bool cluster_state::owns(const cluster_view& v, std::string_view key) const {
  return owner_of(key, v.members) == self_;
}

cluster_route cluster_state::route_of(std::string_view key) const {
  auto v = view();
  auto owner = owner_of(key, v->members);
  cluster_route out;
  if (owner == self_)
    return out;
  out.local = false;
  if (auto i = v->links.find(owner); i != v->links.end())
    out.link = i->second;
  return out;
}

bool cluster_state::serving(clock::time_point now) const {
  return now.time_since_epoch().count()
         < serve_until_.load(std::memory_order_acquire);
}

void cluster_state::serve_until(clock::time_point until) {
  serve_until_.store(until.time_since_epoch().count(),
                     std::memory_order_release);
}

void cluster_state::stop_serving() {
  serve_until_.store(0, std::memory_order_release);
}

} // namespace purse
