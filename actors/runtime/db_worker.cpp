// SPDX-License-Identifier: GPL-2.0-or-later
#include "db_worker_actor.hpp"

#include "purse/actors/log.hpp"

namespace purse {

namespace {

db_outcome run(persistence::store& store, db_task& task) {
  try {
    return task.run(store);
  } catch (const persistence::transient_error& e) {
    log_event_rarely(log_level::warn, "db_unavailable", {{"error", e.what()}});
    auto r = make_result(errc::unavailable, "null",
                         "The database is unavailable; retry shortly");
    r.retry_after = 5;
    return db_outcome{r, {}};
  } catch (const std::exception& e) {
    // The detail goes to the log only; the client sees a generic 500.
    log_event(log_level::error, "db_task_failed", {{"error", e.what()}});
    return db_outcome{make_result(errc::internal), {}};
  }
}

/// Takes a finished message off its worker's load (when it has one).
class finished {
public:
  explicit finished(worker_load* load) : load_(load) {
    // nop
  }
  ~finished() {
    if (load_)
      load_->outstanding.fetch_sub(1, std::memory_order_relaxed);
  }
  finished(const finished&) = delete;
  finished& operator=(const finished&) = delete;

private:
  worker_load* load_;
};

db_worker_actor::behavior_type
behavior(std::shared_ptr<persistence::store> store,
         std::shared_ptr<worker_load> load) {
  auto* counted = load.get();
  return {
    [store, load](run_atom, db_task& task) -> db_outcome {
      finished done{load.get()};
      return run(*store, task);
    },
    [store, counted](answer_atom, db_task& task,
                     rate_limit_state& rate) -> api_result {
      finished done{counted};
      auto out = run(*store, task);
      out.result.rate = rate;
      return std::move(out.result);
    },
    [store, counted](batch_atom, write_batch& batch) -> batch_outcome {
      finished done{counted};
      return run_batch(*store, batch);
    },
    [store, counted](auth_atom, const std::string& lookup_id,
                     const std::string& team_id) -> caf::result<key_state> {
      finished done{counted};
      try {
        persistence::auth_row a;
        store->read([&](persistence::session& s) {
          a = s.authenticate(lookup_id, team_id);
        });
        return key_state{a.key_found,  a.key_id,     a.secret_hash,
                         a.audience,   a.expires_at, a.revoked_at,
                         a.user_id,    a.user_plan,  a.user_timezone,
                         a.team_found, a.team_role,  a.team_owner_plan};
      } catch (const persistence::transient_error& e) {
        log_event_rarely(log_level::warn, "db_unavailable",
                         {{"error", e.what()}});
        return caf::make_error(caf::sec::request_receiver_down);
      } catch (const std::exception& e) {
        log_event(log_level::error, "auth_lookup_failed",
                  {{"error", e.what()}});
        return caf::make_error(caf::sec::runtime_error);
      }
    },
  };
}

} // namespace

db_worker_actor::behavior_type
db_worker(db_worker_actor::pointer, std::shared_ptr<persistence::store> store) {
  return behavior(std::move(store), nullptr);
}

db_worker_actor::behavior_type
counted_db_worker(db_worker_actor::pointer,
                  std::shared_ptr<persistence::store> store,
                  std::shared_ptr<worker_load> load) {
  return behavior(std::move(store), std::move(load));
}

} // namespace purse
