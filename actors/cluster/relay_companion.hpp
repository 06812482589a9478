// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// An actor handle whose "mailbox" hands each message to a function on the
// thread that delivers it: what the cluster's doors and wires give as the
// sender of the calls they pass on, so that an answer goes on without a
// thread hand-off. It is hidden (the actor system does not wait for it at
// shutdown) and ends with this object; answers that arrive later are
// dropped.

#include <functional>

#include <caf/actor_system.hpp>
#include <caf/fwd.hpp>
#include <caf/mailbox_element.hpp>

namespace purse {

class relay_companion {
public:
  using handler = std::function<void(caf::mailbox_element_ptr)>;

  /// `relay` must not own this object: it runs under the companion's lock,
  /// which the end of this object takes.
  relay_companion(caf::actor_system& sys, handler relay);

  ~relay_companion();
  relay_companion(const relay_companion&) = delete;
  relay_companion& operator=(const relay_companion&) = delete;

  /// The handle to give as a message's sender.
  const caf::strong_actor_ptr& handle() const {
    return handle_;
  }

private:
  caf::actor_system& sys_;
  caf::strong_actor_ptr handle_;
};

} // namespace purse
