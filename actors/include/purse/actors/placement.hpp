// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Who serves a key's or a scope's calls: this node, or the owner of the
// key or scope elsewhere, through a typed handle to it. The request path
// asks this and nothing else; it never asks whether the node is in a
// cluster. A node alone has the placement that always says "here"; a
// cluster node's placement follows the membership (actors/cluster/).

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <caf/error.hpp>
#include <caf/fwd.hpp>
#include <caf/message_id.hpp>
#include <caf/replies_to.hpp>
#include <caf/typed_actor.hpp>

#include "purse/actors/api_call.hpp"
#include "purse/actors/atoms.hpp"
#include "purse/actors/key_windows.hpp"
#include "purse/actors/metrics.hpp"
#include "purse/actors/placement_tag.hpp"

namespace purse {

/// What another node serves for this one: a call presented with a key (for
/// the key's actor there) and an admitted call (for the scope's actor
/// there). The answer goes straight back to whoever asked.
using owner_actor = caf::typed_actor<
  /// Lookup id, SHA-256 of the whole token, the call.
  caf::replies_to<call_atom, std::string, std::string,
                  api_call>::with<api_result>,
  /// A call admitted by its key's actor.
  caf::replies_to<call_atom, api_call>::with<api_result>,
  /// The windows of a key (lookup id) this node serves now, from the node
  /// that served it before.
  caf::reacts_to<windows_atom, std::string, key_windows>,
  /// Hands a key (lookup id) to the node named (one that just joined and
  /// serves it now): its windows, and this node serves it no more.
  caf::replies_to<handover_atom, std::string, std::string>::with<key_windows>>;

/// What reads the membership again when a view proved stale (a write was
/// fenced; a call came for an id this node's view gives away): the known
/// epoch, and whether to renew first. Answers once the view is current.
using membership_actor = caf::typed_actor<
  caf::replies_to<refresh_atom, std::int64_t, bool>::with<void>>;

/// The straight way to another node's owner, past the actor of the link
/// to that node: a call goes from the thread that sends it to the member's
/// ingress, and its answer from the member's node to the asker, with two
/// thread hand-offs fewer on this node than through the link's actor. The
/// link still answers a call sent this way 503 at once when the member
/// goes away before answering it (actors/cluster/link_door.hpp).
class owner_door {
public:
  virtual ~owner_door();

  /// How a call went.
  enum class sent {
    /// Not at all, and nothing moved from: the link is not up; hand the
    /// call to the route's owner.
    no,
    /// Over CAF's middleman, to the member's ingress.
    middleman,
    /// Over the member's call wire (actors/cluster/wire.hpp).
    wire,
  };

  /// Hands a call presented with a key (lookup id, SHA-256 of the whole
  /// token) to the member, so that `reply_to` gets its answer as the
  /// response to `mid`.
  virtual sent send_call(const caf::strong_actor_ptr& reply_to,
                         caf::message_id mid, std::string& lookup_id,
                         std::string& hash, api_call& call)
    = 0;

  /// Hands a call its key's actor admitted (for the scope's actor there)
  /// to the member over its call wire, so that `reply_to` gets its answer
  /// as the response to `mid`: `sent::wire`, or `sent::no` (no wire up, or
  /// the member's takes keyed calls only) with `call` untouched.
  virtual sent send_admitted(const caf::strong_actor_ptr& reply_to,
                             caf::message_id mid, api_call& call)
    = 0;
};

/// Where the calls for one key or scope go now.
struct placement_route {
  /// This node serves them.
  bool here = true;
  /// Otherwise the owner (null: not reachable yet).
  owner_actor owner;
  /// And the straight way to it, where there is one (null: none).
  std::shared_ptr<owner_door> door;
  /// The owner was not a member of the view before this one: it asks for
  /// the windows of the keys it takes over (served_before()).
  bool joining = false;
};

/// Which node serves each key and scope (thread-safe).
class placement {
public:
  virtual ~placement();

  /// Whether this node may serve now.
  virtual bool serving() const = 0;

  /// Whether load balancers may send this node requests: it serves, and
  /// every other node has read the placement it started serving under (a
  /// node that says so earlier would serve a key that another node still
  /// gives to someone else, and each would keep the key's limits).
  virtual bool ready() const = 0;

  /// Who serves the keys and scopes of placement tag `tag` now
  /// (placement_tag.hpp).
  virtual placement_route route_of_tag(std::string_view tag) const = 0;

  /// Who serves the key of `lookup_id` now.
  virtual placement_route route_of_key(std::string_view lookup_id) const {
    return route_of_tag(key_tag(lookup_id));
  }

  /// The node that served the key of `lookup_id` before this one, when
  /// this node joined so recently that the key's windows there still
  /// count (null: none to ask).
  virtual owner_actor served_before(std::string_view lookup_id) const {
    static_cast<void>(lookup_id);
    return {};
  }

  /// This node hands the key of `lookup_id` to `node` (it asked for its
  /// windows): calls for the key go there until the view changes.
  virtual void hand_key(const std::string& lookup_id, const std::string& node) {
    static_cast<void>(lookup_id);
    static_cast<void>(node);
  }

  /// This node's id in its cluster (empty: alone).
  virtual std::string self_id() const {
    return {};
  }

  /// Who serves the scope `scope_id` now.
  placement_route route_of_scope(std::string_view scope_id) const {
    return route_of_tag(scope_tag(scope_id));
  }

  /// The ownership epoch writes prove (the database fences a write made
  /// under an older one). 0: nothing to fence.
  virtual std::int64_t epoch() const = 0;

  /// What reads the view again (null: nothing to read, the view is never
  /// stale).
  virtual membership_actor membership() const = 0;

  /// Whether keys and scopes can move away from this node (then a scope
  /// keeps each queued write's call, to hand it on if its scope moves).
  virtual bool moves() const = 0;

  /// Whether this node serves the key of `lookup_id` now.
  bool serves_key(std::string_view lookup_id) const {
    return route_of_key(lookup_id).here;
  }

  /// Whether this node serves the scope `scope_id` now.
  bool serves_scope(std::string_view scope_id) const {
    return route_of_scope(scope_id).here;
  }

  /// Calls this node handed on to other nodes (hand_to_owner()).
  forward_counters forwarded;
};

/// The placement of a node alone: it serves every key and scope, always.
std::shared_ptr<placement> alone();

/// A 503 with Retry-After: 1 saying why this node cannot serve a call now
/// (ownership is moving, the owner is not reachable, the node is not a live
/// member). A retry soon finds the owner.
api_result placement_unavailable(std::string message);

/// Calls carry a hop count; past this many a call is answered 503 instead
/// of being handed on again (views that disagree for a moment cannot
/// bounce a call for ever).
constexpr std::uint8_t max_forward_hops = 3;

/// What a call is handed on to: the node that owns its key (a call
/// presented with a key) or the node that owns its scope (a call its key's
/// actor admitted).
enum class owned_by { key, scope };

/// Hands `call` on to the owner of its key or scope under `route`, through
/// `send(owner)`, which must deliver it so that the answer goes to the
/// original asker, and counts it in `where.forwarded`. Returns the 503 to
/// answer instead when the owner is not reachable or the call was handed
/// on too often. Every door that hands calls on does it through here.
template <class Send>
std::optional<api_result>
hand_to_owner(placement& where, const placement_route& route, api_call& call,
              owned_by what, Send&& send) {
  std::string noun = what == owned_by::key ? "key" : "scope";
  if (!route.owner)
    return placement_unavailable("The cluster node that serves this " + noun
                                 + " is not reachable yet; retry");
  if (call.hops >= max_forward_hops)
    return placement_unavailable("The ownership of this " + noun
                                 + " is moving between cluster nodes; retry");
  ++call.hops;
  where.forwarded.count(what == owned_by::key, call.is_read);
  send(route.owner);
  return std::nullopt;
}

/// How long a call waits for the membership to read the view again.
constexpr std::chrono::seconds membership_refresh_timeout{30};

/// Has `where`'s membership read the view again (renewing first if
/// `force`), then runs `next` in `self`'s context, also when the refresh
/// failed (the view then stays as it was). With nothing to read, runs
/// `next` at once.
template <class Self, class Next>
void refresh_then(Self* self, const placement& where, bool force, Next next) {
  auto membership = where.membership();
  if (!membership) {
    next();
    return;
  }
  self
    ->request(membership, membership_refresh_timeout, refresh_atom_v,
              where.epoch(), force)
    .then(
      [next]() mutable {
        next();
      },
      [next](caf::error&) mutable {
        next();
      });
}

} // namespace purse
