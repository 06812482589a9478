// SPDX-License-Identifier: GPL-2.0-or-later
// purse-admin: the operator contract (exit codes, JSON, rules).

#include <boost/test/unit_test.hpp>

#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <libpq-fe.h>
#include <unistd.h>

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
  BOOST_TEST(r.exit_code == 0, "migrate: " << r.err);
  auto version = sql_value("SELECT version FROM schema_version");
  BOOST_TEST(r.out == "{\"schema_version\":" + version + "}\n");
  BOOST_TEST(admin({"migrate"}).out == r.out);
}

namespace {

/// A fresh, empty database `name` on the test database's server.
std::string fresh_database(const std::string& name) {
  sql("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
  sql("CREATE DATABASE " + name);
  return sibling_database_url(name);
}

/// What a migration made in the database at `url`, as one text: every
/// table's columns, index, function and trigger, and the schema version.
std::string schema_of(const std::string& url) {
  return sql_value(
    "SELECT count(*) || ' objects, md5 ' || md5(string_agg(x, E'\\n' ORDER BY "
    "x))"
    " FROM (SELECT 'column ' || table_name || '.' || column_name || ' '"
    "  || data_type || ' ' || is_nullable FROM information_schema.columns"
    "  WHERE table_schema = 'public'"
    " UNION ALL SELECT 'index ' || indexdef FROM pg_indexes"
    "  WHERE schemaname = 'public'"
    " UNION ALL SELECT 'function ' || p.oid::regprocedure::text || ' '"
    "  || md5(p.prosrc) FROM pg_proc p"
    "  JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'"
    " UNION ALL SELECT 'trigger ' || tgrelid::regclass::text || '.' || tgname"
    "  FROM pg_trigger WHERE NOT tgisinternal"
    " UNION ALL SELECT 'version ' || name || ' ' || version || ' ' || migration"
    "  FROM schema_version) AS catalogue(x)",
    url);
}

/// Runs purse-admin with `args` against the database at `url`.
command_result admin_on(const std::string& url,
                        const std::vector<std::string>& args) {
  std::vector<std::string> argv{std::getenv("PURSE_ADMIN_BIN")};
  argv.insert(argv.end(), args.begin(), args.end());
  return run_command(argv, {"PURSE_DATABASE_URL=" + url}, 120);
}

} // namespace

// Two operators (or two deploy scripts) migrating at once: the second waits
// for the first and then finds nothing to do; neither fails.
BOOST_AUTO_TEST_CASE(
  two_migrates_at_once_both_succeed_and_the_schema_is_whole) {
  auto alone = fresh_database("purse_migrate_alone");
  BOOST_REQUIRE_EQUAL(admin_on(alone, {"migrate"}).exit_code, 0);
  auto expected = schema_of(alone);
  auto version = sql_value("SELECT version FROM schema_version", alone);
  BOOST_TEST_MESSAGE("schema migrated alone: " << expected);
  for (int round = 0; round < 3; ++round) {
    auto url = fresh_database("purse_migrate_twice");
    command_result first;
    command_result second;
    std::thread a{[&] {
      first = admin_on(url, {"migrate"});
    }};
    std::thread b{[&] {
      second = admin_on(url, {"migrate"});
    }};
    a.join();
    b.join();
    for (auto* r : {&first, &second}) {
      BOOST_TEST(r->exit_code == 0, "round " << round << ": " << r->err);
      BOOST_TEST(r->out == "{\"schema_version\":" + version + "}\n");
      BOOST_TEST(r->err.find("duplicate key") == std::string::npos, r->err);
    }
    BOOST_TEST(schema_of(url) == expected, "round " << round);
  }
  sql("DROP DATABASE IF EXISTS purse_migrate_alone WITH (FORCE)");
  sql("DROP DATABASE IF EXISTS purse_migrate_twice WITH (FORCE)");
}

// A server started while a migration runs waits for it and then checks the
// version it left, instead of refusing a schema that is halfway there. The
// migration is held up by holding its lock from here.
BOOST_AUTO_TEST_CASE(a_server_started_during_a_migrate_waits_for_it) {
  auto url = fresh_database("purse_migrate_held");
  auto* holder = PQconnectdb(url.c_str());
  BOOST_REQUIRE(PQstatus(holder) == CONNECTION_OK);
  auto* res = PQexec(holder,
                     "SELECT pg_advisory_lock(hashtext('purse.migrate'))");
  BOOST_REQUIRE(PQresultStatus(res) == PGRES_TUPLES_OK);
  PQclear(res);
  auto waiting = [&](int n) {
    for (int i = 0; i < 200; ++i) {
      if (sql_value("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'"
                    " AND NOT granted AND database = (SELECT oid FROM"
                    " pg_database WHERE datname = current_database())",
                    url)
          == std::to_string(n))
        return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return false;
  };
  std::atomic<bool> migrated{false};
  command_result migrate;
  std::thread runner{[&] {
    migrate = admin_on(url, {"migrate"});
    migrated = true;
  }};
  BOOST_TEST(waiting(1));
  auto port = free_port();
  child_process server{{server_binary(), "--insecure-http", "--listen",
                        "127.0.0.1:" + std::to_string(port)},
                       {"PURSE_DATABASE_URL=" + url}};
  BOOST_TEST(waiting(2));
  std::this_thread::sleep_for(std::chrono::seconds(1));
  BOOST_TEST(!migrated.load());
  BOOST_TEST(server.running());
  BOOST_TEST(!port_accepts(port));
  PQfinish(holder);
  runner.join();
  BOOST_TEST(migrate.exit_code == 0, migrate.err);
  bool up = false;
  for (int i = 0; i < 300 && !up && server.running(); ++i) {
    up = port_accepts(port);
    if (!up)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  BOOST_TEST(up, server.log());
  http_client client{"http://127.0.0.1:" + std::to_string(port)};
  bool ready = false;
  for (int i = 0; i < 100 && !ready; ++i) {
    ready = client.get("/readyz", "").status == 200;
    if (!ready)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  BOOST_TEST(ready);
  BOOST_TEST(server.log().find(R"("event":"migration_wait")")
               != std::string::npos,
             server.log());
}

// The unit's migrate recipe: purse-admin --env-file reads the unit's
// environment file itself (comments, quotes), so the database URL is in
// the file only, never on a command line; the same file makes purse-server
// refuse to start with its line number when it is malformed.
BOOST_AUTO_TEST_CASE(env_file_gives_migrate_the_database_url) {
  auto url = fresh_database("purse_env_file");
  char path[] = "/tmp/purse-env-file-e2e-XXXXXX";
  int fd = ::mkstemp(path);
  BOOST_REQUIRE(fd >= 0);
  ::close(fd);
  auto write = [&](const std::string& text) {
    std::ofstream{path} << text;
  };
  write("# /etc/purse/purse.env\n"
        "; mode 640, owner root, group purse\n"
        "\n"
        "PURSE_LISTEN=0.0.0.0:8443\n"
        "PURSE_DATABASE_URL='"
        + url + "'\n");
  std::string admin_bin = std::getenv("PURSE_ADMIN_BIN");
  // No inherited URL: only the file has it.
  std::vector<std::string> no_url{"PURSE_DATABASE_URL="};
  auto before = run_command({admin_bin, "--env-file", path, "migrate"}, no_url,
                            120);
  BOOST_TEST(before.exit_code == 0, before.err);
  auto version = sql_value("SELECT version FROM schema_version", url);
  BOOST_TEST(before.out == "{\"schema_version\":" + version + "}\n");
  auto after = run_command({admin_bin, "migrate", "--env-file", path}, no_url,
                           120);
  BOOST_TEST(after.exit_code == 0, after.err);
  BOOST_TEST(after.out == before.out);
  // The file replaces an inherited value; --database still wins over both.
  auto inherited = run_command(
    {admin_bin, "--env-file", path, "migrate"},
    {"PURSE_DATABASE_URL=postgresql://nobody@127.0.0.1:1/none"}, 120);
  BOOST_TEST(inherited.exit_code == 0, inherited.err);
  write("PURSE_DATABASE_URL=postgresql://nobody@127.0.0.1:1/none\n");
  auto flag = run_command(
    {admin_bin, "--env-file", path, "migrate", "--database", url}, no_url, 120);
  BOOST_TEST(flag.exit_code == 0, flag.err);
  // A malformed line: refused like a bad flag, naming the file and line,
  // never quoting the line (it may hold the password).
  write("# comment\nPURSE_DATABASE_URL='" + url + "'\nexport X=1\n");
  auto bad = run_command({admin_bin, "--env-file", path, "migrate"}, no_url);
  BOOST_TEST(bad.exit_code == 1);
  BOOST_TEST(
    bad.err.rfind("purse-admin: --env-file " + std::string{path} + ":3: ", 0)
      == 0,
    bad.err);
  auto server = run_command({server_binary(), "--env-file", path}, no_url);
  BOOST_TEST(server.exit_code == 2);
  BOOST_TEST(server.err.find("--env-file " + std::string{path} + ":3: ")
               != std::string::npos,
             server.err);
  ::unlink(path);
  auto missing = run_command({admin_bin, "--env-file", path, "migrate"},
                             no_url);
  BOOST_TEST(missing.exit_code == 1);
  BOOST_TEST(missing.err
               == "purse-admin: --env-file " + std::string{path}
                    + ": cannot open: No such file or directory\n",
             missing.err);
  sql("DROP DATABASE IF EXISTS purse_env_file WITH (FORCE)");
}

BOOST_AUTO_TEST_CASE(version_names_the_commit_and_the_schema) {
  auto r = admin({"--version"});
  BOOST_TEST(r.exit_code == 0);
  BOOST_TEST(r.out.rfind("purse-admin 0.", 0) == 0, r.out);
  BOOST_TEST(r.out.find("(commit ") != std::string::npos, r.out);
  auto schema = sql_value("SELECT version FROM schema_version");
  BOOST_TEST(r.out.find(", schema " + schema + ")\n") != std::string::npos,
             r.out);
  auto server = run_command({server_binary(), "--version"});
  BOOST_TEST(server.exit_code == 0);
  BOOST_TEST(server.out.rfind("purse-server 0.", 0) == 0, server.out);
  BOOST_TEST(server.out.find(", schema " + schema + ")\n") != std::string::npos,
             server.out);
}

BOOST_AUTO_TEST_CASE(global_flags_may_come_before_or_after_the_command) {
  auto u = make_user("solo");
  auto before = admin({"--ack-timeout", "x", "key", "list", "--user", u.id});
  BOOST_TEST(before.exit_code == 1);
  BOOST_TEST(before.err.find("--ack-timeout must be") != std::string::npos);
  auto after = admin({"key", "list", "--user", u.id, "--ack-timeout", "x"});
  BOOST_TEST(after.exit_code == 1);
  BOOST_TEST(after.err == before.err);
  auto required = admin({"key", "list"});
  BOOST_TEST(required.exit_code == 1);
  BOOST_TEST(required.err == "purse-admin: --user is required\n");
}

BOOST_AUTO_TEST_CASE(user_list_is_a_json_array_filtered_by_email) {
  auto token = "listme" + std::to_string(free_port());
  auto a = admin_field(
    {"user", "create", "--email", token + "a@test.purse", "--name", "A"}, "id");
  auto b = admin_field(
    {"user", "create", "--email", "X" + token + "b@test.purse"}, "id");
  auto other = make_user("solo");
  auto r = admin({"user", "list", "--email", token});
  BOOST_TEST(r.exit_code == 0, r.err);
  BOOST_TEST(r.out.front() == '[');
  BOOST_TEST(r.out.find("\"id\":\"" + a + "\"") != std::string::npos);
  BOOST_TEST(r.out.find("\"id\":\"" + b + "\"") != std::string::npos);
  BOOST_TEST(r.out.find(other.id) == std::string::npos);
  BOOST_TEST(r.out.find("\"plan\":\"free\"") != std::string::npos);
  BOOST_TEST(r.out.find("secret") == std::string::npos);
  // Oldest first; case does not matter.
  BOOST_TEST(r.out.find(a) < r.out.find(b));
  auto upper = token;
  for (auto& c : upper)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  BOOST_TEST(admin({"user", "list", "--email", upper}).out == r.out);
  auto all = admin({"user", "list"});
  BOOST_TEST(all.exit_code == 0);
  BOOST_TEST(all.out.find(other.id) != std::string::npos);
  auto none = admin({"user", "list", "--email", token + "nobody"});
  BOOST_TEST(none.out == "[]\n");
}

BOOST_AUTO_TEST_CASE(demo_seed_fills_an_empty_scope_once) {
  auto u = make_user("solo");
  auto r = admin({"demo", "seed", "--user", u.id});
  BOOST_TEST_REQUIRE(r.exit_code == 0, r.err);
  BOOST_TEST(r.out.find("\"accounts\":3") != std::string::npos, r.out);
  BOOST_TEST(r.out.find("\"categories\":7") != std::string::npos, r.out);
  BOOST_TEST(r.out.find("\"tags\":3") != std::string::npos, r.out);
  BOOST_TEST(r.out.find("\"transactions\":") != std::string::npos, r.out);
  // The newcomer's first dashboard shows something: this month has at
  // least the salary (on the 1st), and every account is listed.
  auto dash = api().get(v1("/me/reports/dashboard"), u.key);
  BOOST_TEST(dash.status == 200);
  BOOST_TEST(dash.body.find("Everyday Checking") != std::string::npos);
  BOOST_TEST(dash.body.find("\"recent_transactions\":[{") != std::string::npos,
             dash.body);
  auto list = api().get(v1("/me/transactions?flow_type=transfer"), u.key);
  BOOST_TEST(list.status == 200);
  BOOST_TEST(list.body.find("\"total\":0") == std::string::npos);
  // A second run is refused clearly and adds nothing.
  auto again = admin({"demo", "seed", "--user", u.id});
  BOOST_TEST(again.exit_code == 1);
  BOOST_TEST(again.err.find("already has accounts") != std::string::npos,
             again.err);
  BOOST_TEST(
    sql_value("SELECT count(*) FROM accounts WHERE scope_id = '" + u.id + "'")
    == "3");
  // Free users have no API to look at it with.
  auto free_user = make_user("free");
  auto refused = admin({"demo", "seed", "--user", free_user.id});
  BOOST_TEST(refused.exit_code == 1);
  BOOST_TEST(refused.err.find("Solo or Family") != std::string::npos);
  BOOST_TEST(admin({"demo", "seed", "--user", "nobody"}).err
             == "purse-admin: no user with id nobody\n");
}

BOOST_AUTO_TEST_SUITE_END()
