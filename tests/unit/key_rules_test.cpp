// SPDX-License-Identifier: GPL-2.0-or-later
// The rules that decide whether a presented key may act, in their order.

#include <boost/test/unit_test.hpp>

#include <limits>

#include "purse/actors/key_rules.hpp"

using namespace purse;

namespace {

constexpr std::int64_t now = 1'800'000'000;

key_state good_key() {
  key_state k;
  k.key_found = true;
  k.key_id = "k";
  k.secret_hash = std::string(64, 'a');
  k.audience = "public-api";
  k.expires_at = now + 1;
  k.user_id = "u";
  k.user_plan = "solo";
  return k;
}

int code(const std::optional<api_result>& r) {
  return r ? static_cast<int>(r->code) : -1;
}

const int unauthenticated = static_cast<int>(errc::unauthenticated);

} // namespace

BOOST_AUTO_TEST_SUITE(key_rules)

BOOST_AUTO_TEST_CASE(a_known_unrevoked_unexpired_key_with_its_secret_passes) {
  BOOST_TEST(code(check_credentials(good_key(), std::string(64, 'a'), now))
             == -1);
}

BOOST_AUTO_TEST_CASE(unknown_wrong_revoked_and_expired_keys_are_401) {
  auto k = good_key();
  BOOST_TEST(code(check_credentials(k, std::string(64, 'b'), now))
             == unauthenticated);
  auto unknown = k;
  unknown.key_found = false;
  BOOST_TEST(code(check_credentials(unknown, k.secret_hash, now))
             == unauthenticated);
  auto revoked = k;
  revoked.revoked_at = now - 5;
  auto r = check_credentials(revoked, k.secret_hash, now);
  BOOST_TEST(code(r) == unauthenticated);
  BOOST_TEST(r->message == "The API key has been revoked");
  auto expired = k;
  expired.expires_at = now; // expiry is exclusive
  r = check_credentials(expired, k.secret_hash, now);
  BOOST_TEST(code(r) == unauthenticated);
  BOOST_TEST(r->message.find("expired") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(the_secret_is_checked_before_revocation_is_told) {
  // A wrong secret never learns whether the key was revoked.
  auto revoked = good_key();
  revoked.revoked_at = 1;
  auto r = check_credentials(revoked, std::string(64, 'b'), now);
  BOOST_TEST(r->message == "The API key is invalid");
}

BOOST_AUTO_TEST_CASE(audience_before_plan) {
  auto app = good_key();
  app.audience = "app";
  app.user_plan = "free";
  BOOST_TEST(code(check_access(app, "/up"))
             == static_cast<int>(errc::forbidden));
  auto free = good_key();
  free.user_plan = "free";
  auto r = check_access(free, "/up");
  BOOST_TEST(code(r) == static_cast<int>(errc::payment_required));
  BOOST_TEST(r->data.find("/up") != std::string::npos);
  BOOST_TEST(code(check_access(good_key(), "/up")) == -1);
}

BOOST_AUTO_TEST_CASE(teams_need_membership_then_a_paid_owner) {
  auto k = good_key();
  BOOST_TEST(code(check_team(k, "/up")) == static_cast<int>(errc::forbidden));
  k.team_found = true;
  BOOST_TEST(code(check_team(k, "/up")) == static_cast<int>(errc::forbidden));
  k.team_role = "viewer";
  k.team_owner_plan = "free";
  BOOST_TEST(code(check_team(k, "/up"))
             == static_cast<int>(errc::payment_required));
  k.team_owner_plan = "family";
  BOOST_TEST(code(check_team(k, "/up")) == -1);
}

BOOST_AUTO_TEST_CASE(a_402_says_whose_plan_failed) {
  auto k = good_key();
  k.team_found = true;
  k.team_role = "member";
  k.team_owner_plan = "free";
  auto owners = check_team(k, "/up");
  BOOST_REQUIRE(owners);
  BOOST_TEST(owners->plan_required_of == "team_owner");
  BOOST_TEST(owners->message.find("team owner's plan") != std::string::npos);
  k.user_plan = "free";
  k.team_owner_plan = "family";
  for (bool team_path : {false, true}) {
    auto own = check_access(k, "/up", team_path);
    BOOST_REQUIRE(own);
    BOOST_TEST(own->plan_required_of == "caller");
    // The caller's 402 never reads as the owner's.
    BOOST_TEST(own->message.find("owner") == std::string::npos);
  }
  BOOST_TEST(check_access(k, "/up", true)->message.find("Your own plan") == 0u);
  // Answers other than a 402 say nothing of plans.
  k.user_plan = "solo";
  k.audience = "app";
  BOOST_TEST(check_access(k, "/up")->plan_required_of.empty());
}

BOOST_AUTO_TEST_SUITE_END()
