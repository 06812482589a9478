// SPDX-License-Identifier: GPL-2.0-or-later
#include "scope.hpp"

#include <caf/exit_reason.hpp>

#include "call_rules.hpp"
#include "idempotency.hpp"
#include "purse/actors/field_errors.hpp"
#include "purse/actors/json.hpp"
#include "purse/actors/log.hpp"
#include "purse/actors/user_settings.hpp"
#include "resource.hpp"

namespace purse {

namespace {

using self_ptr = scope_actor::stateful_pointer<scope_state>;
using ticket = std::uint64_t;

/// Adds a committed write's count changes (publish() makes them visible).
void apply(self_ptr self, const db_outcome& o) {
  auto& st = self->state;
  for (auto& [key, delta] : o.count_deltas)
    st.counts[key] += delta;
}

/// Publishes the counts for key actors; done before a write is answered,
/// so the caller's next read sees them.
void publish(self_ptr self) {
  auto& st = self->state;
  if (st.loaded)
    st.shared->publish(st.counts);
}

/// The counts can no longer be trusted (a write's fate is unknown): reads
/// count in the database until the next load.
void distrust_counts(self_ptr self) {
  self->state.loaded = false;
  self->state.shared->invalidate();
  self->state.shared->reports.drop_all();
}

/// Answers a pending call (once; a failed actor may have answered it).
void finish(self_ptr self, ticket t, api_result r) {
  auto& st = self->state;
  auto i = st.pending.find(t);
  if (i == st.pending.end())
    return;
  r.rate = i->second.rate;
  i->second.promise.deliver(std::move(r));
  st.pending.erase(i);
  st.calls.erase(t);
  if (st.stopping && st.pending.empty())
    self->quit();
}

/// The answer to a call for a scope whose owner the views disagree on.
api_result moving_scope() {
  return placement_unavailable(
    "The ownership of this scope is moving between cluster nodes; retry");
}

/// Hands a pending call to the scope's owner under the current view (the
/// scope is not this node's any more); its answer goes from there to the
/// caller.
void hand_on(self_ptr self, ticket t, api_call call) {
  auto& st = self->state;
  auto route = st.where->route_of_scope(st.scope_id);
  if (route.here) {
    finish(self, t, moving_scope());
    return;
  }
  auto i = st.pending.find(t);
  if (i == st.pending.end())
    return;
  auto refused = hand_to_owner(
    *st.where, route, call, owned_by::scope, [&](const owner_actor& to) {
      i->second.promise.delegate(to, call_atom_v, std::move(call));
    });
  if (refused) {
    finish(self, t, std::move(*refused));
    return;
  }
  st.pending.erase(i);
  st.calls.erase(t);
  if (st.stopping && st.pending.empty())
    self->quit();
}

/// Whether this node serves the scope now.
bool owned(self_ptr self) {
  return self->state.where->serves_scope(self->state.scope_id);
}

/// Answers every pending call with `r` (the actor is going down).
void fail_pending(self_ptr self, const api_result& r) {
  auto& st = self->state;
  for (auto& [t, p] : st.pending) {
    auto copy = r;
    copy.rate = p.rate;
    p.promise.deliver(std::move(copy));
  }
  st.pending.clear();
  st.queue.clear();
  st.calls.clear();
}

/// Times a round trip sent to the database now, and arms the tick that
/// looks for expired ones unless it is armed.
void time_round_trip(self_ptr self, ticket id) {
  auto& st = self->state;
  st.deadlines.start(id, self->clock().now());
  if (!st.watching) {
    st.watching = true;
    self->delayed_send(self, db_deadline_tick, timeout_atom_v);
  }
}

db_task load_counts_task(const std::string& scope_id) {
  return db_task{[scope_id](persistence::store& store) {
    db_outcome out;
    store.read([&](persistence::session& s) {
      std::map<std::string, std::int64_t> counts;
      for (auto res : all_resources())
        res->load_counts(s, scope_id, counts);
      for (auto& kv : counts)
        out.count_deltas.emplace_back(kv.first, kv.second);
    });
    return out;
  }};
}

/// Loads (or reloads) the scope's counts, publishes them and runs `next`;
/// awaited, so no other message runs in between. `failed` gets the error.
template <class Next, class Failed>
void load_counts_then(self_ptr self, Next next, Failed failed) {
  auto task = load_counts_task(self->state.scope_id);
  // Read before the counts: they include every write of an earlier owner.
  auto epoch = self->state.where->epoch();
  self
    ->request(self->state.pool->next(), db_operation_timeout, run_atom_v, task)
    .await(
      [self, next, epoch](db_outcome& o) mutable {
        self->state.counts.clear();
        apply(self, o);
        self->state.loaded = true;
        self->state.counts_epoch = epoch;
        publish(self);
        next();
      },
      failed);
}

void start_batch(self_ptr self);

/// Answers the writes of a finished batch, after applying what committed.
void after_fence(self_ptr self, const std::vector<ticket>& tickets);

void batch_done(self_ptr self, const std::vector<ticket>& tickets,
                batch_outcome& b) {
  auto& st = self->state;
  st.batch.clear();
  if (b.fenced) {
    distrust_counts(self);
    after_fence(self, tickets);
    return;
  }
  if (b.committed) {
    for (auto& o : b.outcomes)
      apply(self, o);
    publish(self);
    st.shared->reports.drop_all();
  } else {
    distrust_counts(self); // not committed, or committed unseen
  }
  st.writing = false;
  for (std::size_t i = 0; i < tickets.size(); ++i)
    finish(self, tickets[i],
           i < b.outcomes.size() ? std::move(b.outcomes[i].result)
                                 : make_result(errc::internal));
  start_batch(self);
}

/// Answers the writes of a batch that failed or expired in the database:
/// it may still commit, so its fate is unknown.
void batch_failed(self_ptr self, const std::vector<ticket>& tickets,
                  const caf::error& err) {
  batch_outcome unknown;
  unknown.outcomes.assign(tickets.size(),
                          db_outcome{result_from_error(err), {}});
  batch_done(self, tickets, unknown);
}

/// Sends every queued write (up to max_batch_writes) as one batch, unless
/// one is in the database already; the next starts when it is answered.
/// Messages keep arriving meanwhile: reads run, writes queue.
void start_batch(self_ptr self) {
  auto& st = self->state;
  if (st.queue.empty()) {
    st.writing = false;
    return;
  }
  st.writing = true;
  // The epoch before the owner: a batch proves the epoch it read, so one
  // that a newer view moved away is fenced, never stored.
  auto epoch = st.where->epoch();
  if (!owned(self)) {
    // The scope moved: its queued writes go to the new owner.
    auto moving = std::move(st.queue);
    st.queue.clear();
    st.writing = false;
    for (auto& queued : moving)
      if (auto i = st.calls.find(queued.first); i != st.calls.end())
        hand_on(self, queued.first, std::move(i->second));
    return;
  }
  if (st.loaded && st.counts_epoch != epoch)
    distrust_counts(self); // another owner may have written meanwhile
  if (!st.loaded) {
    // After a write whose fate is unknown: count again first.
    load_counts_then(
      self,
      [self] {
        start_batch(self);
      },
      [self](caf::error& err) {
        auto waiting = std::move(self->state.queue);
        self->state.queue.clear();
        self->state.writing = false;
        for (auto& queued : waiting)
          finish(self, queued.first, result_from_error(err));
      });
    return;
  }
  auto n = std::min(st.queue.size(), max_batch_writes);
  write_batch batch;
  batch.counts = st.counts;
  batch.fence_epoch = epoch;
  std::vector<ticket> tickets;
  tickets.reserve(n);
  batch.writes.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    tickets.push_back(st.queue[i].first);
    batch.writes.push_back(std::move(st.queue[i].second));
  }
  st.queue.erase(st.queue.begin(),
                 st.queue.begin() + static_cast<std::ptrdiff_t>(n));
  st.pool->count_batch(n);
  auto key = tickets.front();
  st.batch = tickets;
  time_round_trip(self, key);
  self->request(st.pool->next(), caf::infinite, batch_atom_v, std::move(batch))
    .then(
      [self, tickets, key](batch_outcome& b) {
        if (self->state.deadlines.finish(key))
          batch_done(self, tickets, b);
      },
      [self, tickets, key](caf::error& err) {
        if (self->state.deadlines.finish(key))
          batch_failed(self, tickets, err);
      });
}

void dispatch(self_ptr self, api_call call, ticket t);

/// A batch was fenced (the membership changed under it; nothing of it was
/// stored): reads the view again, then runs its writes again here if the
/// scope is still this node's, or hands them to its new owner. Writes
/// that arrive meanwhile queue behind them.
void after_fence(self_ptr self, const std::vector<ticket>& tickets) {
  auto& st = self->state;
  log_event(log_level::info, "write_fenced",
            {{"scope", st.scope_id},
             {"epoch", std::to_string(st.where->epoch()), true},
             {"writes", std::to_string(tickets.size()), true}});
  std::vector<std::pair<ticket, api_call>> again;
  for (auto t : tickets)
    if (auto i = st.calls.find(t); i != st.calls.end()) {
      again.emplace_back(t, std::move(i->second));
      st.calls.erase(i);
    }
  auto resume = [self, again = std::move(again)]() mutable {
    auto still_mine = owned(self);
    for (auto& [t, call] : again) {
      if (!still_mine) {
        hand_on(self, t, std::move(call));
      } else if (call.hops >= max_forward_hops) {
        finish(self, t, moving_scope());
      } else {
        ++call.hops;
        dispatch(self, std::move(call), t);
      }
    }
    self->state.writing = false;
    start_batch(self);
  };
  // The fence proved that the database holds a newer view than this one.
  refresh_then(self, *st.where, true, std::move(resume));
}

/// Queues a prepared write with its quota claims and idempotency.
void queue_write(self_ptr self, const resource& res, const api_call& call,
                 prepared_call prep, ticket t) {
  auto& st = self->state;
  queued_write w{std::move(prep.task), call.plan, std::move(prep.claims),
                 std::nullopt};
  if (call.op == operation::create && res.quota() != nullptr)
    w.claims.insert(
      w.claims.begin(),
      quota_claim{
        res.quota(), 1, st.quotas->limit(call.plan, res.quota()), {}});
  if (wants_idempotency(call))
    w.idempotency = idempotency_of(call);
  if (st.where->moves())
    st.calls.emplace(t, call);
  st.queue.emplace_back(t, std::move(w));
  if (!st.writing)
    start_batch(self);
}

void dispatch(self_ptr self, api_call call, ticket t) {
  if (wants_idempotency(call) && !valid_idempotency_key(call.idempotency_key)) {
    field_errors e;
    e.add("Idempotency-Key", "must be 1 to 255 printable ASCII characters");
    finish(self, t, make_result(errc::unprocessable, e.to_json()));
    return;
  }
  auto res = find_resource(call.resource);
  if (res == nullptr) {
    finish(self, t, make_result(errc::not_found));
    return;
  }
  if (auto refused = check_call(*res, call)) {
    finish(self, t, std::move(*refused));
    return;
  }
  scope_view view{self->state.scope_id, *self->state.quotas,
                  self->state.counts};
  auto prep = res->prepare(call, view);
  if (prep.immediate) {
    finish(self, t, std::move(*prep.immediate));
    return;
  }
  if (prep.writes) {
    queue_write(self, *res, call, std::move(prep), t);
    return;
  }
  time_round_trip(self, t);
  self
    ->request(self->state.pool->next(), caf::infinite, run_atom_v,
              std::move(prep.task))
    .then(
      [self, t](db_outcome& o) {
        if (self->state.deadlines.finish(t))
          finish(self, t, std::move(o.result));
      },
      [self, t](caf::error& err) {
        if (self->state.deadlines.finish(t))
          finish(self, t, result_from_error(err));
      });
}

/// The tick: answers the round trips past their deadline as timed out (a
/// batch's writes may still commit: their fate is unknown), and looks
/// again in a tick while any are left.
void expire_round_trips(self_ptr self) {
  auto& st = self->state;
  st.watching = false;
  auto timed_out = caf::make_error(caf::sec::request_timeout);
  for (auto id :
       st.deadlines.expire(self->clock().now(), db_operation_timeout)) {
    if (!st.batch.empty() && st.batch.front() == id) {
      auto tickets = st.batch;
      batch_failed(self, tickets, timed_out);
    } else {
      finish(self, id, result_from_error(timed_out));
    }
  }
  if (!st.deadlines.empty() && !st.watching) {
    st.watching = true;
    self->delayed_send(self, db_deadline_tick, timeout_atom_v);
  }
}

/// Loads the scope's counts (awaited), then runs the call.
void load_then_dispatch(self_ptr self, api_call call, ticket t) {
  load_counts_then(
    self,
    [self, call = std::move(call), t]() mutable {
      dispatch(self, std::move(call), t);
    },
    [self, t](caf::error& err) {
      finish(self, t, result_from_error(err));
    });
}

/// Runs a call here if the scope is this node's, else hands it to its
/// owner.
void accept(self_ptr self, api_call call, ticket t) {
  if (!owned(self))
    hand_on(self, t, std::move(call));
  else if (self->state.loaded)
    dispatch(self, std::move(call), t);
  else
    load_then_dispatch(self, std::move(call), t);
}

} // namespace

scope_actor::behavior_type
scope(scope_actor::stateful_pointer<scope_state> self, std::string scope_id,
      std::shared_ptr<db_pool> pool, std::shared_ptr<const quota_table> quotas,
      std::shared_ptr<scope_counts> shared, std::shared_ptr<placement> where) {
  self->state.scope_id = std::move(scope_id);
  self->state.where = std::move(where);
  self->state.shared = std::move(shared);
  self->state.pool = std::move(pool);
  self->state.quotas = std::move(quotas);
  // A failure stays local: the calls in flight get a 500, the actor ends,
  // its directory entry goes, and the next call spawns a fresh one.
  self->set_exception_handler(
    [self](caf::scheduled_actor*, std::exception_ptr& eptr) -> caf::error {
      std::string what = "unknown exception";
      try {
        std::rethrow_exception(eptr);
      } catch (const std::exception& e) {
        what = e.what();
      } catch (...) {
        // keep the generic text
      }
      log_event(log_level::error, "scope_actor_failed",
                {{"scope", self->state.scope_id}, {"error", what}});
      fail_pending(self, make_result(errc::internal));
      return caf::exit_reason::unhandled_exception;
    });
  self->set_exit_handler([self](caf::exit_msg& msg) {
    if (msg.reason == caf::exit_reason::user_shutdown) {
      auto r = make_result(errc::unavailable, "null",
                           "The server is shutting down; retry");
      r.retry_after = 1;
      fail_pending(self, r);
    } else {
      fail_pending(self, make_result(errc::internal));
    }
    self->quit(msg.reason);
  });
  return {
    [self](call_atom, api_call& call) -> caf::result<api_result> {
      auto& st = self->state;
      auto rp = self->make_response_promise<api_result>();
      auto t = st.next_ticket++;
      st.pending.emplace(t, pending_call{rp, call.rate});
      if (!owned(self) && call.hops > 0) {
        // Handed here by a node whose view says this one owns the scope:
        // one of the two views is behind. Read it again before handing
        // the call on (views that disagree would bounce it).
        auto again = [self, t, call]() mutable {
          accept(self, std::move(call), t);
        };
        refresh_then(self, *st.where, false, std::move(again));
        return rp;
      }
      accept(self, std::move(call), t);
      return rp;
    },
    [self](timeout_atom) {
      expire_round_trips(self);
    },
    [self](stop_atom) {
      self->state.stopping = true;
      if (self->state.pending.empty())
        self->quit();
    },
  };
}

} // namespace purse
