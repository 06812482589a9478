// SPDX-License-Identifier: GPL-2.0-or-later
#include "ingress.hpp"
#include "purse/actors/log.hpp"

#include <optional>

#include <caf/send.hpp>
#include <caf/typed_event_based_actor.hpp>

#include "admitted_here.hpp"
#include "node_link.hpp"
#include "purse/actors/mail.hpp"
#include "request_path.hpp"

namespace purse {

namespace {

/// A keyed call that reached this node: its key actor if this node owns
/// the key under its view, else the owner (one hop more), so a key never
/// has buckets on two nodes because two views disagree.
void serve_key(const std::shared_ptr<request_path>& path,
               caf::typed_response_promise<api_result> rp,
               std::string lookup_id, std::string hash, api_call call) {
  auto route = path->where->route_of_key(lookup_id);
  if (route.here) {
    path->to_key(std::move(lookup_id), std::move(hash), std::move(call),
                 [&](const auto& dest, auto&&... xs) {
                   rp.delegate(dest, std::forward<decltype(xs)>(xs)...);
                 });
    return;
  }
  auto refused = hand_to_owner(
    *path->where, route, call, owned_by::key, [&](const owner_actor& to) {
      rp.delegate(to, call_atom_v, std::move(lookup_id), std::move(hash),
                  std::move(call));
    });
  if (refused)
    rp.deliver(std::move(*refused));
}

/// An admitted call that a member handed on: served here when this node
/// serves its scope (serve_admitted_here), else by the scope's actor here,
/// which hands it on to the scope's node (this node's view or the
/// member's is behind). `answer` as for serve_admitted_here.
template <class Answer>
void serve_admitted(request_path& path, api_call call, Answer& answer) {
  if (path.where->serves_scope(call.scope_id)) {
    serve_admitted_here(path, std::move(call), answer);
    return;
  }
  auto scope_id = call.scope_id;
  path.scopes.with(scope_id, [&](request_path::scope_directory::entry& e) {
    answer.delegate(e.actor, call_atom_v, std::move(call));
  });
}

/// An answer to `reply_to`'s request `mid`, from outside an actor.
struct mailed_answer {
  caf::strong_actor_ptr reply_to;
  caf::message_id mid;

  void deliver(api_result r) {
    answer_request(reply_to, mid, std::move(r));
  }

  template <class Dest, class... Ts>
  void delegate(const Dest& dest, Ts&&... xs) {
    send_as(dest, std::move(reply_to), mid, std::forward<Ts>(xs)...);
  }
};

/// The answer while this node may not serve (or another server took its
/// lock on the database).
std::optional<api_result> refused_here(const request_path& path) {
  if (path.server_lock.load() == server_lock_state::taken)
    return server_lock_taken();
  if (!path.where->serving())
    return placement_unavailable(
      "This cluster node is not a live member right now; retry");
  return std::nullopt;
}

ingress_actor::behavior_type
ingress(ingress_actor::pointer self, std::shared_ptr<cluster_state> cluster,
        std::shared_ptr<request_path> path, wire_port_cell wire_port) {
  return {
    // A call presented with a key: its key actor answers the asking link
    // directly. A key this node's view gives to another node: the sender's
    // view or ours is behind; ours is read again before the call is served
    // or handed on.
    [self, path](call_atom, std::string& lookup_id, std::string& hash,
                 api_call& call) -> caf::result<api_result> {
      if (auto refused = refused_here(*path))
        return std::move(*refused);
      auto rp = self->make_response_promise<api_result>();
      if (path->where->serves_key(lookup_id)) {
        serve_key(path, rp, std::move(lookup_id), std::move(hash),
                  std::move(call));
        return rp;
      }
      refresh_then(self, *path->where, false,
                   [path, rp, lookup_id, hash, call]() mutable {
                     serve_key(path, std::move(rp), std::move(lookup_id),
                               std::move(hash), std::move(call));
                   });
      return rp;
    },
    // An admitted call for a scope this node owns (or owned: its scope
    // actor hands it on if not any more).
    [self, path](call_atom, api_call& call) -> caf::result<api_result> {
      if (auto refused = refused_here(*path))
        return std::move(*refused);
      auto rp = self->make_response_promise<api_result>();
      promised_answer<decltype(rp)> answer{rp};
      serve_admitted(*path, std::move(call), answer);
      return rp;
    },
    // The windows of a key the sender no longer serves: the key's actor
    // here counts them (made now if need be, so they come before its
    // first call).
    [path](windows_atom, std::string& lookup_id, key_windows& w) {
      path->keys.with(lookup_id, [&](request_path::key_directory::entry& e) {
        caf::anon_send(e.actor, windows_atom_v, std::move(w));
      });
    },
    // A node that just joined serves this key now: it gets the key's
    // windows, and this node hands the key's calls to it until its own view
    // agrees.
    [self, path](handover_atom, std::string& lookup_id,
                 std::string& to) -> caf::result<key_windows> {
      path->where->hand_key(lookup_id, to);
      key_actor actor;
      path->keys.if_present(lookup_id,
                            [&](request_path::key_directory::entry& e) {
                              actor = e.actor;
                            });
      if (!actor)
        return path->handed.take(lookup_id).value_or(key_windows{});
      // (A promise only here: made, it takes the answer over.) The key's
      // actor answers and ends; the directory forgets it.
      auto rp = self->make_response_promise<key_windows>();
      rp.delegate(actor, handover_atom_v);
      path->keys.retire(lookup_id, caf::actor_cast<caf::actor_addr>(actor));
      return rp;
    },
    [cluster](epoch_atom) -> std::int64_t {
      return cluster->epoch();
    },
    [wire_port](wire_atom) -> std::uint16_t {
      return wire_port->load(std::memory_order_acquire);
    },
    // A member with a smaller id dialled this node: its ingress goes to
    // this node's link for it (false: no such link yet; it asks again).
    [cluster](hello_atom, tags_atom, std::string& node, owner_actor& remote) {
      auto view = cluster->view();
      auto i = view->links.find(node);
      if (i == view->links.end() || !remote)
        return false;
      caf::anon_send(caf::actor_cast<node_link_actor>(i->second.actor),
                     hello_atom_v, std::move(remote));
      return true;
    },
  };
}

} // namespace

ingress_actor
spawn_ingress(caf::actor_system& sys, std::shared_ptr<cluster_state> cluster,
              std::shared_ptr<request_path> path, wire_port_cell wire_port) {
  return sys.spawn(ingress, std::move(cluster), std::move(path),
                   std::move(wire_port));
}

void serve_wired_call(const std::shared_ptr<request_path>& path,
                      const ingress_actor& ingress,
                      caf::strong_actor_ptr reply_to, caf::message_id mid,
                      std::string lookup_id, std::string hash, api_call call) {
  // Sends as message `mid` of `reply_to`: the answer goes straight there.
  auto send = [&](const auto& dest, auto&&... xs) {
    send_as(dest, std::move(reply_to), mid, std::forward<decltype(xs)>(xs)...);
  };
  if (auto refused = refused_here(*path)) {
    answer_request(reply_to, mid, std::move(*refused));
    return;
  }
  // What the ingress would do at once: no view to read again, no owner to
  // hand the call to.
  if (path->where->serves_key(lookup_id)
      && path->where->route_of_key(lookup_id).here) {
    path->to_key(std::move(lookup_id), std::move(hash), std::move(call), send);
    return;
  }
  send(ingress, call_atom_v, std::move(lookup_id), std::move(hash),
       std::move(call));
}

void serve_wired_admitted(const std::shared_ptr<request_path>& path,
                          caf::strong_actor_ptr reply_to, caf::message_id mid,
                          api_call call) {
  if (auto refused = refused_here(*path)) {
    answer_request(reply_to, mid, std::move(*refused));
    return;
  }
  mailed_answer answer{std::move(reply_to), mid};
  serve_admitted(*path, std::move(call), answer);
}

} // namespace purse
