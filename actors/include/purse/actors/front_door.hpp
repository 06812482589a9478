// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Where a front end hands in calls made with an API key. It finds (or
// spawns) the key's actor and queues the call there as a request of the
// front end's own reply port, so the answer comes straight back to the
// front end from whichever actor gives it.

#include <memory>
#include <optional>
#include <string>

#include <caf/actor_addr.hpp>
#include <caf/message_id.hpp>

#include "purse/actors/api_call.hpp"
#include "purse/actors/metrics.hpp"

namespace purse {

class request_path;

/// Entry of the domain for keyed calls.
class front_door {
public:
  explicit front_door(std::shared_ptr<request_path> path);

  /// Sends `call`, presented with a key (lookup id, SHA-256 of the whole
  /// token), to the key's actor (in a cluster: on the key's owner, through
  /// the link to it) as message `mid` of `reply_to`, which then
  /// receives an api_result (or a caf::error). A call whose client address
  /// or lookup id failed to authenticate too often, and whose key is not in
  /// memory, goes to the key checker first (request_path::held_for_check).
  /// Returns an immediate answer instead when the call is refused before
  /// that (a cluster node that cannot serve it now; another server took
  /// this one's lock on the database).
  std::optional<api_result>
  submit(const std::string& lookup_id, std::string secret_hash, api_call call,
         caf::strong_actor_ptr reply_to, caf::message_id mid);

  /// Whether this node can serve: its LISTEN connection to the database is
  /// up (the database is reachable, and cached authentication can be
  /// trusted), it holds its lock on the database (no other server alone
  /// serves it) and its placement says ready (in a cluster: a live member
  /// whose view the others have read). Load balancers ask it through GET
  /// /readyz.
  bool ready() const;

  /// The domain's numbers for operators (GET /metrics): actors alive,
  /// the persistence workers' load, 429s, group-commit batch sizes.
  domain_metrics metrics() const;

private:
  std::shared_ptr<request_path> path_;
};

} // namespace purse
