// SPDX-License-Identifier: GPL-2.0-or-later
// Reports kept by their scope, driven message by message on the test
// scheduler against the real test database: a repeated report never
// reaches a persistence worker, a write of the scope drops what is kept,
// entries age out on the test clock, and a report computed while a write
// committed is not kept.

#include <boost/test/unit_test.hpp>

#include "purse/actors/report_cache.hpp"
#include "support/path_fixture.hpp"

using namespace purse;
using namespace purse::test;

namespace {

struct report_fixture : path_fixture {
  user_with_key user = make_user("solo");

  report_fixture() {
    // The scope's counts are loaded (and published) by a first call.
    BOOST_REQUIRE(code(call(user.key, list())) == code(errc::ok));
  }

  static api_call dashboard(std::string tz = "UTC") {
    api_call c;
    c.resource = "reports";
    c.op = operation::read;
    c.id = "dashboard";
    c.query = {{"month", "2026-11"}, {"tz", std::move(tz)}};
    return c;
  }

  /// Runs a call with the user's key; returns how many reads it sent to a
  /// persistence worker and keeps the answer in `last`.
  int worker_reads(api_call c) {
    send(user.key, std::move(c));
    auto n = run_counting<answer_atom, db_task, rate_limit_state>();
    last = reply();
    return n;
  }

  api_result last;
};

} // namespace

BOOST_AUTO_TEST_SUITE(report_cache_script)

BOOST_FIXTURE_TEST_CASE(a_repeated_report_is_answered_from_the_keeping,
                        report_fixture) {
  BOOST_TEST(worker_reads(dashboard()) == 1);
  BOOST_REQUIRE(code(last) == code(errc::ok));
  auto first = last;
  BOOST_TEST(worker_reads(dashboard()) == 0);
  BOOST_TEST(code(last) == code(errc::ok));
  BOOST_TEST(last.data == first.data);
  // The kept answer carries this call's bucket, not the first one's.
  BOOST_TEST(last.rate.remaining + 1 == first.rate.remaining);
  // Other parameters are another report.
  BOOST_TEST(worker_reads(dashboard("Europe/Berlin")) == 1);
  BOOST_TEST(worker_reads(dashboard("Europe/Berlin")) == 0);
}

BOOST_FIXTURE_TEST_CASE(a_write_of_the_scope_drops_what_is_kept,
                        report_fixture) {
  BOOST_TEST(worker_reads(dashboard()) == 1);
  BOOST_TEST(last.data.find("\"tags\":0") != std::string::npos, last.data);
  BOOST_REQUIRE(code(call(user.key, create("t"))) == code(errc::created));
  BOOST_TEST(worker_reads(dashboard()) == 1);
  BOOST_TEST(last.data.find("\"tags\":1") != std::string::npos, last.data);
  // A refused write changes nothing but is a write all the same.
  BOOST_REQUIRE(code(call(user.key, create("t"))) == code(errc::unprocessable));
  BOOST_TEST(worker_reads(dashboard()) == 1);
}

BOOST_FIXTURE_TEST_CASE(kept_answers_age_out, report_fixture) {
  BOOST_TEST(worker_reads(dashboard()) == 1);
  sched.clock().current_time += report_cache::ttl - std::chrono::seconds(1);
  BOOST_TEST(worker_reads(dashboard()) == 0);
  sched.clock().current_time += std::chrono::seconds(1);
  BOOST_TEST(worker_reads(dashboard()) == 1);
}

BOOST_FIXTURE_TEST_CASE(a_report_computed_across_a_write_is_not_kept,
                        report_fixture) {
  // The report is on its way to the worker when a write of the scope is
  // done (the scope actor drops the keeping, as it does after each batch):
  // the report's answer, maybe computed from older data, is not kept.
  send(user.key, dashboard());
  while (sched.has_job() && !next_is_for(worker))
    sched.run_once();
  BOOST_REQUIRE(next_is_for(worker));
  path->scopes.if_present(user.id, [](auto& e) {
    e.extra->reports.drop_all();
  });
  sched.run();
  BOOST_TEST(code(reply()) == code(errc::ok));
  BOOST_TEST(worker_reads(dashboard()) == 1);
}

BOOST_AUTO_TEST_CASE(answers_are_kept_per_zone_that_applies) {
  auto call = [](std::string caller, std::string zone,
                 std::vector<std::pair<std::string, std::string>> query) {
    api_call c;
    c.resource = "reports";
    c.op = operation::read;
    c.id = "total-spending";
    c.caller_id = std::move(caller);
    c.caller_timezone = std::move(zone);
    c.query = std::move(query);
    return report_cache_key(c);
  };
  const query_params range{{"from", "2026-01-01"}, {"to", "2026-01-31"}};
  auto with_tz = range;
  with_tz.emplace_back("tz", "Asia/Tokyo");
  // No tz: the caller's profile zone applies, whoever the caller is.
  BOOST_TEST(call("a", "Europe/Berlin", range)
             == call("b", "Europe/Berlin", range));
  BOOST_TEST(call("a", "Europe/Berlin", range)
             != call("a", "Asia/Tokyo", range));
  // A tz parameter: the profile zone does not matter.
  BOOST_TEST(call("a", "Europe/Berlin", with_tz) == call("b", "UTC", with_tz));
  BOOST_TEST(call("a", "Asia/Tokyo", range)
             != call("a", "Asia/Tokyo", with_tz));
}

BOOST_AUTO_TEST_SUITE_END()
