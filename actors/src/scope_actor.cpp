#include "purse/actors/scope.hpp"

#include <caf/exit_reason.hpp>

#include "call_rules.hpp"
#include "purse/actors/idempotency.hpp"
#include "purse/actors/json.hpp"
#include "purse/actors/log.hpp"
#include "purse/actors/resource.hpp"
#include "purse/actors/user_settings.hpp"

namespace purse {

namespace {

using self_ptr = scope_actor::stateful_pointer<scope_state>;
using ticket = std::uint64_t;

/// Whether an idempotent call's stored answer was already looked for.
enum class replay_check { pending, done };

/// Applies a committed write's count changes and publishes the result
/// before the write is answered, so the caller's next read sees them.
void apply(self_ptr self, const db_outcome& o) {
  auto& st = self->state;
  for (auto& [key, delta] : o.count_deltas)
    st.counts[key] += delta;
  if (st.loaded && !o.count_deltas.empty())
    st.shared->publish(st.counts);
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
  if (st.stopping && st.pending.empty())
    self->quit();
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
}

void dispatch(self_ptr self, api_call call, ticket t, replay_check checked);

/// An idempotent create or action first looks for its stored answer; only
/// without one does it run (its write then stores the answer). Awaited, so
/// a concurrent duplicate to this scope finds the first one's answer.
void dispatch_idempotent(self_ptr self, api_call call, ticket t) {
  if (!valid_idempotency_key(call.idempotency_key)) {
    field_errors e;
    e.add("Idempotency-Key", "must be 1 to 255 printable ASCII characters");
    finish(self, t, make_result(errc::unprocessable, e.to_json()));
    return;
  }
  auto task = find_response(call.key_id, call.idempotency_key,
                            request_fingerprint(call));
  self
    ->request(self->state.pool->next(), db_operation_timeout, run_atom_v, task)
    .await(
      [self, call, t](db_outcome& o) mutable {
        if (o.hit)
          finish(self, t, std::move(o.result));
        else
          dispatch(self, std::move(call), t, replay_check::done);
      },
      [self, t](caf::error& err) {
        finish(self, t, result_from_error(err));
      });
}

/// The refusal of a call this scope will not run, if any.
std::optional<api_result> refusal(self_ptr self, const resource& res,
                                  const api_call& call) {
  if (auto refused = check_call(res, call))
    return refused;
  if (call.op == operation::create && res.quota() != nullptr) {
    // The count is exact because this actor awaits every write it makes.
    auto used = self->state.counts[res.quota()];
    auto limit = self->state.quotas->limit(call.plan, res.quota());
    if (used >= limit) {
      auto text = std::string{"the "} + call.plan + " plan allows "
                  + std::to_string(limit) + " " + res.quota()
                  + " in a scope; this scope has " + std::to_string(used);
      field_errors errors;
      errors.add(res.quota(), text);
      return make_result(errc::unprocessable, errors.to_json(),
                         "Quota exceeded: " + text);
    }
  }
  return std::nullopt;
}

void dispatch(self_ptr self, api_call call, ticket t, replay_check checked) {
  if (wants_idempotency(call) && checked == replay_check::pending) {
    dispatch_idempotent(self, std::move(call), t);
    return;
  }
  auto res = find_resource(call.resource);
  if (res == nullptr) {
    finish(self, t, make_result(errc::not_found));
    return;
  }
  if (auto refused = refusal(self, *res, call)) {
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
  auto worker = self->state.pool->next();
  if (!prep.writes) {
    self
      ->request(worker, db_operation_timeout, run_atom_v, std::move(prep.task))
      .then(
        [self, t](db_outcome& o) {
          finish(self, t, std::move(o.result));
        },
        [self, t](caf::error& err) {
          finish(self, t, result_from_error(err));
        });
    return;
  }
  if (wants_idempotency(call))
    prep.task = remember_response(std::move(prep.task), call.key_id,
                                  call.idempotency_key,
                                  request_fingerprint(call));
  // await: no other message of this scope runs until the write is done.
  self->request(worker, db_operation_timeout, run_atom_v, std::move(prep.task))
    .await(
      [self, t](db_outcome& o) {
        apply(self, o);
        finish(self, t, std::move(o.result));
      },
      [self, t](caf::error& err) {
        // A write that timed out may still commit: reload, do not trust.
        self->state.loaded = false;
        self->state.shared->invalidate();
        finish(self, t, result_from_error(err));
      });
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

/// Loads the scope's counts (awaited), then runs the call.
void load_then_dispatch(self_ptr self, api_call call, ticket t) {
  auto task = load_counts_task(self->state.scope_id);
  self
    ->request(self->state.pool->next(), db_operation_timeout, run_atom_v, task)
    .await(
      [self, call, t](db_outcome& o) mutable {
        self->state.counts.clear();
        apply(self, o);
        self->state.loaded = true;
        self->state.shared->publish(self->state.counts);
        dispatch(self, std::move(call), t, replay_check::pending);
      },
      [self, t](caf::error& err) {
        finish(self, t, result_from_error(err));
      });
}

} // namespace

scope_actor::behavior_type
scope(scope_actor::stateful_pointer<scope_state> self, std::string scope_id,
      std::shared_ptr<db_pool> pool, std::shared_ptr<const quota_table> quotas,
      std::shared_ptr<scope_counts> shared) {
  self->state.scope_id = std::move(scope_id);
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
    fail_pending(self, msg.reason == caf::exit_reason::user_shutdown
                         ? make_result(errc::unavailable, "null",
                                       "The server is shutting down; retry")
                         : make_result(errc::internal));
    self->quit(msg.reason);
  });
  return {
    [self](call_atom, api_call& call) -> caf::result<api_result> {
      auto& st = self->state;
      auto rp = self->make_response_promise<api_result>();
      auto t = st.next_ticket++;
      st.pending.emplace(t, pending_call{rp, call.rate});
      if (st.loaded)
        dispatch(self, std::move(call), t, replay_check::pending);
      else
        load_then_dispatch(self, std::move(call), t);
      return rp;
    },
    [self](stop_atom) {
      self->state.stopping = true;
      if (self->state.pending.empty())
        self->quit();
    },
  };
}

} // namespace purse
