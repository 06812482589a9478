// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// State and behavior of the key checker (interface: key_checker_actor.hpp).

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include <caf/stateful_actor.hpp>
#include <caf/typed_event_based_actor.hpp>
#include <caf/typed_response_promise.hpp>

#include "purse/actors/auth_failures.hpp"
#include "purse/actors/held_checks.hpp"
#include "purse/actors/key_checker_actor.hpp"

namespace purse {

class request_path;

/// Calls one blocked client address may have waiting for the key checker:
/// twice what a client may have in flight without a proxy (one request at
/// a time per connection, --max-connections-per-address connections: 256
/// by default), so only a client behind a trusted proxy can reach it.
constexpr std::size_t max_held_per_address = 512;

/// Calls all blocked clients may have waiting: twice the default
/// --max-connections (8,192). It bounds the memory and the size of the one
/// statement (16,384 lookup ids: about 200 kB of parameter).
constexpr std::size_t max_held_calls = 16'384;

/// One call waiting for its key to be looked up.
struct held_call {
  std::string lookup_id;
  std::string secret_hash;
  api_call call;
  caf::typed_response_promise<api_result> rp;
};

/// State of the key checker.
struct key_checker_state {
  static inline const char* name = "purse.key_checker";
  std::shared_ptr<request_path> path;
  held_checks<held_call> held{max_held_per_address, max_held_calls,
                              auth_failures::check_interval};
  /// The calls whose lookup is in the database now (null: none is).
  std::shared_ptr<std::vector<held_call>> looking_up;
  /// A check_atom is on its way (the next lookup is due later).
  bool timer_set = false;
};

/// Behavior of the key checker.
key_checker_actor::behavior_type
key_checker(key_checker_actor::stateful_pointer<key_checker_state> self,
            std::shared_ptr<request_path> path);

} // namespace purse
