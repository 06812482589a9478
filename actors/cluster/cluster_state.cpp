// SPDX-License-Identifier: GPL-2.0-or-later
#include "cluster_state.hpp"

#include <algorithm>

#include "purse/actors/user_settings.hpp"
#include "purse/cluster/ownership.hpp"

namespace purse {

cluster_state::cluster_state(std::string self_id)
  : self_(std::move(self_id)),
    view_(std::make_shared<cluster_view>()),
    previous_(std::make_shared<cluster_view>()) {
  // nop
}

std::shared_ptr<const cluster_view> cluster_state::view() const {
  return std::atomic_load(&view_);
}

void cluster_state::publish(std::shared_ptr<const cluster_view> v) {
  auto old = view();
  if (old->epoch != v->epoch)
    std::atomic_store(&previous_, std::move(old));
  std::atomic_store(&view_, std::move(v));
}

placement_route cluster_state::route_of_tag(std::string_view tag) const {
  auto v = view();
  auto owner = owner_of(tag, v->members);
  placement_route out;
  if (owner == self_)
    return out;
  out.here = false;
  if (auto i = v->links.find(owner); i != v->links.end()) {
    out.owner = i->second.actor;
    out.door = i->second.door;
  }
  auto before = std::atomic_load(&previous_);
  out.joining = !before->members.empty()
                && std::find(before->members.begin(), before->members.end(),
                             owner)
                     == before->members.end();
  return out;
}

placement_route cluster_state::route_of_key(std::string_view lookup_id) const {
  if (any_handed_.load(std::memory_order_acquire)) {
    auto v = view();
    std::lock_guard<std::mutex> guard{handed_mtx_};
    // All hand-overs are of one view (hand_key); once the view moved on the
    // owners agree again, and the request path stops taking this lock.
    if (!handed_.empty() && handed_.begin()->second.second != v->epoch) {
      handed_.clear();
      any_handed_.store(false, std::memory_order_release);
    }
    auto i = handed_.find(std::string{lookup_id});
    if (i != handed_.end()) {
      placement_route out;
      out.here = false;
      if (auto l = v->links.find(i->second.first); l != v->links.end()) {
        out.owner = l->second.actor;
        out.door = l->second.door;
      }
      return out;
    }
  }
  return route_of_tag(key_tag(lookup_id));
}

owner_actor cluster_state::served_before(std::string_view lookup_id) const {
  auto joined = joined_at_.load(std::memory_order_acquire);
  if (joined == 0
      || clock::now().time_since_epoch().count() - joined
           > std::chrono::duration_cast<clock::duration>(rate_window_length)
               .count())
    return {};
  auto v = view();
  std::vector<std::string> others;
  for (auto& m : v->members)
    if (m != self_)
      others.push_back(m);
  auto before = owner_of(key_tag(lookup_id), others);
  if (auto l = v->links.find(before); l != v->links.end())
    return l->second.actor;
  return {};
}

void cluster_state::hand_key(const std::string& lookup_id,
                             const std::string& node) {
  auto epoch = view()->epoch;
  std::lock_guard<std::mutex> guard{handed_mtx_};
  // Hand-overs of older views are over: their keys' owners agree now.
  for (auto i = handed_.begin(); i != handed_.end();)
    i = i->second.second != epoch ? handed_.erase(i) : std::next(i);
  handed_[lookup_id] = {node, epoch};
  any_handed_.store(true, std::memory_order_release);
}

void cluster_state::joined_at(clock::time_point at) {
  joined_at_.store(at.time_since_epoch().count(), std::memory_order_release);
}

std::int64_t cluster_state::epoch() const {
  return view()->epoch;
}

membership_actor cluster_state::membership() const {
  std::lock_guard<std::mutex> guard{membership_mtx_};
  return membership_;
}

void cluster_state::set_membership(membership_actor m) {
  std::lock_guard<std::mutex> guard{membership_mtx_};
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
