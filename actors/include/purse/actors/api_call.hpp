// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The message an HTTP (or any other) front end sends into the domain. Plain
// data with inspect(), so it can cross nodes. The reply is an api_result.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <caf/meta/type_name.hpp>

#include "purse/actors/api_result.hpp"
#include "purse/actors/file_upload.hpp"
#include "purse/actors/rate_limit_state.hpp"

namespace purse {

/// What an operation does to a resource.
enum class operation : std::uint8_t {
  list,    ///< Read a collection (a page of it).
  create,  ///< Add an item to a collection.
  read,    ///< Read an item (or a document, or an item's content).
  update,  ///< Change some fields of an item.
  replace, ///< Replace all fields of an item.
  remove,  ///< Delete an item.
  action,  ///< Run an item's action, e.g. void.
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
  /// True for reads (the read bucket), false for writes.
  bool is_read = true;
  /// A file sent as bytes (uploads), instead of the JSON form in `body`.
  file_upload upload;
  /// The version of the content the caller already holds ("*": any);
  /// empty: none. A download of that version sends no content.
  std::string known_version;
  /// The caller's idempotency key (empty: none): a retried create or
  /// action with the same key gets the first answer again.
  std::string idempotency_key;
  /// The client's network address (failed authentications are limited per
  /// address).
  std::string client_address;

  // -- filled in by the domain on the way in ------------------------------------

  /// The API key that made the call.
  std::string key_id;
  /// The authenticated user.
  std::string caller_id;
  /// The caller's profile zone (IANA name): the reports' default zone.
  std::string caller_timezone;
  /// The caller's role in the scope: owner, admin, member or viewer.
  std::string role;
  /// The scope the call acts on (user id or team id).
  std::string scope_id;
  /// The plan that governs the scope (the team owner's on team paths).
  std::string plan;
  /// For usage calls: the calling key's state as JSON.
  std::string key_json;
  /// The calling key's bucket state, reported with every answer.
  rate_limit_state rate;
  /// How many times a cluster node handed the call on to another.
  std::uint8_t hops = 0;
  /// Set by the front end only (never from a client's input): a further
  /// page of a streamed read (api_result::stream), where the page before
  /// it ended (its next_page). The key is checked again, but the read
  /// bucket is not charged: the whole stream counts as one read.
  std::string continuation;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, api_call& x) {
  return f(caf::meta::type_name("purse::api_call"), x.resource, x.op, x.id,
           x.action, x.team, x.query, x.body, x.is_read, x.upload,
           x.known_version, x.idempotency_key, x.client_address, x.key_id,
           x.caller_id, x.caller_timezone, x.role, x.scope_id, x.plan,
           x.key_json, x.rate, x.hops, x.continuation);
}

} // namespace purse
