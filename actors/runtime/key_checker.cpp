// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/key_checker.hpp"

#include <algorithm>
#include <unordered_set>
#include <vector>

#include "db_task.hpp"
#include "purse/actors/key_rules.hpp"
#include "purse/actors/timestamp.hpp"
#include "request_path.hpp"

namespace purse {

namespace {

using self_ptr = key_checker_actor::stateful_pointer<key_checker_state>;

void schedule(self_ptr self);

/// One statement: which of `lookup_ids` exist.
db_task lookup_task(std::vector<std::string> lookup_ids,
                    std::shared_ptr<std::unordered_set<std::string>> found) {
  return db_task{[ids = std::move(lookup_ids), found](persistence::store& st) {
    st.query([&](persistence::session& s) {
      for (auto& id : s.existing_lookup_ids(ids))
        found->insert(std::move(id));
    });
    return db_outcome{};
  }};
}

/// Sends each call on to its key's actor when its lookup id exists (the
/// actor checks the secret and keeps the key in memory, so later calls
/// with it, right or wrong, cost no read); the others are failures.
void answer(self_ptr self, std::vector<held_call>& calls,
            const std::unordered_set<std::string>& found) {
  auto& path = *self->state.path;
  for (auto& h : calls) {
    if (found.count(h.lookup_id) == 0) {
      auto denied = check_credentials(key_state{}, h.secret_hash,
                                      now_seconds());
      h.rp.deliver(path.failed(h.lookup_id, h.call, std::move(*denied)));
      continue;
    }
    path.keys.with(h.lookup_id, [&](request_path::key_directory::entry& e) {
      h.rp.delegate(e.actor, call_atom_v, std::move(h.secret_hash),
                    std::move(h.call));
    });
  }
}

/// Looks up every held lookup id in one statement.
void look_up(self_ptr self) {
  auto& st = self->state;
  auto calls = std::make_shared<std::vector<held_call>>(
    st.held.take(self->clock().now()));
  std::vector<std::string> ids;
  for (auto& h : *calls)
    ids.push_back(h.lookup_id);
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  auto found = std::make_shared<std::unordered_set<std::string>>();
  st.looking_up = calls;
  // Not awaited: calls keep arriving (and are held) meanwhile.
  self
    ->request(st.path->pool->next(), db_operation_timeout, run_atom_v,
              lookup_task(std::move(ids), found))
    .then(
      [self, calls, found](db_outcome& out) {
        self->state.looking_up = nullptr;
        if (out.result.code != errc::ok)
          for (auto& h : *calls)
            h.rp.deliver(out.result);
        else
          answer(self, *calls, *found);
        schedule(self);
      },
      [self, calls](caf::error& err) {
        self->state.looking_up = nullptr;
        auto r = result_from_error(err);
        for (auto& h : *calls)
          h.rp.deliver(r);
        schedule(self);
      });
}

/// Starts the next lookup now if it is due, else sets the timer for it.
void schedule(self_ptr self) {
  auto& st = self->state;
  if (st.looking_up || st.timer_set || st.held.empty())
    return;
  auto now = self->clock().now();
  auto due = st.held.due(now);
  if (due <= now) {
    look_up(self);
    return;
  }
  st.timer_set = true;
  self->delayed_send(self, due - now, check_atom_v);
}

} // namespace

key_checker_actor::behavior_type
key_checker(key_checker_actor::stateful_pointer<key_checker_state> self,
            std::shared_ptr<request_path> path) {
  self->state.path = std::move(path);
  self->set_exit_handler([self](caf::exit_msg& msg) {
    auto r = make_result(errc::unavailable, "null",
                         "The server is shutting down; retry");
    r.retry_after = 1;
    auto& st = self->state;
    if (st.looking_up)
      for (auto& h : *st.looking_up)
        h.rp.deliver(r);
    for (auto& h : st.held.take(self->clock().now()))
      h.rp.deliver(r);
    self->quit(msg.reason);
  });
  return {
    [self](hold_atom, std::string& lookup_id, std::string& hash,
           api_call& call) -> caf::result<api_result> {
      auto& st = self->state;
      auto rp = self->make_response_promise<api_result>();
      auto address = call.client_address;
      if (!st.held.hold(address, held_call{lookup_id, std::move(hash),
                                           std::move(call), rp})) {
        // Only past what a client can have in flight without a proxy.
        st.path->refusals.refused_addresses.fetch_add(
          1, std::memory_order_relaxed);
        rp.deliver(too_many_failures(auth_failures::check_interval.count()));
        return rp;
      }
      schedule(self);
      return rp;
    },
    [self](check_atom) {
      self->state.timer_set = false;
      schedule(self);
    },
  };
}

} // namespace purse
