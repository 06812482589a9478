#include "purse/actors/ingress.hpp"

#include <caf/event_based_actor.hpp>
#include <caf/send.hpp>

#include "purse/actors/cluster.hpp"
#include "purse/actors/request_path.hpp"

namespace purse {

namespace {

caf::behavior ingress(caf::event_based_actor* self,
                      std::shared_ptr<request_path> path) {
  auto not_serving = [] {
    return cluster_unavailable(
      "This cluster node is not a live member right now; retry");
  };
  return {
    // A call presented with a key this node owns: its key actor answers
    // the asking link directly.
    [self, path, not_serving](call_atom, std::string& lookup_id,
                              std::string& hash,
                              api_call& call) -> caf::result<api_result> {
      if (!path->cluster->serving())
        return not_serving();
      if (auto refused = path->refuse_blocked(lookup_id, call))
        return std::move(*refused);
      path->keys.with(lookup_id, [&](request_path::key_directory::entry& e) {
        self->delegate(e.actor, call_atom_v, std::move(hash), std::move(call));
      });
      return caf::delegated<api_result>{};
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
