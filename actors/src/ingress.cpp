// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/ingress.hpp"

#include <caf/event_based_actor.hpp>
#include <caf/send.hpp>

#include "purse/actors/cluster.hpp"
#include "purse/actors/request_path.hpp"
#include "purse/actors/user_settings.hpp"

namespace purse {

namespace {

/// A keyed call that reached this node: its key actor if this node owns
/// the key under its view, else the owner's link (one hop more), so a key
/// never has buckets on two nodes because two views disagree.
void serve_key(const std::shared_ptr<request_path>& path,
               caf::response_promise rp, std::string lookup_id,
               std::string hash, api_call call) {
  auto route = path->cluster->route_of(lookup_id);
  if (route.local) {
    if (path->held_for_check(lookup_id, call)) {
      rp.delegate(path->checker, hold_atom_v, std::move(lookup_id),
                  std::move(hash), std::move(call));
      return;
    }
    path->keys.with(lookup_id, [&](request_path::key_directory::entry& e) {
      rp.delegate(e.actor, call_atom_v, std::move(hash), std::move(call));
    });
    return;
  }
  if (!route.link || call.hops >= max_forward_hops) {
    rp.deliver(cluster_unavailable(
      "The ownership of this key is moving between cluster nodes; retry"));
    return;
  }
  ++call.hops;
  rp.delegate(route.link, call_atom_v, std::move(lookup_id), std::move(hash),
              std::move(call));
}

caf::behavior ingress(caf::event_based_actor* self,
                      std::shared_ptr<request_path> path) {
  auto not_serving = [] {
    return cluster_unavailable(
      "This cluster node is not a live member right now; retry");
  };
  return {
    // A call presented with a key: its key actor answers the asking link
    // directly. A key this node's view gives to another node: the sender's
    // view or ours is behind; ours is read again before the call is served
    // or handed on.
    [self, path, not_serving](call_atom, std::string& lookup_id,
                              std::string& hash,
                              api_call& call) -> caf::result<api_result> {
      if (path->server_lock.load() == server_lock_state::taken)
        return server_lock_taken();
      if (!path->cluster->serving())
        return not_serving();
      auto rp = self->make_response_promise<api_result>();
      if (path->cluster->route_of(lookup_id).local) {
        serve_key(path, rp, std::move(lookup_id), std::move(hash),
                  std::move(call));
        return rp;
      }
      auto again = [path, rp, lookup_id, hash, call]() mutable {
        serve_key(path, std::move(rp), std::move(lookup_id), std::move(hash),
                  std::move(call));
      };
      self
        ->request(path->cluster->membership, db_operation_timeout,
                  refresh_atom_v, path->cluster->view()->epoch, false)
        .then(
          [again]() mutable {
            again();
          },
          [again](caf::error&) mutable {
            again();
          });
      return rp;
    },
    // A member with a smaller id dialled this node: its ingress goes to
    // this node's link for it (false: no such link yet; it asks again).
    [path](hello_atom, std::string& node, caf::actor& remote) {
      auto view = path->cluster->view();
      auto i = view->links.find(node);
      if (i == view->links.end() || !remote)
        return false;
      caf::anon_send(i->second, hello_atom_v, std::move(remote));
      return true;
    },
    // An admitted call for a scope this node owns (or owned: its scope
    // actor hands it on if not any more).
    [self, path, not_serving](call_atom,
                              api_call& call) -> caf::result<api_result> {
      if (path->server_lock.load() == server_lock_state::taken)
        return server_lock_taken();
      if (!path->cluster->serving())
        return not_serving();
      path->scopes.with(call.scope_id,
                        [&](request_path::scope_directory::entry& e) {
                          self->delegate(e.actor, call_atom_v, std::move(call));
                        });
      return caf::delegated<api_result>{};
    },
  };
}

} // namespace

caf::actor spawn_ingress(caf::actor_system& sys,
                         std::shared_ptr<request_path> path) {
  return sys.spawn(ingress, std::move(path));
}

} // namespace purse
