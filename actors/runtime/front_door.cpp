// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/front_door.hpp"

#include "purse/actors/mail.hpp"
#include "request_path.hpp"

namespace purse {

front_door::front_door(std::shared_ptr<request_path> path)
  : path_(std::move(path)) {
  // nop
}

std::optional<api_result>
front_door::submit(const std::string& lookup_id, std::string secret_hash,
                   api_call call, caf::strong_actor_ptr reply_to,
                   caf::message_id mid) {
  auto& path = *path_;
  // Not two servers alone on one database, even for a moment.
  if (path.server_lock.load() == server_lock_state::taken)
    return server_lock_taken();
  // The node that serves a key keeps its buckets and cached
  // authentication.
  if (!path.where->serving())
    return placement_unavailable(
      "This cluster node is not a live member right now; retry");
  // Sends as message `mid` of `reply_to`: the answer goes straight there.
  auto send = [&](const auto& dest, auto&&... xs) {
    send_as(dest, std::move(reply_to), mid, std::forward<decltype(xs)>(xs)...);
  };
  auto route = path.where->route_of_key(lookup_id);
  if (!route.here)
    return hand_to_owner(
      *path.where, route, call, owned_by::key, [&](const owner_actor& owner) {
        // Straight to the member while its link is up; through the link's
        // actor otherwise (it waits for the link to come up).
        auto id = lookup_id;
        auto how = route.door ? route.door->send_call(reply_to, mid, id,
                                                      secret_hash, call)
                              : owner_door::sent::no;
        if (how == owner_door::sent::wire)
          path.where->forwarded.by_wire.fetch_add(1, std::memory_order_relaxed);
        else if (how == owner_door::sent::no)
          send(owner, call_atom_v, lookup_id, std::move(secret_hash),
               std::move(call));
      });
  path.to_key(lookup_id, std::move(secret_hash), std::move(call), send);
  return std::nullopt;
}

bool front_door::ready() const {
  return path_->freshness.listening()
         && path_->server_lock.load() == server_lock_state::held
         && path_->where->ready();
}

domain_metrics front_door::metrics() const {
  auto& path = *path_;
  domain_metrics m;
  m.key_actors = path.keys.size();
  m.scope_actors = path.scopes.size();
  path.pool->report(m);
  auto& r = path.refusals;
  m.refused_reads = r.refused_reads.load(std::memory_order_relaxed);
  m.refused_writes = r.refused_writes.load(std::memory_order_relaxed);
  m.refused_addresses = r.refused_addresses.load(std::memory_order_relaxed);
  auto& f = path.where->forwarded;
  m.forwarded_key_reads = f.key_reads.load(std::memory_order_relaxed);
  m.forwarded_key_writes = f.key_writes.load(std::memory_order_relaxed);
  m.forwarded_scope_reads = f.scope_reads.load(std::memory_order_relaxed);
  m.forwarded_scope_writes = f.scope_writes.load(std::memory_order_relaxed);
  m.forwarded_by_wire = f.by_wire.load(std::memory_order_relaxed);
  return m;
}

} // namespace purse
