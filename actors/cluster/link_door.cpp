// SPDX-License-Identifier: GPL-2.0-or-later
#include "link_door.hpp"

#include <utility>
#include <vector>

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

std::shared_ptr<link_door> link_door::make(caf::actor_system& sys,
                                           clock::duration forget_after) {
  std::shared_ptr<link_door> door{new link_door(sys, forget_after)};
  // The member may answer after the door is gone (its companion is in the
  // actor registry until it ends): such answers are dropped.
  companion_of(door->companion_)
    ->on_enqueue(
      [weak = std::weak_ptr<link_door>{door}](caf::mailbox_element_ptr ptr) {
        if (auto self = weak.lock())
          self->relay(std::move(ptr));
      });
  return door;
}

link_door::link_door(caf::actor_system& sys, clock::duration forget_after)
  : sys_(sys), forget_after_(forget_after) {
  // Hidden: the actor system does not wait for it at shutdown.
  companion_ = caf::actor_cast<caf::strong_actor_ptr>(
    sys.spawn<caf::actor_companion, caf::hidden>());
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
  {
    auto now = clock::now();
    std::lock_guard<std::mutex> guard{mtx_};
    if (!remote_)
      return false;
    // Calls that never got an answer: their askers were answered on their
    // own deadline long ago.
    while (!calls_.empty() && calls_.begin()->second.sent + forget_after_ < now)
      calls_.erase(calls_.begin());
    id = next_id_++ & caf::message_id::request_id_mask;
    calls_.emplace(id, in_flight{reply_to, mid, now});
    to = remote_;
  }
  caf::actor_cast<caf::abstract_actor*>(to)->enqueue(
    caf::make_mailbox_element(companion_, caf::make_message_id(id), {},
                              call_atom_v, std::move(lookup_id),
                              std::move(hash), std::move(call)),
    nullptr);
  return true;
}

void link_door::relay(caf::mailbox_element_ptr ptr) {
  if (!ptr || !ptr->mid.is_response())
    return;
  in_flight call;
  {
    std::lock_guard<std::mutex> guard{mtx_};
    auto i = calls_.find(ptr->mid.request_id().integer_value());
    if (i == calls_.end())
      return; // answered already (the member went away first)
    call = std::move(i->second);
    calls_.erase(i);
  }
  // The member's ingress always answers with an api_result; an error comes
  // from the connection to it (the call could not be delivered, or it went
  // while the call was out).
  if (ptr->content().match_elements<api_result>())
    answer(call.reply_to, call.mid, ptr->move_content_to_message());
  else
    answer(call.reply_to, call.mid, member_went_away());
}

void link_door::open(owner_actor remote) {
  std::lock_guard<std::mutex> guard{mtx_};
  remote_ = std::move(remote);
}

void link_door::close() {
  std::lock_guard<std::mutex> guard{mtx_};
  remote_ = nullptr;
}

void link_door::fail(const api_result& why) {
  std::map<std::uint64_t, in_flight> calls;
  {
    std::lock_guard<std::mutex> guard{mtx_};
    remote_ = nullptr;
    calls.swap(calls_);
  }
  for (auto& kv : calls)
    answer(kv.second.reply_to, kv.second.mid, why);
}

bool link_door::idle() const {
  std::lock_guard<std::mutex> guard{mtx_};
  return calls_.empty();
}

} // namespace purse
