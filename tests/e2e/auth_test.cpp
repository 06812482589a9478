// SPDX-License-Identifier: GPL-2.0-or-later
// Who may call: keys, plans, audiences, teams (SPEC "Authentication").

#include <boost/test/unit_test.hpp>

#include "purse/actors/api_key.hpp"
#include "support/e2e.hpp"

using namespace purse::test;

namespace {

void expect_envelope(const response& r, long status) {
  BOOST_TEST(r.status == status);
  BOOST_TEST(r.at("/meta/code") == std::to_string(status));
  BOOST_TEST(!r.at("/meta/message").empty());
  if (status >= 400) {
    BOOST_TEST(!r.at("/meta/error").empty());
    BOOST_TEST(r.at("/meta/request_id") == r.header("x-request-id"));
  } else {
    BOOST_TEST(r.at("/meta/error").empty());
  }
}

} // namespace

BOOST_AUTO_TEST_SUITE(auth)

BOOST_AUTO_TEST_CASE(a_valid_key_on_a_paid_plan_is_accepted) {
  auto u = make_user("solo");
  auto r = api().get(v1("/me/transactions"), u.key);
  expect_envelope(r, 200);
  BOOST_TEST(r.at("/data/pagination/total") == "0");
  BOOST_TEST(!r.header("x-request-id").empty());
}

BOOST_AUTO_TEST_CASE(a_missing_authorization_header_is_401) {
  auto r = api().get(v1("/me/transactions"), "");
  expect_envelope(r, 401);
  BOOST_TEST(r.header("www-authenticate").find("Bearer") == 0u);
}

BOOST_AUTO_TEST_CASE(a_scheme_other_than_bearer_is_401) {
  auto u = make_user("solo");
  auto r = api().request("GET", v1("/me/transactions"), "", "",
                         {"Authorization: Basic " + u.key});
  expect_envelope(r, 401);
}

BOOST_AUTO_TEST_CASE(a_malformed_or_mistyped_key_is_401) {
  auto u = make_user("solo");
  auto typo = u.key;
  typo[10] = typo[10] == 'a' ? 'b' : 'a';
  expect_envelope(api().get(v1("/me/transactions"), typo), 401);
  expect_envelope(api().get(v1("/me/transactions"), "purse_nonsense"), 401);
  expect_envelope(api().get(v1("/me/transactions"), u.key + "x"), 401);
}

BOOST_AUTO_TEST_CASE(an_unknown_well_formed_key_is_401) {
  auto key = purse::generate_api_key();
  expect_envelope(api().get(v1("/me/transactions"), key.secret), 401);
}

BOOST_AUTO_TEST_CASE(a_cookie_never_authenticates) {
  auto u = make_user("solo");
  auto r = api().request("GET", v1("/me/transactions"), "", "",
                         {"Cookie: session=" + u.key});
  expect_envelope(r, 401);
}

BOOST_AUTO_TEST_CASE(revocation_takes_effect_on_the_next_request) {
  auto u = make_user("solo");
  expect_envelope(api().get(v1("/me/transactions"), u.key), 200);
  auto r = admin({"key", "revoke", "--key", u.key_id});
  BOOST_REQUIRE_EQUAL(r.exit_code, 0);
  auto after = api().get(v1("/me/transactions"), u.key);
  expect_envelope(after, 401);
  BOOST_TEST(after.at("/meta/message").find("revoked") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(an_expired_key_is_401) {
  auto u = make_user("solo");
  sql("UPDATE api_keys SET expires_at = 1000 WHERE id = '" + u.key_id + "'");
  auto r = api().get(v1("/me/transactions"), u.key);
  expect_envelope(r, 401);
  BOOST_TEST(r.at("/meta/message").find("expired") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_free_plan_gets_402_with_an_upgrade_hint) {
  auto u = make_user("free");
  auto r = api().get(v1("/me/transactions"), u.key);
  expect_envelope(r, 402);
  BOOST_TEST(r.at("/data/current_plan") == "free");
  BOOST_TEST(r.at("/data/plans_with_api_access/0") == "solo");
  BOOST_TEST(r.at("/data/plans_with_api_access/1") == "family");
  BOOST_TEST(!r.at("/data/upgrade_url").empty());
}

BOOST_AUTO_TEST_CASE(a_downgrade_shows_on_the_next_call_and_an_upgrade_too) {
  auto u = make_user("family");
  expect_envelope(api().get(v1("/me/accounts"), u.key), 200);
  admin_field({"user", "set-plan", "--user", u.id, "--plan", "free"}, "id");
  expect_envelope(api().get(v1("/me/accounts"), u.key), 402);
  admin_field({"user", "set-plan", "--user", u.id, "--plan", "solo"}, "id");
  expect_envelope(api().get(v1("/me/accounts"), u.key), 200);
}

BOOST_AUTO_TEST_CASE(a_key_for_another_audience_is_403) {
  auto u = make_user("solo");
  auto secret = make_key(u.id, "app");
  expect_envelope(api().get(v1("/me/transactions"), secret), 403);
}

BOOST_AUTO_TEST_CASE(a_team_path_by_a_non_member_or_for_no_team_is_403) {
  auto owner = make_user("solo");
  auto stranger = make_user("solo");
  auto team = admin_field(
    {"team", "create", "--name", "Home", "--owner", owner.id}, "id");
  auto not_member = api().get(v1("/teams/" + team + "/transactions"),
                              stranger.key);
  auto no_team
    = api().get(v1("/teams/00000000-0000-7000-8000-000000000000/transactions"),
                stranger.key);
  expect_envelope(not_member, 403);
  expect_envelope(no_team, 403);
  // The two are indistinguishable: existence of a team is not revealed.
  BOOST_TEST(not_member.at("/meta/message") == no_team.at("/meta/message"));
  expect_envelope(api().get(v1("/teams/" + team + "/transactions"), owner.key),
                  200);
}

BOOST_AUTO_TEST_CASE(a_team_owned_by_a_free_user_is_402_for_members) {
  auto owner = make_user("solo");
  auto member = make_user("solo");
  auto team = admin_field(
    {"team", "create", "--name", "Flat", "--owner", owner.id}, "id");
  admin_field({"team", "add-member", "--team", team, "--user", member.id,
               "--role", "member"},
              "team_id");
  expect_envelope(api().get(v1("/teams/" + team + "/tags"), member.key), 200);
  admin_field({"user", "set-plan", "--user", owner.id, "--plan", "free"}, "id");
  expect_envelope(api().get(v1("/teams/" + team + "/tags"), member.key), 402);
}

BOOST_AUTO_TEST_CASE(a_402_says_whose_plan_failed) {
  auto owner = make_user("solo");
  auto member = make_user("free");
  auto team = admin_field(
    {"team", "create", "--name", "Split", "--owner", owner.id}, "id");
  admin_field({"team", "add-member", "--team", team, "--user", member.id,
               "--role", "member"},
              "team_id");
  // A Free member of a paid team: their own plan fails, on the team's
  // paths as on their own, and the answer says so.
  auto own = api().get(v1("/teams/" + team + "/tags"), member.key);
  expect_envelope(own, 402);
  BOOST_TEST(own.at("/meta/plan_required_of") == "caller");
  BOOST_TEST(own.at("/data/current_plan") == "free");
  BOOST_TEST(own.at("/meta/message").find("Your own plan")
             != std::string::npos);
  BOOST_TEST(own.at("/meta/message").find("owner") == std::string::npos);
  auto personal = api().get(v1("/me/tags"), member.key);
  expect_envelope(personal, 402);
  BOOST_TEST(personal.at("/meta/plan_required_of") == "caller");
  // A paid member of a team whose owner dropped to Free: the owner's.
  admin_field({"user", "set-plan", "--user", member.id, "--plan", "solo"},
              "id");
  admin_field({"user", "set-plan", "--user", owner.id, "--plan", "free"}, "id");
  auto owners = api().get(v1("/teams/" + team + "/tags"), member.key);
  expect_envelope(owners, 402);
  BOOST_TEST(owners.at("/meta/plan_required_of") == "team_owner");
  BOOST_TEST(owners.at("/data/current_plan") == "free");
  BOOST_TEST(owners.at("/meta/message").find("team owner's plan")
             != std::string::npos);
  // Other answers carry no such field.
  auto fine = api().get(v1("/me/tags"), member.key);
  expect_envelope(fine, 200);
  BOOST_TEST(fine.at("/meta/plan_required_of").empty());
}

BOOST_AUTO_TEST_CASE(a_removed_member_loses_access_on_the_next_request) {
  auto owner = make_user("solo");
  auto member = make_user("solo");
  auto team = admin_field(
    {"team", "create", "--name", "Club", "--owner", owner.id}, "id");
  admin_field({"team", "add-member", "--team", team, "--user", member.id,
               "--role", "viewer"},
              "team_id");
  expect_envelope(api().get(v1("/teams/" + team + "/accounts"), member.key),
                  200);
  auto r
    = admin({"team", "remove-member", "--team", team, "--user", member.id});
  BOOST_REQUIRE_EQUAL(r.exit_code, 0);
  expect_envelope(api().get(v1("/teams/" + team + "/accounts"), member.key),
                  403);
}

BOOST_AUTO_TEST_CASE(the_request_id_is_echoed_when_sane_and_replaced_if_not) {
  auto u = make_user("solo");
  auto sane = api().request("GET", v1("/me/tags"), u.key, "",
                            {"X-Request-Id: trace-123.abc"});
  BOOST_TEST(sane.header("x-request-id") == "trace-123.abc");
  auto odd = api().request("GET", v1("/me/tags"), u.key, "",
                           {"X-Request-Id: <script>"});
  BOOST_TEST(odd.header("x-request-id") != "<script>");
  BOOST_TEST(odd.header("x-request-id").size() == 36u);
}

BOOST_AUTO_TEST_CASE(keys_never_appear_in_the_server_log) {
  auto u = make_user("solo");
  api().get(v1("/me/transactions"), u.key);
  api().get(v1("/me/transactions"), u.key + "x");
  auto log = shared_server().log();
  BOOST_TEST(log.find("\"event\":\"request\"") != std::string::npos);
  BOOST_TEST(log.find(u.key) == std::string::npos);
  BOOST_TEST(log.find(u.key.substr(6, 20)) == std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
