// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/placement.hpp"

namespace purse {

placement::~placement() = default;

owner_door::~owner_door() = default;

namespace {

/// A node alone: every key and scope is its own, and its view never goes
/// stale.
class alone_placement final : public placement {
public:
  bool serving() const override {
    return true;
  }

  bool ready() const override {
    return true;
  }

  placement_route route_of_tag(std::string_view) const override {
    return {};
  }

  std::int64_t epoch() const override {
    return 0;
  }

  membership_actor membership() const override {
    return {};
  }

  bool moves() const override {
    return false;
  }
};

} // namespace

std::shared_ptr<placement> alone() {
  static const auto instance = std::make_shared<alone_placement>();
  return instance;
}

api_result placement_unavailable(std::string message) {
  auto r = make_result(errc::unavailable, "null", std::move(message));
  r.retry_after = 1;
  return r;
}

} // namespace purse
