// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The path grammar of /api/public/v1. Which resources exist and what each
// answers comes from the domain's registry (purse/actors/resource_routes.hpp):
// this file only turns a method and a path into an api_call.

#include <string>
#include <string_view>
#include <vector>

#include "purse/actors/api_call.hpp"
#include "purse/actors/route_shape.hpp"

namespace purse::http {

/// The versioned prefix every route lives under.
constexpr std::string_view api_prefix = "/api/public/v1";

/// Outcome of matching a request line against the registry.
struct route_match {
  enum class kind { call, not_found, method_not_allowed };
  kind what = kind::not_found;
  /// For method_not_allowed: the Allow header.
  std::string allow;
  /// For call: resource, op, id, action, team and is_read filled in.
  api_call call;
  /// For call: the shape of the resource called.
  const route_shape* shape = nullptr;
};

/// Matches a method and a path (without query string).
route_match match_route(std::string_view method, std::string_view path);

/// Every route served, as "METHOD /path/{placeholder}" relative to
/// api_prefix, HEAD implied by GET (purse-server --print-routes).
std::vector<std::string> route_list();

} // namespace purse::http
