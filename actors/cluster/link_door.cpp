// SPDX-License-Identifier: GPL-2.0-or-later
#include "link_door.hpp"

#include <cstdint>
#include <map>
#include <mutex>
#include <utility>

#include <caf/actor_cast.hpp>
#include <caf/actor_companion.hpp>
#include <caf/scoped_execution_unit.hpp>

#include "purse/actors/atoms.hpp"

namespace purse {

namespace {

caf::actor_companion* companion_of(const caf::strong_actor_ptr& ptr) {
  return static_cast<caf::actor_companion*>(
    caf::actor_cast<caf::abstract_actor*>(ptr));
}

/// Delivers `content` to `to` as the response to `mid`.
template <class... Ts>
void answer(const caf::strong_actor_ptr& to, caf::message_id mid,
            Ts&&... content) {
  if (to)
    to->enqueue(caf::make_mailbox_element(nullptr, mid.response_id(), {},
                                          std::forward<Ts>(content)...),
                nullptr);
}

} // namespace

api_result member_went_away() {
  return placement_unavailable(
    "The cluster node that served this request went away before it "
    "answered; retry (a write may have been applied: retry it with its "
    "Idempotency-Key)");
}

struct link_door::calls {
  struct in_flight {
    caf::strong_actor_ptr reply_to;
    caf::message_id mid;
    clock::time_point sent;
  };

  explicit calls(clock::duration forget) : forget_after(forget) {
    // nop
  }

  clock::duration forget_after;
  mutable std::mutex mtx;
  owner_actor remote;
  std::uint64_t next_id = 1;
  /// By this door's request id, which grows with time.
  std::map<std::uint64_t, in_flight> waiting;

  /// Registers a call for `remote` (false: the door is shut); its id.
  bool take(const caf::strong_actor_ptr& reply_to, caf::message_id mid,
            owner_actor& to, std::uint64_t& id) {
    auto now = clock::now();
    std::lock_guard<std::mutex> guard{mtx};
    if (!remote)
      return false;
    // Calls that never got an answer: their askers were answered on their
    // own deadline long ago.
    while (!waiting.empty()
           && waiting.begin()->second.sent + forget_after < now)
      waiting.erase(waiting.begin());
    id = next_id++ & caf::message_id::request_id_mask;
    waiting.emplace(id, in_flight{reply_to, mid, now});
    to = remote;
    return true;
  }

  /// An answer from the member (on the thread that delivers it).
  void relay(caf::mailbox_element_ptr ptr) {
    if (!ptr || !ptr->mid.is_response())
      return;
    in_flight call;
    {
      std::lock_guard<std::mutex> guard{mtx};
      auto i = waiting.find(ptr->mid.request_id().integer_value());
      if (i == waiting.end())
        return; // answered already (the member went away first)
      call = std::move(i->second);
      waiting.erase(i);
    }
    // The member's ingress always answers with an api_result; an error
    // comes from the connection to it (the call could not be delivered, or
    // it went while the call was out).
    if (ptr->content().match_elements<api_result>())
      answer(call.reply_to, call.mid, ptr->move_content_to_message());
    else
      answer(call.reply_to, call.mid, member_went_away());
  }
};

link_door::link_door(caf::actor_system& sys, clock::duration forget_after)
  : sys_(sys), calls_(std::make_shared<calls>(forget_after)) {
  // Hidden: the actor system does not wait for it at shutdown. The member
  // may answer after the door is gone (the companion is in the actor
  // registry until it ends): such answers are dropped.
  companion_ = caf::actor_cast<caf::strong_actor_ptr>(
    sys.spawn<caf::actor_companion, caf::hidden>());
  companion_of(companion_)
    ->on_enqueue(
      [weak = std::weak_ptr<calls>{calls_}](caf::mailbox_element_ptr ptr) {
        if (auto in_flight = weak.lock())
          in_flight->relay(std::move(ptr));
      });
}

link_door::~link_door() {
  auto companion = companion_of(companion_);
  companion->on_enqueue([](caf::mailbox_element_ptr) {});
  caf::scoped_execution_unit context{&sys_};
  companion->cleanup(caf::exit_reason::user_shutdown, &context);
}

bool link_door::send_call(const caf::strong_actor_ptr& reply_to,
                          caf::message_id mid, std::string& lookup_id,
                          std::string& hash, api_call& call) {
  owner_actor to;
  std::uint64_t id = 0;
  if (!calls_->take(reply_to, mid, to, id))
    return false;
  caf::actor_cast<caf::abstract_actor*>(to)->enqueue(
    caf::make_mailbox_element(companion_, caf::make_message_id(id), {},
                              call_atom_v, std::move(lookup_id),
                              std::move(hash), std::move(call)),
    nullptr);
  return true;
}

void link_door::open(owner_actor remote) {
  std::lock_guard<std::mutex> guard{calls_->mtx};
  calls_->remote = std::move(remote);
}

void link_door::close() {
  std::lock_guard<std::mutex> guard{calls_->mtx};
  calls_->remote = nullptr;
}

void link_door::fail(const api_result& why) {
  std::map<std::uint64_t, calls::in_flight> failed;
  {
    std::lock_guard<std::mutex> guard{calls_->mtx};
    calls_->remote = nullptr;
    failed.swap(calls_->waiting);
  }
  for (auto& kv : failed)
    answer(kv.second.reply_to, kv.second.mid, why);
}

bool link_door::idle() const {
  std::lock_guard<std::mutex> guard{calls_->mtx};
  return calls_->waiting.empty();
}

} // namespace purse
