// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// What one node knows of its cluster, shared by the actors of its request
// path through the placement interface: its own id, the membership view it
// last read (members, epoch, and a link to every other member), and until
// when it may serve. The membership actor (membership.hpp) keeps it.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "purse/actors/placement.hpp"

namespace purse {

/// The link to another member (node_link.hpp): its actor, and the
/// straight way past it.
struct cluster_link {
  owner_actor actor;
  std::shared_ptr<owner_door> door;
};

/// One membership view as this node holds it.
struct cluster_view {
  /// The view's epoch (writes prove it: persistence fence).
  std::int64_t epoch = 0;
  /// The live members' ids, sorted.
  std::vector<std::string> members;
  /// The link to each other member (node_link.hpp).
  std::map<std::string, cluster_link> links;
};

/// The node's share of cluster knowledge (thread-safe): the placement of
/// a cluster node.
class cluster_state final : public placement {
public:
  using clock = std::chrono::steady_clock;

  explicit cluster_state(std::string self_id);

  /// This node's id.
  const std::string& self() const {
    return self_;
  }

  /// The current view.
  std::shared_ptr<const cluster_view> view() const;

  /// Replaces the view (the membership actor).
  void publish(std::shared_ptr<const cluster_view> v);

  bool serving() const override {
    return serving(clock::now());
  }

  /// Serving, and past the moment set by ready_from().
  bool ready() const override;

  /// The members have read the view this node joined under by `at` (the
  /// membership, once, when that view is first published).
  void ready_from(clock::time_point at);

  /// Whether the node may serve at `now`: it is a member whose membership
  /// cannot have run out.
  bool serving(clock::time_point now) const;

  placement_route route_of_tag(std::string_view tag) const override;

  placement_route route_of_key(std::string_view lookup_id) const override;

  owner_actor served_before(std::string_view lookup_id) const override;

  void hand_key(const std::string& lookup_id, const std::string& node) override;

  std::string self_id() const override {
    return self_;
  }

  /// The node joined (published the first view that holds it) at `at`.
  void joined_at(clock::time_point at);

  std::int64_t epoch() const override;

  membership_actor membership() const override;

  bool moves() const override {
    return true;
  }

  /// A renewal succeeded: serve until `until`.
  void serve_until(clock::time_point until);

  /// Stop serving at once (a failed renewal past its margin, leaving).
  void stop_serving();

  /// Sets the membership actor (once, at start).
  void set_membership(membership_actor m);

private:
  std::string self_;
  std::shared_ptr<const cluster_view> view_;
  /// The view before the current one (empty at first).
  std::shared_ptr<const cluster_view> previous_;
  std::atomic<clock::rep> serve_until_{0};
  std::atomic<clock::rep> ready_from_{
    clock::time_point::max().time_since_epoch().count()};
  std::atomic<clock::rep> joined_at_{0};
  /// Keys handed to a joiner, by lookup id: the joiner's id and the epoch
  /// of the view they were handed under (they go back to the view's owner
  /// once the view changes).
  mutable std::mutex handed_mtx_;
  mutable std::map<std::string, std::pair<std::string, std::int64_t>> handed_;
  mutable std::atomic<bool> any_handed_{false};
  /// Set once the node listens for members, whose calls may already read
  /// it (refresh_then()): hence the lock.
  mutable std::mutex membership_mtx_;
  membership_actor membership_;
};

} // namespace purse
