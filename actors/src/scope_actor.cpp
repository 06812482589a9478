#include "purse/actors/scope_actor.hpp"

#include <chrono>

#include "purse/actors/idempotency.hpp"
#include "purse/actors/json.hpp"
#include "purse/actors/resource.hpp"

namespace purse {

namespace {

/// Generous: a write that times out here may still commit, so on timeout the
/// scope reloads its counts rather than trust them.
constexpr auto db_timeout = std::chrono::seconds(30);

using self_ptr = scope_actor::stateful_pointer<scope_state>;
using promise = caf::typed_response_promise<api_result>;

void apply(self_ptr self, const db_outcome& o) {
  for (auto& [key, delta] : o.count_deltas)
    self->state.counts[key] += delta;
}

void dispatch(self_ptr self, api_call call, promise rp);

/// An idempotent POST first looks for its stored response; only without
/// one does it run (its write then stores the response). Awaited, so a
/// concurrent duplicate to this scope finds the first one's response.
void dispatch_idempotent(self_ptr self, api_call call, promise rp) {
  if (!valid_idempotency_key(call.idempotency_key)) {
    field_errors e;
    e.add("Idempotency-Key", "must be 1 to 255 printable ASCII characters");
    rp.deliver(make_result(errc::unprocessable, e.to_json()));
    return;
  }
  auto task = find_response(call.key_id, call.idempotency_key,
                            request_fingerprint(call));
  self->request(self->state.pool->next(), db_timeout, run_atom_v, task)
    .await(
      [self, call, rp](db_outcome& o) mutable {
        if (o.hit) {
          rp.deliver(std::move(o.result));
          return;
        }
        call.idempotency_key.insert(0, 1, '\x01'); // checked: run it
        dispatch(self, std::move(call), rp);
      },
      [rp](caf::error& err) mutable {
        rp.deliver(result_from_error(err));
      });
}

void dispatch(self_ptr self, api_call call, promise rp) {
  if (wants_idempotency(call) && call.idempotency_key[0] != '\x01') {
    dispatch_idempotent(self, std::move(call), rp);
    return;
  }
  auto res = find_resource(call.resource);
  if (res == nullptr) {
    rp.deliver(make_result(errc::not_found));
    return;
  }
  auto caller_role = parse_role(call.role).value_or(role::viewer);
  auto needed = res->min_role(call);
  if (caller_role < needed) {
    rp.deliver(make_result(
      errc::forbidden, "null",
      std::string{"your role in this team ("} + to_string(caller_role)
        + ") does not allow this; it needs " + to_string(needed)));
    return;
  }
  if (!call.query.empty() && !res->takes_query(call)) {
    field_errors errors;
    for (auto& [name, value] : call.query)
      errors.add(name, "is not a known query parameter");
    rp.deliver(make_result(errc::unprocessable, errors.to_json()));
    return;
  }
  if (call.op == operation::create && res->quota() != nullptr) {
    // The count is exact because this actor awaits every write it makes.
    auto used = self->state.counts[res->quota()];
    auto limit = self->state.quotas->limit(call.plan, res->quota());
    if (used >= limit) {
      auto text = std::string{"the "} + call.plan + " plan allows "
                  + std::to_string(limit) + " " + res->quota()
                  + " in a scope; this scope has " + std::to_string(used);
      field_errors errors;
      errors.add(res->quota(), text);
      rp.deliver(make_result(errc::unprocessable, errors.to_json(),
                             "Quota exceeded: " + text));
      return;
    }
  }
  scope_view view{self->state.scope_id, *self->state.quotas,
                  self->state.counts};
  auto prep = res->prepare(call, view);
  if (prep.immediate) {
    rp.deliver(std::move(*prep.immediate));
    return;
  }
  auto worker = self->state.pool->next();
  if (prep.writes && wants_idempotency(call)) {
    auto key = call.idempotency_key.substr(1);
    call.idempotency_key = key;
    prep.task = remember_response(std::move(prep.task), call.key_id, key,
                                  request_fingerprint(call));
  }
  if (prep.writes) {
    // await: no other message of this scope runs until the write is done.
    self->request(worker, db_timeout, run_atom_v, std::move(prep.task))
      .await(
        [self, rp](db_outcome& o) mutable {
          apply(self, o);
          rp.deliver(std::move(o.result));
        },
        [self, rp](caf::error& err) mutable {
          self->state.loaded = false;
          rp.deliver(result_from_error(err));
        });
  } else {
    self->request(worker, db_timeout, run_atom_v, std::move(prep.task))
      .then(
        [rp](db_outcome& o) mutable {
          rp.deliver(std::move(o.result));
        },
        [rp](caf::error& err) mutable {
          rp.deliver(result_from_error(err));
        });
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

} // namespace

scope_actor::behavior_type
scope(scope_actor::stateful_pointer<scope_state> self, std::string scope_id,
      std::shared_ptr<db_pool> pool,
      std::shared_ptr<const quota_table> quotas) {
  self->state.scope_id = std::move(scope_id);
  self->state.pool = std::move(pool);
  self->state.quotas = std::move(quotas);
  return {
    [self](call_atom, api_call& call) -> caf::result<api_result> {
      auto rp = self->make_response_promise<api_result>();
      if (self->state.loaded) {
        dispatch(self, std::move(call), rp);
        return rp;
      }
      auto task = load_counts_task(self->state.scope_id);
      self->request(self->state.pool->next(), db_timeout, run_atom_v, task)
        .await(
          [self, call, rp](db_outcome& o) mutable {
            self->state.counts.clear();
            apply(self, o);
            self->state.loaded = true;
            dispatch(self, std::move(call), rp);
          },
          [rp](caf::error& err) mutable {
            rp.deliver(result_from_error(err));
          });
      return rp;
    },
  };
}

} // namespace purse
