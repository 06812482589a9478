// SPDX-License-Identifier: GPL-2.0-or-later
#include "membership.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include <caf/typed_event_based_actor.hpp>

#include "node_link.hpp"
#include "purse/actors/atoms.hpp"
#include "purse/actors/log.hpp"
#include "purse/persistence/store.hpp"
#include "request_path.hpp"

namespace purse {

namespace {

/// A link to another member and the endpoint it dials.
struct member_link {
  std::string endpoint;
  node_link link;
};

struct membership_state {
  static inline const char* name = "purse.membership";
  cluster_options opts;
  std::unique_ptr<persistence::store> store;
  std::shared_ptr<cluster_state> cluster;
  ingress_actor ingress;
  std::shared_ptr<request_path> path;
  /// Where the links dial the members' call wires (null: none).
  std::shared_ptr<wire_context> wires;
  std::map<std::string, member_link> links;
  /// The view last published (-1: none yet).
  std::int64_t epoch = -1;
  bool serving = false;
  /// The node has published a view that holds it (it is ready once the
  /// other members serve under that view too).
  bool joined = false;
  /// Every other member served under this node's view (or a newer one):
  /// /readyz says 200 from then on.
  bool ready = false;
  /// The last round of asking the members (answers of older rounds are
  /// ignored).
  std::uint64_t agreement_round = 0;
  bool left = false;
  /// When a refresh was last asked for (refresh_atom).
  cluster_state::clock::time_point refreshed_at;
};

/// Refreshes asked for within this of the last one are answered at once.
constexpr auto refresh_spacing = std::chrono::milliseconds(100);

/// How long a member may take to say which view it serves under.
constexpr auto agreement_timeout = std::chrono::seconds(1);

using self_ptr = membership_node_actor::stateful_pointer<membership_state>;

void become_ready(self_ptr self) {
  auto& st = self->state;
  st.ready = true;
  st.cluster->ready_from(cluster_state::clock::now());
  log_event(log_level::info, "cluster_ready",
            {{"node", st.opts.node_id},
             {"epoch", std::to_string(st.epoch), true}});
}

/// Asks every other member which view it serves under; once all serve
/// under this node's current view or a newer one, they agree with this
/// node on the owner of every key and scope, and the node is ready. A
/// member that does not answer (its link is not up yet, it is gone) keeps
/// the node unready until a later round, after a renewal.
void check_agreement(self_ptr self) {
  auto& st = self->state;
  auto round = ++st.agreement_round;
  auto expected = st.epoch;
  auto others = st.links.size();
  if (others == 0) {
    become_ready(self);
    return;
  }
  auto agreed = std::make_shared<std::size_t>(0);
  for (auto& kv : st.links)
    self->request(kv.second.link.actor, agreement_timeout, epoch_atom_v)
      .then(
        [self, round, expected, agreed, others](std::int64_t epoch) {
          auto& st = self->state;
          if (st.ready || round != st.agreement_round || epoch < expected)
            return;
          if (++*agreed == others)
            become_ready(self);
        },
        [](caf::error&) {
          // Not this round.
        });
}

std::vector<std::string> split_members(const std::string& text) {
  std::vector<std::string> out;
  std::size_t from = 0;
  while (from < text.size()) {
    auto comma = text.find(',', from);
    if (comma == std::string::npos)
      comma = text.size();
    if (comma > from)
      out.push_back(text.substr(from, comma - from));
    from = comma + 1;
  }
  return out;
}

/// Keeps one link per other live member, dialling its current endpoint.
void update_links(
  self_ptr self,
  const std::vector<std::pair<std::string, std::string>>& endpoints) {
  auto& st = self->state;
  std::map<std::string, member_link> next;
  for (auto& [node, endpoint] : endpoints) {
    if (node == st.opts.node_id)
      continue;
    auto i = st.links.find(node);
    if (i != st.links.end() && i->second.endpoint == endpoint) {
      next.emplace(node, std::move(i->second));
      st.links.erase(i);
      continue;
    }
    std::string host;
    std::uint16_t port = 0;
    if (!split_endpoint(endpoint, host, port))
      continue;
    node_link_options link{st.opts.node_id, st.ingress, node, host, port,
                           st.wires};
    next.emplace(node, member_link{endpoint, spawn_node_link(self->system(),
                                                             std::move(link))});
  }
  // Members that are gone (or moved): their links take no more calls and
  // end once the member answered those it has (a leaving node finishes
  // them), its connection went, or their grace ran out.
  for (auto& kv : st.links)
    self->send(kv.second.link.actor, stop_atom_v);
  st.links = std::move(next);
}

/// Renews the lease (unless left), reads the view and publishes it.
/// Returns false when the database could not be asked.
bool refresh(self_ptr self) {
  auto& st = self->state;
  auto& cluster = *st.cluster;
  if (!st.left) {
    auto started = cluster_state::clock::now();
    try {
      st.store->query([&](persistence::session& s) {
        s.renew_membership(st.opts.node_id, st.opts.advertise,
                           st.opts.lease.count());
      });
    } catch (const std::exception& e) {
      log_event_rarely(log_level::warn, "cluster_renew_failed",
                       {{"node", st.opts.node_id}, {"error", e.what()}});
      return false;
    }
    // The lease runs from no earlier than `started`.
    cluster.serve_until(started + st.opts.lease - st.opts.serve_margin());
    if (!st.serving)
      log_event(log_level::info, "cluster_serving",
                {{"node", st.opts.node_id}});
    st.serving = true;
  }
  persistence::cluster_view_row view;
  std::vector<std::pair<std::string, std::string>> endpoints;
  try {
    st.store->query([&](persistence::session& s) {
      view = s.cluster_view();
      endpoints = s.cluster_endpoints();
    });
  } catch (const std::exception& e) {
    log_event_rarely(log_level::warn, "cluster_view_failed",
                     {{"node", st.opts.node_id}, {"error", e.what()}});
    return false;
  }
  auto v = std::make_shared<cluster_view>();
  v->epoch = view.epoch;
  v->members = split_members(view.members);
  if (st.left)
    v->members.erase(std::remove(v->members.begin(), v->members.end(),
                                 st.opts.node_id),
                     v->members.end());
  update_links(self, endpoints);
  for (auto& [node, member] : st.links)
    v->links.emplace(node, cluster_link{member.link.actor, member.link.door});
  auto changed = v->epoch != st.epoch;
  st.epoch = v->epoch;
  cluster.publish(v);
  if (!st.joined
      && std::find(v->members.begin(), v->members.end(), st.opts.node_id)
           != v->members.end()) {
    // Every other member reads the view at its next renewal: until then
    // one of them may still give this node's keys to another node. Ready
    // once they all say they serve under it (check_agreement).
    st.joined = true;
    cluster.joined_at(cluster_state::clock::now());
    log_event(log_level::info, "cluster_joined",
              {{"node", st.opts.node_id},
               {"epoch", std::to_string(v->epoch), true}});
  }
  if (changed) {
    st.path->retire_unowned();
    log_event(log_level::info, "cluster_view",
              {{"node", st.opts.node_id},
               {"epoch", std::to_string(v->epoch), true},
               {"members", view.members}});
  }
  return true;
}

/// The renewal timer: renew, and say when the node stopped serving.
void tick(self_ptr self) {
  auto& st = self->state;
  if (st.left)
    return;
  auto refreshed = refresh(self);
  if (refreshed && st.joined && !st.ready && !st.left)
    check_agreement(self);
  if (!refreshed && st.serving
      && !st.cluster->serving(cluster_state::clock::now())) {
    st.serving = false;
    log_event(log_level::error, "cluster_not_serving",
              {{"node", st.opts.node_id},
               {"reason", "the membership could not be renewed in time"}});
  }
  self->delayed_send(self, st.opts.renew_interval, renew_atom_v);
}

membership_node_actor::behavior_type
membership(self_ptr self, cluster_options opts, std::string database_url,
           std::shared_ptr<cluster_state> cluster, ingress_actor ingress,
           std::shared_ptr<request_path> path,
           std::shared_ptr<wire_context> wires) {
  auto& st = self->state;
  st.wires = std::move(wires);
  st.opts = std::move(opts);
  st.cluster = std::move(cluster);
  st.ingress = std::move(ingress);
  st.path = std::move(path);
  st.store = std::make_unique<persistence::store>(
    persistence::store_options{std::move(database_url), 1});
  self->delayed_send(self, st.opts.renew_interval, renew_atom_v);
  self->set_exit_handler([self](caf::exit_msg& msg) {
    for (auto& kv : self->state.links)
      self->send_exit(kv.second.link.actor, msg.reason);
    self->state.links.clear();
    self->quit(msg.reason);
  });
  return {
    [self](renew_atom) {
      tick(self);
    },
    // Read the view again unless one newer than `known` is here already.
    // Without `force` (calls that bounced between nodes), a view read
    // within refresh_spacing that found nothing newer is trusted.
    [self](refresh_atom, std::int64_t known, bool force) {
      auto& st = self->state;
      if (st.epoch > known)
        return;
      auto now = cluster_state::clock::now();
      if (!force && now - st.refreshed_at < refresh_spacing)
        return;
      st.refreshed_at = now;
      refresh(self);
    },
    [self](leave_atom) {
      auto& st = self->state;
      if (st.left)
        return;
      st.left = true;
      try {
        st.store->query([&](persistence::session& s) {
          s.leave_cluster(st.opts.node_id);
        });
        log_event(log_level::info, "cluster_left", {{"node", st.opts.node_id}});
      } catch (const std::exception& e) {
        log_event(log_level::warn, "cluster_leave_failed",
                  {{"node", st.opts.node_id}, {"error", e.what()}});
      }
      refresh(self);
      // A node that left owns nothing: from now on it only hands calls to
      // their owners, which needs no lease, until it exits.
      st.cluster->serve_until(cluster_state::clock::now()
                              + std::chrono::hours(1));
    },
  };
}

} // namespace

membership_node_actor
spawn_membership(caf::actor_system& sys, cluster_options opts,
                 std::string database_url,
                 std::shared_ptr<cluster_state> cluster, ingress_actor ingress,
                 std::shared_ptr<request_path> path,
                 std::shared_ptr<wire_context> wires) {
  // Its own thread: a renewal blocks on the database, never a request.
  return sys.spawn<caf::detached>(membership, std::move(opts),
                                  std::move(database_url), std::move(cluster),
                                  std::move(ingress), std::move(path),
                                  std::move(wires));
}

} // namespace purse
