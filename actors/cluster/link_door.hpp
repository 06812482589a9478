// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The straight way to another member (placement.hpp, owner_door): while
// the link to the member is up, a call goes from the sending thread to the
// member, and the member's answer comes back to this door, which hands it
// on to the asker on the thread that delivered it. A call goes over the
// member's wire (wire.hpp) while that is up, else to the member's ingress
// over the middleman. The door keeps each call until its answer, so that
// the link (node_link.hpp) can answer them all 503 at once when the member
// goes away; a wire that breaks answers its own calls so.

#include <chrono>
#include <memory>

#include <caf/actor_system.hpp>

#include "purse/actors/placement.hpp"
#include "relay_companion.hpp"
#include "wire.hpp"

namespace purse {

/// The 503 for a call whose member went away before it answered.
api_result member_went_away();

class link_door final : public owner_door {
public:
  using clock = std::chrono::steady_clock;

  /// A door that is shut until open(); `forget_after` bounds how long a
  /// call that never gets an answer is kept (the HTTP front has answered
  /// it by then).
  link_door(caf::actor_system& sys, clock::duration forget_after);

  ~link_door() override;
  link_door(const link_door&) = delete;
  link_door& operator=(const link_door&) = delete;

  sent send_call(const caf::strong_actor_ptr& reply_to, caf::message_id mid,
                 std::string& lookup_id, std::string& hash,
                 api_call& call) override;

  sent send_admitted(const caf::strong_actor_ptr& reply_to, caf::message_id mid,
                     api_call& call) override;

  /// The link is up: calls go to the member's ingress `remote`.
  void open(owner_actor remote);

  /// The member's call listener is at `host`:`port`: the door dials it
  /// (again after a pause whenever the wire breaks, while the door is
  /// open), and calls go over the wire while it is up.
  void open_wire(std::shared_ptr<wire_context> ctx, std::string host,
                 std::uint16_t port);

  /// No more calls go this way (the member left the view); those in
  /// flight still get the member's answers.
  void close();

  /// The member went away: no more calls go this way, and each call in
  /// flight is answered `why` now (its late answer, if any, is dropped).
  void fail(const api_result& why);

  /// Whether calls sent this way still wait for their answers.
  bool idle() const;

  /// The calls in flight and where they go (link_door.cpp). The
  /// companion's handler holds it weakly, never the door: the door's end
  /// takes the companion's lock, which its handler runs under.
  struct calls;

private:
  std::shared_ptr<calls> calls_;
  /// What the member's ingress answers: a companion whose "mailbox"
  /// relays each answer to its asker.
  relay_companion companion_;
};

} // namespace purse
