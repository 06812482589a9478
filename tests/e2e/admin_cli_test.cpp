// purse-admin: the operator contract (exit codes, JSON, rules).

#include <boost/test/unit_test.hpp>

#include <ctime>
#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

#include "support/e2e.hpp"

using namespace purse::test;

BOOST_AUTO_TEST_SUITE(admin_cli)

BOOST_AUTO_TEST_CASE(key_lifetime_is_1_to_365_days_default_30) {
  auto u = make_user("solo");
  for (auto bad : {"0", "366", "-1", "x", "1.5"}) {
    auto r = admin({"key", "create", "--user", u.id, "--days", bad});
    BOOST_TEST(r.exit_code != 0, bad);
    BOOST_TEST(!r.err.empty());
    BOOST_TEST(r.out.empty());
  }
  auto r
    = admin({"key", "create", "--user", u.id, "--days", "365", "--name", "ci"});
  BOOST_TEST(r.exit_code == 0);
  BOOST_TEST(r.out.find("\"secret\":\"purse_") != std::string::npos);
  BOOST_TEST(r.out.find("\"expires_at\":\"") != std::string::npos);
  // The lifetime, from the key's own times: 365 days as asked, 30 when not.
  auto lifetime_days = [&](std::vector<std::string> args) {
    auto made = admin(args);
    BOOST_REQUIRE_MESSAGE(made.exit_code == 0, made.err);
    auto field = [&](const std::string& name) {
      auto at = made.out.find("\"" + name + "\":\"");
      BOOST_REQUIRE(at != std::string::npos);
      std::tm tm{};
      std::istringstream in{made.out.substr(at + name.size() + 4, 20)};
      in >> std::get_time(&tm, "%Y-%m-%dT%H:%M:%SZ");
      BOOST_REQUIRE(!in.fail());
      return static_cast<long long>(timegm(&tm));
    };
    auto seconds = field("expires_at") - field("created_at");
    BOOST_TEST(seconds % 86'400 == 0);
    return seconds / 86'400;
  };
  BOOST_TEST(lifetime_days({"key", "create", "--user", u.id}) == 30);
  BOOST_TEST(lifetime_days({"key", "create", "--user", u.id, "--days", "365"})
             == 365);
  BOOST_TEST(lifetime_days({"key", "create", "--user", u.id, "--days", "1"})
             == 1);
}

BOOST_AUTO_TEST_CASE(key_list_never_shows_secrets) {
  auto u = make_user("solo");
  auto r = admin({"key", "list", "--user", u.id});
  BOOST_TEST(r.exit_code == 0);
  BOOST_TEST(r.out.front() == '[');
  BOOST_TEST(r.out.find(u.key_id) != std::string::npos);
  BOOST_TEST(r.out.find(u.key) == std::string::npos);
  BOOST_TEST(r.out.find("secret") == std::string::npos);
  BOOST_TEST(r.out.find("\"state\":\"active\"") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_free_user_cannot_create_a_key) {
  auto id = admin_field({"user", "create", "--email",
                         "free" + std::to_string(free_port()) + "@test.purse",
                         "--plan", "free"},
                        "id");
  auto r = admin({"key", "create", "--user", id});
  BOOST_TEST(r.exit_code != 0);
  BOOST_TEST(r.err.find("Solo or Family") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(bad_input_is_refused_with_a_message) {
  BOOST_TEST(admin({"user", "create", "--email", "nope"}).exit_code != 0);
  BOOST_TEST(
    admin({"user", "create", "--email", "a@b.c", "--plan", "gold"}).exit_code
    != 0);
  BOOST_TEST(
    admin({"user", "create", "--email", "a@b.c", "--currency", "usd"}).exit_code
    != 0);
  BOOST_TEST(admin({"team", "add-member", "--team", "x", "--user", "y",
                    "--role", "owner"})
               .exit_code
             != 0);
  BOOST_TEST(admin({"user", "frobnicate"}).exit_code != 0);
  BOOST_TEST(admin({"key", "create"}).exit_code != 0);
  auto dup_email = "dup" + std::to_string(free_port()) + "@test.purse";
  BOOST_TEST(admin({"user", "create", "--email", dup_email}).exit_code == 0);
  auto dup = admin({"user", "create", "--email", dup_email});
  BOOST_TEST(dup.exit_code != 0);
  BOOST_TEST(dup.err.find("already exists") != std::string::npos);
}

// The domain names the refused input; the CLI words it as its own flag.
// These texts are the operator contract: scripts match them.
BOOST_AUTO_TEST_CASE(a_refused_input_is_named_by_its_flag_on_stderr) {
  auto u = make_user("solo");
  auto email = "wording" + std::to_string(free_port()) + "@test.purse";
  auto expect = [](const command_result& r, const std::string& err) {
    BOOST_TEST(r.exit_code == 1);
    BOOST_TEST(r.out.empty());
    BOOST_TEST(r.err == err);
  };
  expect(admin({"user", "create", "--email", "nope"}),
         "purse-admin: --email must be an e-mail address\n");
  expect(admin({"user", "create", "--email", email, "--plan", "gold"}),
         "purse-admin: --plan must be free, solo or family\n");
  expect(admin({"user", "set-plan", "--user", u.id, "--plan", "Solo"}),
         "purse-admin: --plan must be free, solo or family\n");
  expect(admin({"user", "create", "--email", email, "--currency", "usd"}),
         "purse-admin: --currency must be an upper-case ISO 4217 code, "
         "e.g. USD\n");
  expect(admin({"user", "create", "--email", email, "--timezone", "Mars/Base"}),
         "purse-admin: --timezone must be an IANA time zone name, e.g. "
         "Europe/Berlin or UTC\n");
  expect(admin({"user", "create", "--email", email, "--name",
                std::string(201, 'n')}),
         "purse-admin: --name must be at most 200 bytes\n");
  expect(
    admin({"team", "create", "--name", std::string(201, 't'), "--owner", u.id}),
    "purse-admin: --name must be 1 to 200 bytes\n");
  expect(admin({"team", "add-member", "--team", "x", "--user", u.id, "--role",
                "owner"}),
         "purse-admin: --role must be admin, member or viewer\n");
  expect(admin({"key", "create", "--user", u.id, "--days", "0"}),
         "purse-admin: --days must be from 1 to 365\n");
  expect(admin({"key", "create", "--user", u.id, "--days", "366"}),
         "purse-admin: --days must be from 1 to 365\n");
  expect(admin({"key", "create", "--user", u.id, "--days", "x"}),
         "purse-admin: --days must be a whole number from 1 to 365\n");
  expect(admin({"key", "create", "--user", u.id, "--audience", "web"}),
         "purse-admin: --audience must be public-api or app\n");
  expect(
    admin({"key", "create", "--user", u.id, "--name", std::string(101, 'k')}),
    "purse-admin: --name must be at most 100 bytes\n");
  // Errors about no single input read as the domain words them.
  expect(admin({"key", "list", "--user", "no-such-user"}),
         "purse-admin: no user with id no-such-user\n");
  expect(admin({"key", "create", "--user", u.id, "--bogus", "1"}),
         "purse-admin: unknown option --bogus\n");
  // None of the refusals above created the user.
  BOOST_TEST(
    sql_value("SELECT count(*) FROM users WHERE email = '" + email + "'")
    == "0");
}

BOOST_AUTO_TEST_CASE(the_team_owner_cannot_be_removed) {
  auto u = make_user("solo");
  auto team = admin_field({"team", "create", "--name", "T", "--owner", u.id},
                          "id");
  auto r = admin({"team", "remove-member", "--team", team, "--user", u.id});
  BOOST_TEST(r.exit_code != 0);
}

BOOST_AUTO_TEST_CASE(migrate_is_idempotent) {
  auto r = admin({"migrate"});
  BOOST_TEST(r.exit_code == 0);
  auto version = sql_value("SELECT version FROM schema_version");
  BOOST_TEST(r.out == "{\"schema_version\":" + version + "}\n");
  BOOST_TEST(admin({"migrate"}).out == r.out);
}

BOOST_AUTO_TEST_SUITE_END()
