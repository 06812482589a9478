// SPDX-License-Identifier: GPL-2.0-or-later
// The route table: paths and methods to calls, 404 and 405.

#include <boost/test/unit_test.hpp>

#include <algorithm>

#include "routes.hpp"

using namespace purse;
using namespace purse::http;

namespace {

int op_of(const route_match& m) {
  return static_cast<int>(m.call.op);
}

} // namespace

BOOST_AUTO_TEST_SUITE(routes)

BOOST_AUTO_TEST_CASE(collections_list_and_create_in_both_scopes) {
  auto me = match_route("GET", "/api/public/v1/me/transactions");
  BOOST_TEST((me.what == route_match::kind::call));
  BOOST_TEST(me.call.resource == "transactions");
  BOOST_TEST(me.call.team.empty());
  BOOST_TEST(op_of(me) == static_cast<int>(operation::list));
  BOOST_TEST(me.call.is_read);
  auto team = match_route("POST", "/api/public/v1/teams/t1/accounts");
  BOOST_TEST((team.what == route_match::kind::call));
  BOOST_TEST(team.call.team == "t1");
  BOOST_TEST(op_of(team) == static_cast<int>(operation::create));
  BOOST_TEST(!team.call.is_read);
}

BOOST_AUTO_TEST_CASE(items_map_each_method_to_an_operation) {
  auto path = "/api/public/v1/me/tags/abc";
  BOOST_TEST(op_of(match_route("GET", path))
             == static_cast<int>(operation::read));
  BOOST_TEST(op_of(match_route("HEAD", path))
             == static_cast<int>(operation::read));
  BOOST_TEST(match_route("HEAD", path).call.is_read);
  BOOST_TEST(op_of(match_route("PATCH", path))
             == static_cast<int>(operation::update));
  BOOST_TEST(op_of(match_route("PUT", path))
             == static_cast<int>(operation::replace));
  BOOST_TEST(op_of(match_route("DELETE", path))
             == static_cast<int>(operation::remove));
  BOOST_TEST(match_route("GET", path).call.id == "abc");
}

BOOST_AUTO_TEST_CASE(only_declared_actions_exist) {
  auto v = match_route("POST", "/api/public/v1/me/transactions/x/void");
  BOOST_TEST((v.what == route_match::kind::call));
  BOOST_TEST(v.call.action == "void");
  BOOST_TEST((match_route("POST", "/api/public/v1/me/tags/x/void").what
              == route_match::kind::not_found));
  auto get = match_route("GET", "/api/public/v1/me/transactions/x/void");
  BOOST_TEST((get.what == route_match::kind::method_not_allowed));
  BOOST_TEST(get.allow == "POST");
}

BOOST_AUTO_TEST_CASE(a_collection_download_is_a_get_without_an_item_id) {
  for (auto method : {"GET", "HEAD"}) {
    auto e = match_route(method,
                         "/api/public/v1/teams/t/transactions/export.csv");
    BOOST_TEST((e.what == route_match::kind::call));
    BOOST_TEST(op_of(e) == static_cast<int>(operation::list));
    BOOST_TEST(e.call.action == "export.csv");
    BOOST_TEST(e.call.id.empty());
    BOOST_TEST(e.call.is_read);
    BOOST_TEST(e.call.team == "t");
  }
  for (auto method : {"POST", "PATCH", "PUT", "DELETE"}) {
    auto w = match_route(method, "/api/public/v1/me/transactions/export.csv");
    BOOST_TEST((w.what == route_match::kind::method_not_allowed));
    BOOST_TEST(w.allow == "GET, HEAD");
  }
  // Other collections have none: there it is an item id.
  BOOST_TEST(match_route("GET", "/api/public/v1/me/tags/export.csv").call.id
             == "export.csv");
  auto listed = route_list();
  BOOST_TEST(
    (std::find(listed.begin(), listed.end(), "GET /me/transactions/export.csv")
     != listed.end()));
  BOOST_TEST((std::find(listed.begin(), listed.end(),
                        "GET /teams/{team}/transactions/export.csv")
              != listed.end()));
}

BOOST_AUTO_TEST_CASE(a_collection_action_is_a_post_without_an_item_id) {
  auto b = match_route("POST", "/api/public/v1/teams/t/transactions/batch");
  BOOST_TEST((b.what == route_match::kind::call));
  BOOST_TEST(op_of(b) == static_cast<int>(operation::action));
  BOOST_TEST(b.call.action == "batch");
  BOOST_TEST(b.call.id.empty());
  BOOST_TEST(b.call.team == "t");
  auto get = match_route("GET", "/api/public/v1/me/transactions/batch");
  BOOST_TEST((get.what == route_match::kind::method_not_allowed));
  BOOST_TEST(get.allow == "POST");
  // Other collections have no such action: "batch" is an item id there.
  BOOST_TEST(match_route("GET", "/api/public/v1/me/tags/batch").call.id
             == "batch");
  BOOST_TEST((match_route("POST", "/api/public/v1/me/tags/batch").what
              == route_match::kind::method_not_allowed));
  auto routes = route_list();
  BOOST_TEST(std::count(routes.begin(), routes.end(),
                        "POST /teams/{team}/transactions/batch")
             == 1);
}

BOOST_AUTO_TEST_CASE(wrong_methods_are_405_with_the_allowed_ones) {
  auto m = match_route("DELETE", "/api/public/v1/me/transactions");
  BOOST_TEST((m.what == route_match::kind::method_not_allowed));
  BOOST_TEST(m.allow == "GET, HEAD, POST");
  auto i = match_route("POST", "/api/public/v1/teams/t/tags/x");
  BOOST_TEST(i.allow == "GET, HEAD, PATCH, PUT, DELETE");
}

BOOST_AUTO_TEST_CASE(me_and_usage_are_read_only_documents) {
  auto me = match_route("GET", "/api/public/v1/me");
  BOOST_TEST((me.what == route_match::kind::call));
  BOOST_TEST(me.call.resource == "profile");
  BOOST_TEST(op_of(me) == static_cast<int>(operation::read));
  BOOST_TEST(match_route("POST", "/api/public/v1/me").allow == "GET, HEAD");
  auto usage = match_route("HEAD", "/api/public/v1/teams/t/usage");
  BOOST_TEST(usage.call.resource == "usage");
  BOOST_TEST(usage.call.team == "t");
  BOOST_TEST(op_of(usage) == static_cast<int>(operation::read));
  BOOST_TEST(match_route("DELETE", "/api/public/v1/me/usage").allow
             == "GET, HEAD");
}

BOOST_AUTO_TEST_CASE(anything_else_is_404) {
  for (auto path : {"/", "/api/public/v1", "/api/public/v1/",
                    "/api/public/v2/me/tags", "/api/public/v1/me/unknown",
                    "/api/public/v1/teams/t/me", "/api/public/v1/me/usage/x",
                    "/api/public/v1/teams//tags", "/api/public/v1/teams/",
                    "/api/public/v1/me/tags//", "/api/public/v1/me/tags/a/b/c",
                    "/api/public/v1x/me/tags", "/api/public/v1/you/tags"})
    BOOST_TEST((match_route("GET", path).what == route_match::kind::not_found),
               path);
}

BOOST_AUTO_TEST_CASE(a_team_root_is_the_team_document) {
  auto team = match_route("GET", "/api/public/v1/teams/t1");
  BOOST_TEST((team.what == route_match::kind::call));
  BOOST_TEST(team.call.resource == "team");
  BOOST_TEST(team.call.team == "t1");
  BOOST_TEST((team.call.op == operation::read));
  BOOST_TEST(match_route("PATCH", "/api/public/v1/teams/t1").allow
             == "GET, HEAD");
}

BOOST_AUTO_TEST_CASE(reports_are_read_only_items_of_both_scopes) {
  auto me = match_route("GET", "/api/public/v1/me/reports/total-spending");
  BOOST_TEST((me.what == route_match::kind::call));
  BOOST_TEST(me.call.resource == "reports");
  BOOST_TEST(me.call.id == "total-spending");
  BOOST_TEST(op_of(me) == static_cast<int>(operation::read));
  auto team = match_route("HEAD", "/api/public/v1/teams/t1/reports/dashboard");
  BOOST_TEST(team.call.team == "t1");
  BOOST_TEST(team.call.id == "dashboard");
  auto list = match_route("GET", "/api/public/v1/me/reports");
  BOOST_TEST(op_of(list) == static_cast<int>(operation::list));
  for (auto method : {"POST", "PUT", "PATCH", "DELETE"}) {
    auto m = match_route(method, "/api/public/v1/me/reports/dashboard");
    BOOST_TEST((m.what == route_match::kind::method_not_allowed));
    BOOST_TEST(m.allow == "GET, HEAD");
  }
  BOOST_TEST((match_route("GET", "/api/public/v1/me/reports/a/b").what
              == route_match::kind::not_found));
  BOOST_TEST((match_route("GET", "/api/public/v1/me/reports/net-worth").what
              == route_match::kind::not_found));
}

BOOST_AUTO_TEST_CASE(files_are_read_and_deleted_but_never_edited) {
  for (auto method : {"PATCH", "PUT"}) {
    auto m = match_route(method, "/api/public/v1/me/files/f1");
    BOOST_TEST((m.what == route_match::kind::method_not_allowed));
    BOOST_TEST(m.allow == "GET, HEAD, DELETE");
  }
  BOOST_TEST(op_of(match_route("DELETE", "/api/public/v1/me/files/f1"))
             == static_cast<int>(operation::remove));
}

BOOST_AUTO_TEST_CASE(the_route_list_names_every_route_of_both_scopes) {
  auto routes = route_list();
  auto has = [&](const std::string& line) {
    return std::find(routes.begin(), routes.end(), line) != routes.end();
  };
  BOOST_TEST(has("GET /openapi.json"));
  BOOST_TEST(has("GET /currencies"));
  BOOST_TEST(has("POST /teams/{team}/transactions/{id}/void"));
  BOOST_TEST(has("GET /me/files/{id}/content"));
  BOOST_TEST(has("GET /teams/{team}/reports/dashboard"));
  BOOST_TEST(!has("PATCH /me/files/{id}"));
  BOOST_TEST(!has("GET /me/reports/{id}"));
  // Every listed route matches as listed.
  for (auto& line : routes) {
    auto space = line.find(' ');
    std::string path = "/api/public/v1" + line.substr(space + 1);
    for (auto* placeholder : {"{team}", "{id}", "{asset}"}) {
      auto at = path.find(placeholder);
      if (at != std::string::npos)
        path.replace(at, std::string{placeholder}.size(), "x1");
    }
    if (path.find("/openapi.json") != std::string::npos
        || path.find("/docs") != std::string::npos)
      continue; // served before the route table
    BOOST_TEST_CONTEXT(line) {
      BOOST_TEST((match_route(line.substr(0, space), path).what
                  == route_match::kind::call));
    }
  }
}

BOOST_AUTO_TEST_CASE(currencies_have_no_scope) {
  auto m = match_route("GET", "/api/public/v1/currencies");
  BOOST_TEST((m.what == route_match::kind::call));
  BOOST_TEST(m.call.resource == "currencies");
  BOOST_TEST(op_of(m) == static_cast<int>(operation::list));
  BOOST_TEST(m.call.team.empty());
  BOOST_TEST((match_route("POST", "/api/public/v1/currencies").what
              == route_match::kind::method_not_allowed));
  BOOST_TEST((match_route("GET", "/api/public/v1/currencies/USD").what
              == route_match::kind::not_found));
  BOOST_TEST((match_route("GET", "/api/public/v1/me/currencies").what
              == route_match::kind::not_found));
}

BOOST_AUTO_TEST_SUITE_END()
