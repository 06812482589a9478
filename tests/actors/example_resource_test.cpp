// SPDX-License-Identifier: GPL-2.0-or-later
// The example of docs/ARCHITECTURE.md's "Adding a resource"
// (tests/support/example_resource.cpp: notes, with a plan quota), added to
// the registry by this binary and driven as any resource is: its routes
// from the route table the HTTP front builds, its calls through the key
// actor, the scope actor and a write batch against the real database, its
// quota and its count in /me/usage.

#include <algorithm>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "routes.hpp"
#include "support/example_resource.hpp"
#include "support/path_fixture.hpp"

using namespace purse;
using namespace purse::test;

namespace {

/// Registers the example before any test of this binary reads the
/// registry (every scope of this binary then counts its notes too).
struct example_registered {
  example_registered() {
    add_example_resource();
  }
};

/// A solo user's request path, with solo.notes=3 (the operator's
/// --quotas) so that the quota is reached within the write bucket.
struct notes_fixture : path_fixture {
  notes_fixture() : path_fixture("solo.notes=3") {
    // nop
  }

  user_with_key user = make_user("solo");

  /// The call the HTTP front makes of `method` and `path` (under the
  /// versioned prefix), with `body`.
  static api_call request(std::string_view method, const std::string& path,
                          std::string body = {}) {
    auto m = http::match_route(method, std::string{http::api_prefix} + path);
    BOOST_REQUIRE(m.what == http::route_match::kind::call);
    m.call.body = std::move(body);
    return m.call;
  }

  api_result create_note(const std::string& scope, const std::string& name) {
    return call(user.key, request("POST", scope + "/notes",
                                  R"({"name":")" + name + "\"}"));
  }
};

bool has(const std::vector<std::string>& xs, const std::string& x) {
  return std::find(xs.begin(), xs.end(), x) != xs.end();
}

} // namespace

BOOST_TEST_GLOBAL_FIXTURE(example_registered);

BOOST_AUTO_TEST_SUITE(example_resource)

BOOST_AUTO_TEST_CASE(notes_are_routed_and_their_quota_is_declared) {
  auto routes = http::route_list();
  for (std::string scope : {"/me", "/teams/{team}"}) {
    for (auto route :
         {"GET " + scope + "/notes", "POST " + scope + "/notes",
          "GET " + scope + "/notes/{id}", "PATCH " + scope + "/notes/{id}",
          "PUT " + scope + "/notes/{id}", "DELETE " + scope + "/notes/{id}"})
      BOOST_TEST(has(routes, route), route);
  }
  auto m = http::match_route("POST", std::string{http::api_prefix}
                                       + "/teams/t-1/notes");
  BOOST_TEST(static_cast<int>(m.what)
             == static_cast<int>(http::route_match::kind::call));
  BOOST_TEST(m.call.resource == "notes");
  BOOST_TEST(m.call.team == "t-1");
  BOOST_TEST(!m.call.is_read);

  auto& names = quota_table::names();
  BOOST_TEST(std::count(names.begin(), names.end(), "notes") == 1);
  auto defaults = quota_table::defaults();
  BOOST_TEST(defaults.limit("free", "notes") == 2);
  BOOST_TEST(defaults.limit("solo", "notes") == 50);
  BOOST_TEST(defaults.limit("family", "notes") == 200);
  // The registry is read: nothing joins it any more.
  BOOST_CHECK_THROW(register_resource(notes_resource()), std::logic_error);
}

BOOST_FIXTURE_TEST_CASE(creates_stop_at_the_plan_quota, notes_fixture) {
  for (auto name : {"one", "two", "three"})
    BOOST_TEST(code(create_note("/me", name)) == code(errc::created), name);
  // The same refusal as tags past their quota (quota_refusal).
  auto over = create_note("/me", "four");
  BOOST_TEST(code(over) == code(errc::quota_exceeded));
  BOOST_TEST(over.message.find("the solo plan allows 3 notes in a scope;"
                               " this scope has 3")
               != std::string::npos,
             over.message);
  BOOST_TEST(over.data.find("\"notes\"") != std::string::npos, over.data);

  auto listed = call(user.key, request("GET", "/me/notes"));
  BOOST_TEST(code(listed) == code(errc::ok));
  BOOST_TEST(listed.data.find("\"total\":3") != std::string::npos, listed.data);
  BOOST_TEST(listed.data.find("\"four\"") == std::string::npos);

  auto usage = call(user.key, request("GET", "/me/usage"));
  BOOST_TEST(code(usage) == code(errc::ok));
  BOOST_TEST(usage.data.find(R"("notes":{"used":3,"limit":3})")
               != std::string::npos,
             usage.data);

  // A delete frees a place.
  auto first = create_note("/me", "five");
  BOOST_REQUIRE(code(first) == code(errc::quota_exceeded));
  auto one = listed.data.substr(listed.data.find("\"id\":\"") + 6, 36);
  BOOST_TEST(code(call(user.key, request("DELETE", "/me/notes/" + one)))
             == code(errc::ok));
  BOOST_TEST(code(create_note("/me", "five")) == code(errc::created));
}

BOOST_FIXTURE_TEST_CASE(a_team_counts_its_own_notes, notes_fixture) {
  auto team = admin_field({"team", "create", "--name", "N", "--owner", user.id},
                          "id");
  BOOST_TEST(code(create_note("/me", "mine")) == code(errc::created));
  BOOST_TEST(code(create_note("/teams/" + team, "ours"))
             == code(errc::created));
  auto usage = call(user.key, request("GET", "/teams/" + team + "/usage"));
  BOOST_TEST(code(usage) == code(errc::ok));
  BOOST_TEST(usage.data.find(R"("notes":{"used":1,"limit":3})")
               != std::string::npos,
             usage.data);
  auto listed = call(user.key, request("GET", "/teams/" + team + "/notes"));
  BOOST_TEST(listed.data.find("\"ours\"") != std::string::npos, listed.data);
  BOOST_TEST(listed.data.find("\"mine\"") == std::string::npos, listed.data);
}

BOOST_AUTO_TEST_SUITE_END()
