// SPDX-License-Identifier: GPL-2.0-or-later
#include "cluster_state.hpp"

#include "purse/cluster/ownership.hpp"

namespace purse {

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

placement_route cluster_state::route_of_tag(std::string_view tag) const {
  auto v = view();
  auto owner = owner_of(tag, v->members);
  placement_route out;
  if (owner == self_)
    return out;
  out.here = false;
  if (auto i = v->links.find(owner); i != v->links.end())
    out.owner = i->second;
  return out;
}

std::int64_t cluster_state::epoch() const {
  return view()->epoch;
}

membership_actor cluster_state::membership() const {
  return membership_;
}

void cluster_state::set_membership(membership_actor m) {
  membership_ = std::move(m);
}

bool cluster_state::serving(clock::time_point now) const {
  return now.time_since_epoch().count()
         < serve_until_.load(std::memory_order_acquire);
}

void cluster_state::serve_until(clock::time_point until) {
  serve_until_.store(until.time_since_epoch().count(),
                     std::memory_order_release);
}

bool cluster_state::ready() const {
  auto now = clock::now();
  return serving(now)
         && now.time_since_epoch().count()
              >= ready_from_.load(std::memory_order_acquire);
}

void cluster_state::ready_from(clock::time_point at) {
  ready_from_.store(at.time_since_epoch().count(), std::memory_order_release);
}

void cluster_state::stop_serving() {
  serve_until_.store(0, std::memory_order_release);
}

} // namespace purse
