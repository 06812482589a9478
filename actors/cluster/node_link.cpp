// SPDX-License-Identifier: GPL-2.0-or-later
#include "node_link.hpp"

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <set>
#include <tuple>

#include <caf/openssl/manager.hpp>
#include <caf/typed_event_based_actor.hpp>

#include "purse/actors/api_call.hpp"
#include "purse/actors/atoms.hpp"
#include "purse/actors/log.hpp"

namespace purse {

namespace {

/// How long one dial may take.
constexpr auto dial_timeout = std::chrono::seconds(5);

/// Pause between dials of a member that did not answer.
constexpr auto redial_delay = std::chrono::milliseconds(500);

/// Longer than the HTTP front waits for any answer (it answers 504 first);
/// only bounds what a member that never answers leaves here.
constexpr auto forward_timeout = std::chrono::seconds(120);

/// How long a call waits for a link that is not up yet (a member that
/// just joined is dialled within a renewal), and how many calls may wait.
constexpr auto link_wait = std::chrono::seconds(2);
constexpr std::size_t max_waiting_calls = 10'000;

/// How long a link whose member left the view waits for the answers to
/// the calls it handed over (a leaving node finishes them within its
/// drain); past it they are answered 503.
constexpr auto retire_grace = std::chrono::seconds(15);

/// How often a retiring link looks whether the calls sent through its
/// door are answered (the door does not tell it).
constexpr auto retire_poll = std::chrono::milliseconds(250);

using link_clock = std::chrono::steady_clock;

/// A call waiting for the link: what sends it, and until when it waits.
struct waiting_call {
  std::uint64_t id;
  link_clock::time_point deadline;
  std::function<void()> send;
};

struct link_state {
  static inline const char* name = "purse.node_link";
  node_link_options opts;
  std::shared_ptr<link_door> door;
  /// This side dials (its id is the smaller one).
  bool dialer = false;
  /// The member's ingress, once linked.
  owner_actor remote;
  bool dialing = false;
  std::uint64_t next_call = 0;
  /// Calls handed to the member (or waiting for the link) and not yet
  /// answered.
  std::map<std::uint64_t, caf::typed_response_promise<api_result>> pending;
  /// Calls waiting for the link to come up, oldest first.
  std::deque<waiting_call> waiting;
  /// The member left the view (stop): no more calls, no more dials; the
  /// link ends once `pending` is empty, or at `retire_by`.
  bool retiring = false;
  link_clock::time_point retire_by;
};

using self_ptr = node_link_actor::stateful_pointer<link_state>;

std::string endpoint(const link_state& st) {
  return st.opts.host + ":" + std::to_string(st.opts.port);
}

void send_waiting(self_ptr self);

/// Asks the member where its call wire is, for the door.
void ask_wire(self_ptr self, const owner_actor& remote) {
  if (!self->state.opts.wires)
    return;
  self
    ->request(caf::actor_cast<ingress_actor>(remote), dial_timeout, wire_atom_v)
    .then(
      [self, remote](std::uint16_t port) {
        auto& st = self->state;
        if (port != 0 && st.remote == remote && !st.retiring)
          st.door->open_wire(st.opts.wires, st.opts.host, port);
      },
      [](caf::error&) {
        // Calls go over the middleman (the member has no wire, or the
        // link went meanwhile and is asked again once it is back).
      });
}

/// Uses `remote` as the member's ingress from now on.
void linked(self_ptr self, owner_actor remote) {
  auto& st = self->state;
  if (st.remote == remote)
    return;
  if (st.remote)
    self->demonitor(st.remote.address());
  st.remote = std::move(remote);
  self->monitor(st.remote);
  if (!st.retiring) {
    st.door->open(st.remote);
    ask_wire(self, st.remote);
  }
  send_waiting(self);
  log_event(log_level::info, "node_linked",
            {{"node", st.opts.node_id}, {"endpoint", endpoint(st)}});
}

void dial_later(self_ptr self) {
  self->delayed_send(self, redial_delay, dial_atom_v);
}

/// Introduces this node's ingress to the member just dialled, until the
/// member's link for this node takes it.
void hello(self_ptr self, ingress_actor remote) {
  auto& st = self->state;
  self
    ->request(remote, dial_timeout, hello_atom_v, tags_atom_v, st.opts.self_id,
              owner_actor{st.opts.self_ingress})
    .then(
      [self, remote](bool taken) {
        if (self->state.remote != owner_actor{remote})
          return; // gone meanwhile
        if (taken)
          log_event(log_level::info, "node_introduced",
                    {{"node", self->state.opts.node_id}});
        else
          self->delayed_send(self, redial_delay, hello_atom_v, remote, true);
      },
      [self, remote](caf::error&) {
        if (self->state.remote == owner_actor{remote})
          self->delayed_send(self, redial_delay, hello_atom_v, remote, true);
      });
}

void dial(self_ptr self) {
  auto& st = self->state;
  if (!st.dialer || st.dialing || st.remote || st.retiring)
    return;
  st.dialing = true;
  auto mm = self->system().openssl_manager().actor_handle();
  self
    ->request(mm, dial_timeout, caf::connect_atom_v, st.opts.host, st.opts.port)
    .then(
      [self](caf::node_id&, caf::strong_actor_ptr& ptr,
             std::set<std::string>&) {
        self->state.dialing = false;
        if (!ptr) {
          dial_later(self);
          return;
        }
        // The member's published ingress (its interface is ours: every
        // node runs this build's cluster code).
        auto remote = caf::actor_cast<ingress_actor>(std::move(ptr));
        linked(self, remote);
        hello(self, remote);
      },
      [self](caf::error& err) {
        auto& st = self->state;
        st.dialing = false;
        log_event_rarely(log_level::warn, "node_link_failed",
                         {{"node", st.opts.node_id},
                          {"endpoint", endpoint(st)},
                          {"error", self->system().render(err)}});
        dial_later(self);
      });
}

/// Answers a forwarded call (once: the member going away answers them
/// all first).
void answer(self_ptr self, std::uint64_t id, api_result r) {
  auto& st = self->state;
  auto i = st.pending.find(id);
  if (i == st.pending.end())
    return;
  i->second.deliver(std::move(r));
  st.pending.erase(i);
  if (st.retiring && st.pending.empty() && st.door->idle())
    self->quit();
}

/// Hands a call to the member, or queues it until the link is up; the
/// answer comes back here.
template <class... Ts>
caf::result<api_result> forward(self_ptr self, Ts&&... xs) {
  auto& st = self->state;
  if (st.retiring || (!st.remote && st.waiting.size() >= max_waiting_calls))
    return placement_unavailable(
      "The cluster node that serves this request is not reachable yet; "
      "retry");
  auto rp = self->make_response_promise<api_result>();
  auto id = st.next_call++;
  st.pending.emplace(id, rp);
  std::function<void()> send
    = [self, id, args = std::make_tuple(std::forward<Ts>(xs)...)]() mutable {
        std::apply(
          [&](auto&... x) {
            self->request(self->state.remote, forward_timeout, std::move(x)...)
              .then(
                [self, id](api_result& r) {
                  answer(self, id, std::move(r));
                },
                [self, id](caf::error& err) {
                  answer(self, id, result_from_error(err));
                });
          },
          args);
      };
  if (st.remote) {
    send();
  } else {
    if (st.waiting.empty())
      self->delayed_send(self, link_wait, timeout_atom_v);
    st.waiting.push_back({id, link_clock::now() + link_wait, std::move(send)});
    dial(self);
  }
  return rp;
}

/// Sends the calls that waited for the link (it is up now).
void send_waiting(self_ptr self) {
  auto waiting = std::move(self->state.waiting);
  self->state.waiting.clear();
  for (auto& w : waiting)
    w.send();
}

/// Answers the calls that waited too long for the link.
void expire_waiting(self_ptr self) {
  auto& st = self->state;
  auto now = link_clock::now();
  while (!st.waiting.empty() && st.waiting.front().deadline <= now) {
    answer(self, st.waiting.front().id,
           placement_unavailable("The cluster node that serves this request is "
                                 "not reachable yet; retry"));
    st.waiting.pop_front();
  }
  if (!st.waiting.empty())
    self->delayed_send(self, st.waiting.front().deadline - now, timeout_atom_v);
}

/// What was in flight at the member, through this actor or the door, has
/// no answer coming: say so now.
void fail_pending(self_ptr self) {
  auto& st = self->state;
  auto why = member_went_away();
  st.door->fail(why);
  for (auto& [id, rp] : st.pending)
    rp.deliver(why);
  st.pending.clear();
  st.waiting.clear();
}

node_link_actor::behavior_type link(self_ptr self, node_link_options opts,
                                    std::shared_ptr<link_door> door) {
  auto& st = self->state;
  st.opts = std::move(opts);
  st.door = std::move(door);
  st.dialer = st.opts.self_id < st.opts.node_id;
  self->set_down_handler([self](caf::down_msg& msg) {
    auto& st = self->state;
    if (msg.source != st.remote.address())
      return;
    st.remote = nullptr;
    log_event(log_level::warn, "node_unlinked", {{"node", st.opts.node_id}});
    fail_pending(self);
    if (st.retiring)
      self->quit();
    else
      dial_later(self);
  });
  self->set_exit_handler([self](caf::exit_msg& msg) {
    fail_pending(self);
    self->quit(msg.reason);
  });
  dial(self);
  return {
    // A joiner asks for a key's windows: at once, or once the link is up
    // (a joiner's links come up within a renewal); past link_wait the
    // asker's own timeout answers it.
    [self](handover_atom, std::string& lookup_id,
           std::string& to) -> caf::result<key_windows> {
      auto& st = self->state;
      if (!st.remote && st.waiting.size() >= max_waiting_calls)
        return caf::make_error(caf::sec::request_receiver_down);
      auto rp = self->make_response_promise<key_windows>();
      std::function<void()> send = [self, rp, lookup_id = std::move(lookup_id),
                                    to = std::move(to)]() mutable {
        rp.delegate(self->state.remote, handover_atom_v, std::move(lookup_id),
                    std::move(to));
      };
      if (st.remote) {
        send();
        return rp;
      }
      if (st.waiting.empty())
        self->delayed_send(self, link_wait, timeout_atom_v);
      st.waiting.push_back(
        {st.next_call++, link_clock::now() + link_wait, std::move(send)});
      dial(self);
      return rp;
    },
    [self](epoch_atom) -> caf::result<std::int64_t> {
      auto& st = self->state;
      if (!st.remote)
        return caf::make_error(caf::sec::request_receiver_down);
      auto rp = self->make_response_promise<std::int64_t>();
      rp.delegate(caf::actor_cast<ingress_actor>(st.remote), epoch_atom_v);
      return rp;
    },
    [self](call_atom, std::string& lookup_id, std::string& hash,
           api_call& call) -> caf::result<api_result> {
      return forward(self, call_atom_v, std::move(lookup_id), std::move(hash),
                     std::move(call));
    },
    [self](call_atom, api_call& call) -> caf::result<api_result> {
      return forward(self, call_atom_v, std::move(call));
    },
    // A key's windows: sent when the link is up (a member that just
    // joined is dialled now); lost if it does not come up in time, and the
    // member starts the key's windows afresh (the bound of a death).
    [self](windows_atom, std::string& lookup_id, key_windows& w) {
      auto& st = self->state;
      std::function<void()> send = [self, lookup_id = std::move(lookup_id),
                                    w = std::move(w)]() mutable {
        self->send(self->state.remote, windows_atom_v, std::move(lookup_id),
                   std::move(w));
      };
      if (st.remote) {
        send();
        return;
      }
      if (st.waiting.size() >= max_waiting_calls)
        return;
      if (st.waiting.empty())
        self->delayed_send(self, link_wait, timeout_atom_v);
      // Nothing waits for an answer: expiring it answers nobody.
      st.waiting.push_back(
        {st.next_call++, link_clock::now() + link_wait, std::move(send)});
      dial(self);
    },
    // The member dialled this node (it has the smaller id).
    [self](hello_atom, owner_actor& remote) {
      if (!self->state.dialer && remote)
        linked(self, std::move(remote));
    },
    // Introduce this node again (the member's link was not there yet).
    [self](hello_atom, ingress_actor& remote, bool) {
      if (self->state.remote == owner_actor{remote})
        hello(self, remote);
    },
    [self](dial_atom) {
      dial(self);
    },
    [self](timeout_atom) {
      auto& st = self->state;
      if (st.retiring) {
        if (link_clock::now() >= st.retire_by) {
          fail_pending(self);
          self->quit();
        } else if (st.pending.empty() && st.door->idle()) {
          self->quit();
        } else {
          self->delayed_send(self, retire_poll, timeout_atom_v);
        }
        return;
      }
      expire_waiting(self);
    },
    // The member left the view: what it was handed, it still answers (a
    // leaving node finishes its calls); what waited for the link was never
    // sent and is answered now.
    [self](stop_atom) {
      auto& st = self->state;
      if (st.retiring)
        return;
      st.retiring = true;
      st.door->close();
      auto waiting = std::move(st.waiting);
      st.waiting.clear();
      for (auto& w : waiting)
        answer(self, w.id,
               placement_unavailable("The cluster node that serves this "
                                     "request is not reachable yet; retry"));
      if (st.pending.empty() && st.door->idle()) {
        self->quit();
        return;
      }
      st.retire_by = link_clock::now() + retire_grace;
      self->delayed_send(self, retire_poll, timeout_atom_v);
    },
  };
}

} // namespace

node_link spawn_node_link(caf::actor_system& sys, node_link_options opts) {
  auto door = std::make_shared<link_door>(sys, forward_timeout);
  return {sys.spawn(link, std::move(opts), door), door};
}

} // namespace purse
