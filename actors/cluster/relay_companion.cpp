// SPDX-License-Identifier: GPL-2.0-or-later
#include "relay_companion.hpp"

#include <utility>

#include <caf/actor_cast.hpp>
#include <caf/actor_companion.hpp>
#include <caf/scoped_execution_unit.hpp>

namespace purse {

namespace {

caf::actor_companion* companion_of(const caf::strong_actor_ptr& ptr) {
  return static_cast<caf::actor_companion*>(
    caf::actor_cast<caf::abstract_actor*>(ptr));
}

} // namespace

relay_companion::relay_companion(caf::actor_system& sys, handler relay)
  : sys_(sys),
    handle_(caf::actor_cast<caf::strong_actor_ptr>(
      sys.spawn<caf::actor_companion, caf::hidden>())) {
  companion_of(handle_)->on_enqueue(std::move(relay));
}

relay_companion::~relay_companion() {
  auto companion = companion_of(handle_);
  companion->on_enqueue([](caf::mailbox_element_ptr) {});
  caf::scoped_execution_unit context{&sys_};
  companion->cleanup(caf::exit_reason::user_shutdown, &context);
}

} // namespace purse
