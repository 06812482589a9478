// SPDX-License-Identifier: GPL-2.0-or-later
#include "write_batch.hpp"

#include "purse/actors/field_errors.hpp"
#include "purse/actors/log.hpp"
#include "purse/actors/placement.hpp"

namespace purse {

namespace {

using persistence::session;
using persistence::store;

/// A write of the batch that failed on its own (its savepoint is rolled
/// back; the others go on).
db_outcome failed_write(const std::exception& e) {
  log_event(log_level::error, "db_task_failed", {{"error", e.what()}});
  return db_outcome{make_result(errc::internal), {}};
}

db_outcome in_progress() {
  return db_outcome{make_result(errc::conflict, "null",
                                "A request with this idempotency key is in "
                                "progress; retry it"),
                    {}};
}

/// The refusal of the first of the write's quota claims that the counts
/// have no room for.
std::optional<db_outcome>
quota_refused(const queued_write& w,
              std::map<std::string, std::int64_t>& counts) {
  for (auto& c : w.claims) {
    auto used = counts[c.name];
    if (exceeds(c, used))
      return db_outcome{quota_refusal(w.plan, c, used), {}};
  }
  return std::nullopt;
}

/// Runs `work`, a write of `w`, with the failures of that write alone
/// turned into its answer. Transient failures (the connection is gone) and
/// a lost fence propagate: the batch fails as a whole.
template <class Work>
auto answered(const queued_write& w, Work&& work) -> decltype(work()) {
  try {
    return work();
  } catch (const persistence::transient_error&) {
    throw;
  } catch (const persistence::fenced&) {
    throw;
  } catch (const persistence::out_of_range&) {
    // A balance would leave the range: the write is refused whole.
    field_errors errors;
    errors.add("amount", "the account's balance would pass the largest "
                         "amount Purse keeps (9223372036854775807 minor "
                         "units either way)");
    return db_outcome{make_result(errc::unprocessable, errors.to_json()), {}};
  } catch (const persistence::unique_violation& e) {
    // The work maps its own conflicts; this one is the stored answer of
    // the same key, written meanwhile by a batch of another scope.
    if (w.idempotency)
      return in_progress();
    return failed_write(e);
  } catch (const std::exception& e) {
    return failed_write(e);
  }
}

void add_count_deltas(const db_outcome& out,
                      std::map<std::string, std::int64_t>& counts) {
  for (auto& [name, delta] : out.count_deltas)
    counts[name] += delta;
}

/// Runs one write: replay, quota claims, then the work and its stored
/// answer. Transient failures (the connection is gone) propagate: the
/// batch fails as a whole.
db_outcome run_write(store& st, queued_write& w,
                     std::map<std::string, std::int64_t>& counts) {
  if (w.idempotency) {
    std::optional<api_result> replay;
    st.query([&](session& s) {
      replay = stored_response(s, *w.idempotency);
    });
    if (replay)
      return db_outcome{std::move(*replay), {}};
  }
  if (auto refused = quota_refused(w, counts))
    return std::move(*refused);
  auto out = answered(w, [&] {
    if (!w.idempotency) {
      // Alone: the work's write is its own transaction. In a batch: a
      // savepoint of the batch's (every write task opens its write first
      // thing; run_batch checks that none left the transaction aborted).
      return w.work.run(st);
    }
    // The answer is stored in the same transaction or savepoint as the
    // work; the work's own write joins it as a nested savepoint.
    db_outcome done;
    st.write([&](session& s) {
      done = w.work.run(st);
      store_response(s, *w.idempotency, done.result);
    });
    return done;
  });
  add_count_deltas(out, counts);
  return out;
}

/// The write of a batch of one, as the one statement of its `alone` form
/// (under the batch's fence), when it has one and no Idempotency-Key (its
/// stored answer would need a transaction). Nothing when it has no such
/// form or declines: the usual way runs it.
std::optional<db_outcome> run_alone(store& st, queued_write& w,
                                    std::map<std::string, std::int64_t>& counts,
                                    std::int64_t fence_epoch) {
  if (!w.work.alone || w.idempotency)
    return std::nullopt;
  if (auto refused = quota_refused(w, counts))
    return refused;
  auto out = answered(w, [&] {
    return w.work.alone(st, fence_epoch);
  });
  if (out)
    add_count_deltas(*out, counts);
  return out;
}

/// Unwinds a batch of one-statement writes whose attempt is given up.
struct given_up {};

/// A batch of several writes that all have the one-statement form and no
/// Idempotency-Key, as those statements in one transaction without
/// savepoints: each statement stores all of its write or nothing (a
/// refusal writes nothing), and the statements check the batch's fence
/// themselves. When one declines or fails (the transaction may be aborted
/// then), the attempt is rolled back and nothing is answered: the usual
/// way runs the batch from the start. A lost fence or a lost connection
/// fails the batch as a whole, as the usual way would.
std::optional<std::vector<db_outcome>> run_alone_batch(store& st,
                                                       write_batch& batch) {
  for (auto& w : batch.writes)
    if (!w.work.alone || w.idempotency)
      return std::nullopt;
  auto counts = batch.counts;
  std::vector<db_outcome> outcomes;
  try {
    st.write([&](session& s) {
      for (auto& w : batch.writes) {
        if (auto refused = quota_refused(w, counts)) {
          outcomes.push_back(std::move(*refused));
          continue;
        }
        auto out = w.work.alone(st, batch.fence_epoch);
        if (!out)
          throw given_up{};
        add_count_deltas(*out, counts);
        outcomes.push_back(std::move(*out));
      }
      // As in the usual way: not answered as stored if a statement failed
      // and its form swallowed the failure.
      s.select_int("SELECT 1");
    });
  } catch (const persistence::transient_error&) {
    throw;
  } catch (const persistence::fenced&) {
    throw;
  } catch (...) {
    return std::nullopt;
  }
  return outcomes;
}

/// Every write of a batch that failed as a whole gets `r`.
void fail_all(batch_outcome& b, std::size_t n, const api_result& r) {
  b.committed = false;
  b.outcomes.assign(n, db_outcome{r, {}});
}

} // namespace

batch_outcome run_batch(store& st, write_batch& batch) {
  batch_outcome b;
  auto counts = batch.counts;
  auto n = batch.writes.size();
  auto run_all = [&] {
    b.outcomes.clear();
    for (auto& w : batch.writes)
      b.outcomes.push_back(run_write(st, w, counts));
  };
  try {
    std::optional<db_outcome> alone;
    std::optional<std::vector<db_outcome>> alone_batch;
    if (n == 1)
      alone = run_alone(st, batch.writes.front(), counts, batch.fence_epoch);
    else
      alone_batch = run_alone_batch(st, batch);
    if (alone)
      b.outcomes.assign(1, std::move(*alone));
    else if (alone_batch)
      b.outcomes = std::move(*alone_batch);
    else if (n == 1 && batch.fence_epoch == 0)
      run_all();
    else
      st.write([&](session& s) {
        if (batch.fence_epoch != 0)
          s.fence(batch.fence_epoch);
        run_all();
        // PostgreSQL answers COMMIT in an aborted transaction with a
        // rollback, not an error: make sure the batch is not aborted (a
        // statement failed outside any savepoint) before committing it.
        s.select_int("SELECT 1");
      });
    b.committed = true;
  } catch (const persistence::fenced&) {
    b.fenced = true;
    fail_all(b, n,
             placement_unavailable("This scope has moved to another cluster "
                                   "node; retry"));
  } catch (const persistence::transient_error& e) {
    log_event_rarely(log_level::warn, "db_unavailable", {{"error", e.what()}});
    auto r = make_result(errc::unavailable, "null",
                         "The database is unavailable; retry shortly");
    r.retry_after = 5;
    fail_all(b, n, r);
  } catch (const std::exception& e) {
    log_event(log_level::error, "write_batch_failed",
              {{"error", e.what()}, {"writes", std::to_string(n), true}});
    fail_all(b, n, make_result(errc::internal));
  }
  return b;
}

} // namespace purse
