#pragma once

// The message an HTTP (or any other) front end sends into the domain, and
// the reply it gets back. Plain data with inspect(), so it can cross nodes.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <caf/error.hpp>
#include <caf/meta/type_name.hpp>

#include "purse/actors/errc.hpp"

namespace purse {

/// What an operation does to a resource.
enum class operation : std::uint8_t {
  list,    ///< GET on a collection.
  create,  ///< POST on a collection.
  read,    ///< GET on an item.
  update,  ///< PATCH on an item (partial).
  replace, ///< PUT on an item (full).
  remove,  ///< DELETE on an item.
  action,  ///< POST on an item's action, e.g. .../void.
};

/// Query parameters in the order they were sent.
using query_params = std::vector<std::pair<std::string, std::string>>;

/// One request to a scope's resource.
struct api_call {
  /// Resource collection name, e.g. "transactions".
  std::string resource;
  operation op = operation::list;
  /// Item id (read, update, replace, remove, action).
  std::string id;
  /// Action name for operation::action, e.g. "void".
  std::string action;
  /// Team id for /teams/{team}/...; empty for /me/...
  std::string team;
  query_params query;
  /// Raw request body (JSON text) or empty.
  std::string body;
  /// True for GET/HEAD (read bucket), false for writes.
  bool is_read = true;
  /// The If-None-Match header as sent (conditional downloads).
  std::string if_none_match;
  /// The Idempotency-Key header as sent (empty: none).
  std::string idempotency_key;
  /// The client's network address (failed authentications are limited per
  /// address).
  std::string client_address;

  // -- filled in by the domain on the way in ------------------------------------

  /// The API key that made the call.
  std::string key_id;
  /// The authenticated user.
  std::string caller_id;
  /// The caller's role in the scope: owner, admin, member or viewer.
  std::string role;
  /// The scope the call acts on (user id or team id).
  std::string scope_id;
  /// The plan that governs the scope (the team owner's on team paths).
  std::string plan;
  /// For usage calls: the calling key's state as JSON.
  std::string key_json;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, api_call& x) {
  return f(caf::meta::type_name("purse::api_call"), x.resource, x.op, x.id,
           x.action, x.team, x.query, x.body, x.is_read, x.if_none_match,
           x.idempotency_key, x.client_address, x.key_id, x.caller_id, x.role,
           x.scope_id, x.plan, x.key_json);
}

/// The reply: an outcome, a message and the JSON text of `data`.
struct api_result {
  errc code = errc::ok;
  /// Short human-readable text; never internal details.
  std::string message;
  /// JSON text of the envelope's `data` member.
  std::string data = "null";
  /// Extra response headers (e.g. rate-limit state).
  std::vector<std::pair<std::string, std::string>> headers;
  /// Non-empty: `data` is a raw body of this media type (file downloads),
  /// sent without the envelope.
  std::string raw_type;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, api_result& x) {
  return f(caf::meta::type_name("purse::api_result"), x.code, x.message, x.data,
           x.headers, x.raw_type);
}

/// Builds a result with the default message of `code` unless one is given.
api_result make_result(errc code, std::string data = "null",
                       std::string message = {});

/// Turns a failed request (timeout, dead actor) into a result for clients.
api_result result_from_error(const caf::error& err);

} // namespace purse
