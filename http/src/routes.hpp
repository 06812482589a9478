#pragma once

// The route table of /api/public/v1: which resources exist in a scope, which
// methods each path shape accepts, and how a path becomes an api_call.

#include <string>
#include <string_view>
#include <vector>

#include "purse/actors/api_call.hpp"

namespace purse::http {

/// The versioned prefix every route lives under.
constexpr std::string_view api_prefix = "/api/public/v1";

/// Outcome of matching a request line against the table.
struct route_match {
  enum class kind { call, not_found, method_not_allowed };
  kind what = kind::not_found;
  /// For method_not_allowed: the Allow header.
  std::string allow;
  /// For call: resource, op, id, action, team and is_read filled in.
  api_call call;
};

/// Matches a method and a path (without query string).
route_match match_route(std::string_view method, std::string_view path);

/// Every route served, as "METHOD /path/{placeholder}" relative to
/// api_prefix, HEAD implied by GET (purse-server --print-routes).
std::vector<std::string> route_list();

} // namespace purse::http
