// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// What a front end needs to know of the registered resources: their names
// and route shapes (no persistence types, so front ends can include it).

#include <string_view>
#include <vector>

#include "purse/actors/route_shape.hpp"

namespace purse {

/// One registered resource as a front end routes to it.
struct resource_route {
  std::string_view name;
  route_shape shape;
};

/// Every registered resource, in registry order.
const std::vector<resource_route>& resource_routes();

} // namespace purse
