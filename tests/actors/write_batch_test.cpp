// SPDX-License-Identifier: GPL-2.0-or-later
// Batches of writes run directly on the real test database: a write that
// fails in its savepoint leaves the others committed, and a batch whose
// transaction was left aborted (a statement failed outside any savepoint)
// fails as a whole rather than being answered as stored. Writes with a
// one-statement form take it, alone or together, and fall back to the
// usual way when one declines or fails.

#include <boost/test/unit_test.hpp>

#include <memory>
#include <optional>

#include "purse/actors/errc.hpp"
#include "purse/actors/ids.hpp"
#include "purse/actors/timestamp.hpp"
#include "support/processes.hpp"
#include "write_batch.hpp"

using namespace purse;
using persistence::session;
using persistence::store;

namespace {

/// A write that inserts a tag into `scope` in a nested write of its own,
/// as every resource's write does.
queued_write insert_tag(const std::string& scope, const std::string& name) {
  db_task work{[scope, name](store& st) {
    persistence::tag_row row;
    row.id = new_id();
    row.scope_id = scope;
    row.name = name;
    row.name_key = persistence::fold_case(name);
    row.created_at = row.updated_at = now_seconds();
    st.write([&](session& s) {
      s.insert(row);
    });
    return db_outcome{make_result(errc::created), {{"tags", 1}}};
  }};
  return queued_write{work, "solo", {}, std::nullopt};
}

/// Which forms of a write ran, and the fence its one-statement form saw.
struct forms_seen {
  int usual = 0;
  int alone = 0;
  std::int64_t fence = -1;
};

/// insert_tag's write with a one-statement form too, which inserts the tag
/// itself, or declines (writing nothing) when `declines`, or throws
/// `fenced` when `lost_fence`.
queued_write with_alone_form(const std::string& scope, const std::string& name,
                             std::shared_ptr<forms_seen> seen,
                             bool declines = false, bool lost_fence = false) {
  auto w = insert_tag(scope, name);
  auto usual = w.work.run;
  w.work.run = [usual, seen](store& st) {
    ++seen->usual;
    return usual(st);
  };
  w.work.alone = [usual, seen, declines, lost_fence](
                   store& st, std::int64_t fence) -> std::optional<db_outcome> {
    ++seen->alone;
    seen->fence = fence;
    if (lost_fence)
      throw persistence::fenced("membership epoch moved on");
    if (declines)
      return std::nullopt;
    return usual(st);
  };
  return w;
}

/// The batch's answers, in order, by name (errc_name), e.g.
/// "created internal created".
std::string codes(const batch_outcome& b) {
  std::string out;
  for (auto& o : b.outcomes)
    out += (out.empty() ? "" : " ") + std::string{errc_name(o.result.code)};
  return out;
}

std::string tags_of(const std::string& scope) {
  store st({test::database_url(), 1});
  std::int64_t n = 0;
  st.query([&](session& s) {
    n = s.select_int("SELECT count(*) FROM tags WHERE scope_id = '" + scope
                     + "'");
  });
  return std::to_string(n);
}

} // namespace

BOOST_AUTO_TEST_SUITE(write_batch_runs)

BOOST_AUTO_TEST_CASE(a_failing_write_rolls_back_only_its_own_savepoint) {
  auto user = test::make_user("solo");
  store st({test::database_url(), 1});
  write_batch batch;
  batch.writes.push_back(insert_tag(user.id, "a"));
  batch.writes.push_back(insert_tag(user.id, "a")); // unique name: fails
  batch.writes.push_back(insert_tag(user.id, "b"));
  auto b = run_batch(st, batch);
  BOOST_TEST(b.committed);
  BOOST_REQUIRE(b.outcomes.size() == 3u);
  BOOST_TEST(static_cast<int>(b.outcomes[0].result.code)
             == static_cast<int>(errc::created));
  BOOST_TEST(static_cast<int>(b.outcomes[1].result.code)
             == static_cast<int>(errc::internal));
  BOOST_TEST(b.outcomes[1].count_deltas.empty());
  BOOST_TEST(static_cast<int>(b.outcomes[2].result.code)
             == static_cast<int>(errc::created));
  BOOST_TEST(tags_of(user.id) == "2");
}

BOOST_AUTO_TEST_CASE(an_aborted_batch_fails_as_a_whole) {
  auto user = test::make_user("solo");
  store st({test::database_url(), 1});
  write_batch batch;
  batch.writes.push_back(insert_tag(user.id, "kept?"));
  // A statement that fails outside any savepoint aborts the transaction.
  db_task broken{[](store& s) {
    s.query([](session& q) {
      q.select_int("SELECT 1 / 0");
    });
    return db_outcome{make_result(errc::created), {}};
  }};
  batch.writes.push_back(queued_write{broken, "solo", {}, std::nullopt});
  auto b = run_batch(st, batch);
  BOOST_TEST(!b.committed);
  BOOST_REQUIRE(b.outcomes.size() == 2u);
  for (auto& o : b.outcomes)
    BOOST_TEST(static_cast<int>(o.result.code)
               == static_cast<int>(errc::internal));
  BOOST_TEST(tags_of(user.id) == "0");
}

BOOST_AUTO_TEST_CASE(a_write_alone_takes_its_one_statement_form) {
  auto user = test::make_user("solo");
  store st({test::database_url(), 1});
  // Alone, with the batch's fence: the one-statement form only.
  auto seen = std::make_shared<forms_seen>();
  write_batch one;
  one.fence_epoch = 42;
  one.writes.push_back(with_alone_form(user.id, "alone", seen));
  auto b = run_batch(st, one);
  BOOST_TEST(b.committed);
  BOOST_REQUIRE(b.outcomes.size() == 1u);
  BOOST_TEST(static_cast<int>(b.outcomes[0].result.code)
             == static_cast<int>(errc::created));
  BOOST_REQUIRE(b.outcomes[0].count_deltas.size() == 1u);
  BOOST_TEST(b.outcomes[0].count_deltas[0].first == "tags");
  BOOST_TEST(b.outcomes[0].count_deltas[0].second == 1);
  BOOST_TEST(seen->alone == 1);
  BOOST_TEST(seen->usual == 0);
  BOOST_TEST(seen->fence == 42);
  // It declines: the usual way runs the write.
  seen = std::make_shared<forms_seen>();
  write_batch declined;
  declined.writes.push_back(with_alone_form(user.id, "usual", seen, true));
  b = run_batch(st, declined);
  BOOST_TEST(b.committed);
  BOOST_TEST(seen->alone == 1);
  BOOST_TEST(seen->usual == 1);
  BOOST_TEST(seen->fence == 0);
  BOOST_TEST(tags_of(user.id) == "2");
  // With an Idempotency-Key (its answer is stored in the write's
  // transaction): never.
  seen = std::make_shared<forms_seen>();
  write_batch keyed;
  keyed.writes.push_back(with_alone_form(user.id, "keyed", seen));
  keyed.writes.back().idempotency
    = idempotency_ref{"no-key", "idem-" + new_id(), "fingerprint"};
  b = run_batch(st, keyed);
  BOOST_TEST(seen->alone == 0);
  BOOST_TEST(seen->usual == 1);
}

BOOST_AUTO_TEST_CASE(several_writes_take_their_one_statement_forms_together) {
  auto user = test::make_user("solo");
  store st({test::database_url(), 1});
  // Each write's one statement, in one transaction, under the fence.
  auto seen = std::make_shared<forms_seen>();
  write_batch two;
  two.fence_epoch = 9;
  two.writes.push_back(with_alone_form(user.id, "two-a", seen));
  two.writes.push_back(with_alone_form(user.id, "two-b", seen));
  auto b = run_batch(st, two);
  BOOST_TEST(b.committed);
  BOOST_TEST(codes(b) == "created created");
  BOOST_TEST(seen->alone == 2);
  BOOST_TEST(seen->usual == 0);
  BOOST_TEST(seen->fence == 9);
  BOOST_TEST(tags_of(user.id) == "2");
  // The quota counts run through the batch as the usual way's do: the
  // third write has no room left.
  seen = std::make_shared<forms_seen>();
  write_batch full;
  full.counts["tags"] = 1;
  quota_claim claim;
  claim.name = "tags";
  claim.limit = 3;
  for (auto name : {"full-a", "full-b", "full-c"}) {
    full.writes.push_back(with_alone_form(user.id, name, seen));
    full.writes.back().claims.push_back(claim);
  }
  b = run_batch(st, full);
  BOOST_TEST(b.committed);
  BOOST_TEST(codes(b) == "created created quota_exceeded");
  BOOST_TEST(seen->alone == 2);
  BOOST_TEST(seen->usual == 0);
  BOOST_TEST(tags_of(user.id) == "4");
  // Beside a write with an Idempotency-Key: the usual way, savepoints and
  // all.
  seen = std::make_shared<forms_seen>();
  write_batch mixed;
  mixed.writes.push_back(with_alone_form(user.id, "mixed-a", seen));
  mixed.writes.push_back(with_alone_form(user.id, "mixed-b", seen));
  mixed.writes.back().idempotency
    = idempotency_ref{"no-key", "idem-" + new_id(), "fingerprint"};
  b = run_batch(st, mixed);
  BOOST_TEST(b.committed);
  BOOST_TEST(seen->alone == 0);
  BOOST_TEST(seen->usual == 2);
}

BOOST_AUTO_TEST_CASE(
  a_statement_that_declines_or_fails_sends_the_batch_the_usual_way) {
  auto user = test::make_user("solo");
  store st({test::database_url(), 1});
  // The second declines: what the first stored is rolled back, and the
  // usual way runs all three (three tags, not four).
  auto seen = std::make_shared<forms_seen>();
  write_batch declined;
  declined.writes.push_back(with_alone_form(user.id, "d-a", seen));
  declined.writes.push_back(with_alone_form(user.id, "d-b", seen, true));
  declined.writes.push_back(with_alone_form(user.id, "d-c", seen));
  auto b = run_batch(st, declined);
  BOOST_TEST(b.committed);
  BOOST_TEST(codes(b) == "created created created");
  BOOST_TEST(seen->alone == 2);
  BOOST_TEST(seen->usual == 3);
  BOOST_TEST(tags_of(user.id) == "3");
  // The second fails (a name the first took): the usual way answers it
  // alone with its failure, and keeps the others.
  seen = std::make_shared<forms_seen>();
  write_batch failing;
  failing.writes.push_back(with_alone_form(user.id, "f-a", seen));
  failing.writes.push_back(with_alone_form(user.id, "f-a", seen));
  failing.writes.push_back(with_alone_form(user.id, "f-c", seen));
  b = run_batch(st, failing);
  BOOST_TEST(b.committed);
  BOOST_TEST(codes(b) == "created internal created");
  BOOST_TEST(seen->alone == 2);
  BOOST_TEST(seen->usual == 3);
  BOOST_TEST(tags_of(user.id) == "5");
  // A lost fence fails the batch whole, as the usual way would.
  seen = std::make_shared<forms_seen>();
  write_batch fenced;
  fenced.fence_epoch = 7;
  fenced.writes.push_back(with_alone_form(user.id, "g-a", seen));
  fenced.writes.push_back(with_alone_form(user.id, "g-b", seen, false, true));
  b = run_batch(st, fenced);
  BOOST_TEST(b.fenced);
  BOOST_TEST(!b.committed);
  BOOST_TEST(seen->usual == 0);
  BOOST_TEST(tags_of(user.id) == "5");
}

BOOST_AUTO_TEST_CASE(a_lost_fence_in_the_one_statement_form_fails_the_batch) {
  auto user = test::make_user("solo");
  store st({test::database_url(), 1});
  auto seen = std::make_shared<forms_seen>();
  write_batch one;
  one.fence_epoch = 7;
  one.writes.push_back(with_alone_form(user.id, "fenced", seen, false, true));
  auto b = run_batch(st, one);
  BOOST_TEST(b.fenced);
  BOOST_TEST(!b.committed);
  BOOST_REQUIRE(b.outcomes.size() == 1u);
  BOOST_TEST(static_cast<int>(b.outcomes[0].result.code)
             == static_cast<int>(errc::unavailable));
  BOOST_TEST(seen->usual == 0);
  BOOST_TEST(tags_of(user.id) == "0");
}

BOOST_AUTO_TEST_SUITE_END()
