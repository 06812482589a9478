// SPDX-License-Identifier: GPL-2.0-or-later
// Cluster membership in PostgreSQL: leases, the membership view and its
// epoch, and the fence that keeps a write of a node that lost its scopes
// from landing after the new owner started.

#include <boost/test/unit_test.hpp>

#include <chrono>
#include <future>
#include <string>
#include <thread>

#include "purse/persistence/store.hpp"
#include "support/e2e.hpp"

using namespace purse;
using persistence::session;

namespace {

/// A node id no other test run has made.
std::string node(const std::string& name) {
  return test::unique_id("cluster-test-" + name);
}

bool has_member(const persistence::cluster_view_row& v, const std::string& n) {
  return ("," + v.members + ",").find("," + n + ",") != std::string::npos;
}

struct cluster_fixture {
  persistence::store st{{test::database_url(), 2}};

  persistence::cluster_view_row view() {
    persistence::cluster_view_row out;
    st.query([&](session& s) {
      out = s.cluster_view();
    });
    return out;
  }

  std::int64_t renew(const std::string& n, std::int64_t lease_ms) {
    std::int64_t out = 0;
    st.query([&](session& s) {
      out = s.renew_membership(n, "127.0.0.1:7000", lease_ms);
    });
    return out;
  }

  void leave(const std::string& n) {
    st.query([&](session& s) {
      s.leave_cluster(n);
    });
  }
};

} // namespace

BOOST_FIXTURE_TEST_SUITE(cluster_membership, cluster_fixture)

BOOST_AUTO_TEST_CASE(a_lease_makes_a_member_until_it_runs_out) {
  auto a = node("a"), b = node("b");
  auto until = renew(a, 60'000);
  renew(b, 300);
  BOOST_TEST(until > 0);
  auto v1 = view();
  BOOST_TEST(has_member(v1, a));
  BOOST_TEST(has_member(v1, b));
  // Nothing changed: the same epoch.
  BOOST_TEST(view().epoch == v1.epoch);
  // b's lease runs out: a new epoch without it.
  std::this_thread::sleep_for(std::chrono::milliseconds(450));
  auto v2 = view();
  BOOST_TEST(v2.epoch > v1.epoch);
  BOOST_TEST(has_member(v2, a));
  BOOST_TEST(!has_member(v2, b));
  // b renews: it is back, under a newer epoch.
  renew(b, 60'000);
  auto v3 = view();
  BOOST_TEST(v3.epoch > v2.epoch);
  BOOST_TEST(has_member(v3, b));
  // Leaving takes effect at once, with no lease to wait for.
  leave(a);
  leave(b);
  auto v4 = view();
  BOOST_TEST(v4.epoch > v3.epoch);
  BOOST_TEST(!has_member(v4, a));
  BOOST_TEST(!has_member(v4, b));
}

BOOST_AUTO_TEST_CASE(a_write_under_a_stale_epoch_is_rolled_back) {
  auto a = node("a"), marker = node("marker");
  renew(a, 60'000);
  auto current = view();
  // Under the current epoch a write commits.
  st.write([&](session& s) {
    s.fence(current.epoch);
    s.renew_membership(marker, "written", 1);
  });
  BOOST_TEST(test::sql_value("SELECT count(*) FROM cluster_members WHERE"
                             " node_id = '"
                             + marker + "'")
             == "1");
  leave(marker);
  // The members change; a write still proving the old epoch fails whole.
  leave(a);
  BOOST_REQUIRE(view().epoch > current.epoch);
  BOOST_CHECK_THROW(st.write([&](session& s) {
    s.renew_membership(marker, "written", 1);
    s.fence(current.epoch);
  }),
                    persistence::fenced);
  BOOST_TEST(test::sql_value("SELECT count(*) FROM cluster_members WHERE"
                             " node_id = '"
                             + marker + "'")
             == "0");
}

BOOST_AUTO_TEST_CASE(
  a_new_epoch_is_recorded_only_after_the_writes_fenced_under_the_old) {
  auto a = node("a"), b = node("b"), marker = node("marker");
  renew(a, 60'000);
  renew(b, 60'000);
  auto before = view();
  std::promise<void> fenced_in;
  using clock = std::chrono::steady_clock;
  clock::time_point committed;
  // A write proves the epoch, then takes its time before it commits.
  std::thread writer_thread([&] {
    persistence::store own{{test::database_url(), 1}};
    own.write([&](session& s) {
      s.fence(before.epoch);
      fenced_in.set_value();
      std::this_thread::sleep_for(std::chrono::milliseconds(400));
      s.renew_membership(marker, "written", 1);
    });
    committed = clock::now();
  });
  // Joined however the test ends.
  struct joined {
    std::thread& t;
    ~joined() {
      if (t.joinable())
        t.join();
    }
    void join() {
      t.join();
    }
  } writer{writer_thread};
  fenced_in.get_future().wait();
  // b leaves meanwhile: the new epoch is recorded only after that write.
  leave(b);
  auto after = view();
  auto recorded = clock::now();
  writer.join();
  BOOST_TEST(after.epoch > before.epoch);
  BOOST_TEST(!has_member(after, b));
  BOOST_TEST((recorded >= committed));
  // The write landed (it was proved before the change) ...
  BOOST_TEST(test::sql_value("SELECT count(*) FROM cluster_members WHERE"
                             " node_id = '"
                             + marker + "'")
             == "1");
  // ... and none proved under the old epoch can land after it.
  BOOST_CHECK_THROW(st.write([&](session& s) {
    s.fence(before.epoch);
  }),
                    persistence::fenced);
  leave(a);
  leave(marker);
}

BOOST_AUTO_TEST_CASE(a_writer_that_never_ends_delays_the_view_a_second_only) {
  auto a = node("a"), b = node("b");
  renew(a, 60'000);
  renew(b, 60'000);
  auto before = view();
  std::promise<void> fenced_in;
  std::promise<void> release;
  std::thread writer_thread([&] {
    persistence::store own{{test::database_url(), 1}};
    own.write([&](session& s) {
      s.fence(before.epoch);
      fenced_in.set_value();
      release.get_future().wait();
    });
  });
  fenced_in.get_future().wait();
  leave(b);
  using clock = std::chrono::steady_clock;
  auto asked = clock::now();
  auto during = view();
  auto waited = clock::now() - asked;
  release.set_value();
  writer_thread.join();
  // The recorded view, after about a second: not the change, not a hang.
  BOOST_TEST(during.epoch == before.epoch);
  BOOST_TEST((waited >= std::chrono::milliseconds(900)));
  BOOST_TEST((waited < std::chrono::seconds(5)));
  // Once the writer has ended, the change is recorded.
  BOOST_TEST(view().epoch > before.epoch);
  leave(a);
}

BOOST_AUTO_TEST_SUITE_END()
