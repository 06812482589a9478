// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Mail on behalf of another: a request sent in a waiting caller's name, so
// the answer goes straight to the caller, and an answer given for a
// request that arrived by another way than an actor's mailbox (a node's
// call wire, a link's door).

#include <utility>

#include <caf/abstract_actor.hpp>
#include <caf/actor_cast.hpp>
#include <caf/mailbox_element.hpp>
#include <caf/message_id.hpp>

namespace purse {

/// Enqueues `content` at `dest` as request `mid` of `reply_to`: whoever
/// answers it answers `reply_to`.
template <class Dest, class... Ts>
void send_as(const Dest& dest, caf::strong_actor_ptr reply_to,
             caf::message_id mid, Ts&&... content) {
  caf::actor_cast<caf::abstract_actor*>(dest)->enqueue(
    caf::make_mailbox_element(std::move(reply_to), mid, {},
                              std::forward<Ts>(content)...),
    nullptr);
}

/// Delivers `content` to `to` (if any) as the answer to its request `mid`.
template <class... Ts>
void answer_request(const caf::strong_actor_ptr& to, caf::message_id mid,
                    Ts&&... content) {
  if (to)
    to->enqueue(caf::make_mailbox_element(nullptr, mid.response_id(), {},
                                          std::forward<Ts>(content)...),
                nullptr);
}

} // namespace purse
