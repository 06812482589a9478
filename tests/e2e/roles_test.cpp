// SPDX-License-Identifier: GPL-2.0-or-later
// Team roles: viewers read, members write transactions and tags, admins
// and owners also manage accounts and categories; and every record says
// which member created it and which changed it last.

#include <boost/test/unit_test.hpp>

#include "support/e2e.hpp"

using namespace purse::test;

namespace {

struct team_with_roles {
  user_with_key owner = make_user("family");
  user_with_key admin_user = make_user("solo");
  user_with_key member = make_user("solo");
  user_with_key viewer = make_user("solo");
  std::string team = admin_field(
    {"team", "create", "--name", "Roles", "--owner", owner.id}, "id");
  std::string scope = "/teams/" + team;
  std::string account;

  team_with_roles() {
    for (auto [u, role] :
         {std::pair{&admin_user, "admin"}, std::pair{&member, "member"},
          std::pair{&viewer, "viewer"}})
      admin_field({"team", "add-member", "--team", team, "--user", u->id,
                   "--role", role},
                  "team_id");
    account = make_account(owner.key, scope);
  }
};

} // namespace

BOOST_AUTO_TEST_SUITE(roles)

BOOST_FIXTURE_TEST_CASE(every_member_reads_the_team_itself, team_with_roles) {
  // GET /teams/{team}: the team scope's counterpart of GET /me.
  for (auto* u : {&owner, &admin_user, &member, &viewer}) {
    auto r = api().get(v1(scope), u->key);
    BOOST_REQUIRE_MESSAGE(r.status == 200, r.body);
    BOOST_TEST(r.at("/data/id") == team);
    BOOST_TEST(r.at("/data/name") == "Roles");
    BOOST_TEST(r.at("/data/owner_id") == owner.id);
    BOOST_TEST(r.at("/data/plan") == "family");
    BOOST_TEST(r.size_at("/data/members") == 4u);
    // The owner first, then by role.
    BOOST_TEST(r.at("/data/members/0/user_id") == owner.id);
    BOOST_TEST(r.at("/data/members/0/role") == "owner");
    BOOST_TEST(r.at("/data/members/1/role") == "admin");
    BOOST_TEST(r.at("/data/members/2/role") == "member");
    BOOST_TEST(r.at("/data/members/3/role") == "viewer");
  }
  BOOST_TEST(api().get(v1(scope), viewer.key).at("/data/your_role")
             == "viewer");
  BOOST_TEST(api().get(v1(scope), owner.key).at("/data/your_role") == "owner");
  // Outsiders and unknown teams look the same: 403.
  auto outsider = make_user("solo");
  BOOST_TEST(api().get(v1(scope), outsider.key).status == 403);
  BOOST_TEST(
    api()
      .get(v1("/teams/01a207ed-0000-7000-8000-000000000000"), owner.key)
      .status
    == 403);
  // Read-only, and no query parameters.
  BOOST_TEST(api().post(v1(scope), owner.key, "{}").status == 405);
  BOOST_TEST(api().get(v1(scope + "?x=1"), owner.key).status == 422);
}

BOOST_FIXTURE_TEST_CASE(viewers_read_but_never_write, team_with_roles) {
  BOOST_TEST(api().get(v1(scope + "/transactions"), viewer.key).status == 200);
  BOOST_TEST(api().get(v1(scope + "/accounts"), viewer.key).status == 200);
  auto r = make_expense(viewer.key, scope, account, "1");
  BOOST_TEST(r.status == 403);
  BOOST_TEST(r.at("/meta/code") == "403");
  BOOST_TEST(
    api().post(v1(scope + "/tags"), viewer.key, R"({"name":"x"})").status
    == 403);
}

BOOST_FIXTURE_TEST_CASE(members_write_transactions_and_tags_only,
                        team_with_roles) {
  auto tx = make_expense(member.key, scope, account, "2");
  BOOST_TEST(tx.status == 201);
  BOOST_TEST(api()
               .post(v1(scope + "/transactions/" + tx.at("/data/id") + "/void"),
                     member.key, "")
               .status
             == 200);
  BOOST_TEST(
    api().post(v1(scope + "/tags"), member.key, R"({"name":"m"})").status
    == 201);
  BOOST_TEST(api()
               .post(v1(scope + "/accounts"), member.key,
                     R"({"name":"x","currency_code":"USD"})")
               .status
             == 403);
  BOOST_TEST(
    api().post(v1(scope + "/categories"), member.key, R"({"name":"x"})").status
    == 403);
  BOOST_TEST(api().del(v1(scope + "/accounts/" + account), member.key).status
             == 403);
}

BOOST_FIXTURE_TEST_CASE(admins_and_owners_manage_accounts_and_categories,
                        team_with_roles) {
  BOOST_TEST(
    api()
      .post(v1(scope + "/categories"), admin_user.key, R"({"name":"Shared"})")
      .status
    == 201);
  BOOST_TEST(api()
               .post(v1(scope + "/accounts"), admin_user.key,
                     R"({"name":"Joint","currency_code":"USD"})")
               .status
             == 201);
  BOOST_TEST(api()
               .post(v1(scope + "/accounts"), owner.key,
                     R"({"name":"Owner's","currency_code":"USD"})")
               .status
             == 201);
  BOOST_TEST(
    api().get(v1(scope + "/accounts"), viewer.key).at("/data/pagination/total")
    == "3");
}

BOOST_FIXTURE_TEST_CASE(a_role_change_shows_on_the_next_request,
                        team_with_roles) {
  BOOST_TEST(make_expense(viewer.key, scope, account, "1").status == 403);
  admin_field({"team", "add-member", "--team", team, "--user", viewer.id,
               "--role", "member"},
              "team_id");
  BOOST_TEST(make_expense(viewer.key, scope, account, "1").status == 201);
}

BOOST_FIXTURE_TEST_CASE(records_say_who_created_and_who_last_changed_them,
                        team_with_roles) {
  auto by = [](const response& r, const std::string& who_created,
               const std::string& who_changed) {
    BOOST_TEST(r.at("/data/created_by") == who_created, r.body);
    BOOST_TEST(r.at("/data/updated_by") == who_changed, r.body);
  };
  // The fixture's account was created by the owner.
  auto acc = v1(scope + "/accounts/" + account);
  by(api().get(acc, member.key), owner.id, owner.id);
  by(api().patch(acc, admin_user.key, R"({"name":"Joint"})"), owner.id,
     admin_user.id);

  auto cat = api().post(v1(scope + "/categories"), admin_user.key,
                        R"({"name":"Food"})");
  BOOST_REQUIRE_MESSAGE(cat.status == 201, cat.body);
  by(cat, admin_user.id, admin_user.id);
  auto cat_path = v1(scope + "/categories/" + cat.at("/data/id"));
  by(api().patch(cat_path, owner.key, R"({"color":"#aabbcc"})"), admin_user.id,
     owner.id);

  auto tag = api().post(v1(scope + "/tags"), member.key, R"({"name":"trip"})");
  BOOST_REQUIRE_MESSAGE(tag.status == 201, tag.body);
  by(tag, member.id, member.id);
  by(api().patch(v1(scope + "/tags/" + tag.at("/data/id")), admin_user.key,
                 R"({"name":"Trip"})"),
     member.id, admin_user.id);

  auto file = api().post(
    v1(scope + "/files"), member.key,
    R"({"name":"r.txt","content_type":"text/plain","content_base64":")"
      + base64("receipt") + "\"}");
  BOOST_REQUIRE_MESSAGE(file.status == 201, file.body);
  by(file, member.id, member.id);

  // Transactions: created by the member, changed by the admin, voided by
  // the owner; reads and lists say the same.
  auto mine = make_expense(member.key, scope, account, "5");
  BOOST_REQUIRE_MESSAGE(mine.status == 201, mine.body);
  by(mine, member.id, member.id);
  auto tx = v1(scope + "/transactions/" + mine.at("/data/id"));
  by(api().patch(tx, admin_user.key, R"({"description":"lunch"})"), member.id,
     admin_user.id);
  by(api().post(tx + "/void", owner.key, ""), member.id, owner.id);
  auto theirs = make_expense(admin_user.key, scope, account, "7",
                             "2026-03-01T10:00:00Z",
                             R"("category_id":")" + cat.at("/data/id") + "\"");
  BOOST_REQUIRE_MESSAGE(theirs.status == 201, theirs.body);
  auto list = v1(scope + "/transactions?include_voided=true&created_by=");
  auto by_member = api().get(list + member.id, viewer.key);
  BOOST_REQUIRE_MESSAGE(by_member.status == 200, by_member.body);
  BOOST_TEST(by_member.at("/data/pagination/total") == "1");
  BOOST_TEST(by_member.at("/data/items/0/id") == mine.at("/data/id"));
  BOOST_TEST(by_member.at("/data/items/0/updated_by") == owner.id);
  BOOST_TEST(
    api().get(list + admin_user.id, viewer.key).at("/data/pagination/total")
    == "1");
  BOOST_TEST(
    api().get(list + viewer.id, viewer.key).at("/data/pagination/total")
    == "0");
  BOOST_TEST(api().get(list + "not-an-id", viewer.key).status == 422);

  // Moving transactions by deleting their category is the caller's change.
  auto other = api().post(v1(scope + "/categories"), admin_user.key,
                          R"({"name":"Other"})");
  BOOST_REQUIRE(other.status == 201);
  BOOST_TEST(api()
               .request("DELETE",
                        cat_path + "?reassign_to=" + other.at("/data/id"),
                        owner.key)
               .status
             == 200);
  by(api().get(v1(scope + "/transactions/" + theirs.at("/data/id")),
               viewer.key),
     admin_user.id, owner.id);

  // The server sets them: a body cannot.
  auto forged = api().patch(acc, owner.key,
                            R"({"created_by":")" + viewer.id + "\"}");
  BOOST_TEST(forged.status == 422);
  BOOST_TEST(forged.at("/data/created_by").find("not a known field")
             != std::string::npos);
  // In /me, the user's own id.
  auto personal = make_expense(viewer.key, "/me",
                               make_account(viewer.key, "/me"), "1");
  by(personal, viewer.id, viewer.id);
}

BOOST_AUTO_TEST_SUITE_END()
