// SPDX-License-Identifier: GPL-2.0-or-later
// purse-admin: the operator's tool for what the public API leaves out
// (schema, users and plans, teams, API keys). Every create prints one JSON
// object on stdout; errors go to stderr with a non-zero exit (a refused
// command line as "purse-admin: ..." text, a failure of the database or its
// schema as a JSON log line, as the server logs). The command
// line is parsed by CLI11; each command's flags are then checked and run
// exactly as the operator contract says (tests/e2e/admin_cli_test.cpp).

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <termios.h>
#include <unistd.h>

#include <CLI/CLI.hpp>

#include "purse/actors/admin.hpp"
#include "purse/actors/build_info.hpp"
#include "purse/actors/log.hpp"
#include "purse/config/env_file.hpp"

namespace {

/// Said after the generated help.
constexpr const char* help_footer = R"(
The database comes from --database or PURSE_DATABASE_URL (libpq conninfo or
postgresql:// URI). Quota overrides come from PURSE_QUOTAS, as for the server.
--env-file FILE (before or after the command) first sets the variables of a
systemd environment file, e.g. the unit's /etc/purse/purse.env: its values
replace inherited ones; flags still win.
user set-plan, team add-member, team remove-member and key revoke wait, after
their commit, until every running purse-server confirms that it has dropped
the authentication it cached for the change (at most --ack-timeout
milliseconds, default 2000); if some do not, a warning goes to stderr and the
command still succeeds (the change is committed).

commands:
  migrate
  user create --email E [--name N] [--plan free|solo|family] [--currency CODE]
              [--timezone ZONE]
  user list [--email TEXT]         every user (JSON array), optionally only
                                   those whose e-mail contains TEXT
  user set-plan --user ID --plan free|solo|family
  user set-password --user ID      (the password is read from stdin, one line)
  user invite --user ID [--hours N] [--base-url URL]
              prints a one-time link to set the password (default 24 hours;
              URL: the page's origin, else PURSE_PUBLIC_URL, else
              http://127.0.0.1:8080)
  team create --name N --owner USER_ID
  team add-member --team ID --user ID --role admin|member|viewer
  team remove-member --team ID --user ID
  key create --user ID [--days N] [--name S] [--audience public-api|app]
  key revoke --key ID
  key list --user ID
  demo seed --user ID              fills an empty scope with three months of
                                   example accounts, categories, tags and
                                   transactions (refused when the user
                                   already has accounts)
)";

/// Words and --flag values of the command line.
struct args {
  std::vector<std::string> words;
  std::map<std::string, std::string> flags;
};

int fail(const std::string& message) {
  std::cerr << "purse-admin: " << message << '\n';
  return 1;
}

/// A failure of the database or its schema (not of the command line): one
/// JSON log line, as the server writes, so whatever collects the output of
/// a deploy step reads it as any other log line.
int fail_database(std::string_view event, std::string message) {
  while (!message.empty() && (message.back() == '\n' || message.back() == ' '))
    message.pop_back(); // libpq's messages end in a line break
  purse::log_event(purse::log_level::error, event,
                   {{"program", "purse-admin"}, {"error", message}});
  return 1;
}

/// The command-line spelling of each input the console can refuse.
const std::map<std::string, std::string> flag_of_field{
  {"email", "--email"},       {"name", "--name"},
  {"plan", "--plan"},         {"currency_code", "--currency"},
  {"timezone", "--timezone"}, {"user", "--user"},
  {"owner", "--owner"},       {"team", "--team"},
  {"role", "--role"},         {"days", "--days"},
  {"audience", "--audience"}, {"key", "--key"},
  {"password", "(stdin)"},    {"hours", "--hours"},
};

/// An error about one input reads "--flag message"; others read as given.
std::string error_text(const purse::failure& f) {
  if (f.field.empty())
    return f.message;
  auto it = flag_of_field.find(f.field);
  auto flag = it != flag_of_field.end() ? it->second : "--" + f.field;
  return flag + " " + f.message;
}

/// Warns when not every server confirmed a change of authentication state.
/// Not an error: the change is committed, and each server drops its cache
/// once the notification arrives (or trusts no cache once its connection to
/// the database is lost).
void warn_unconfirmed(const purse::admin::server_acks& acks) {
  if (!acks.asked || acks.complete)
    return;
  std::cerr << "purse-admin: warning: the change is committed, but ";
  if (!acks.error.empty())
    std::cerr << "the running servers could not be asked to confirm it ("
              << acks.error << ")";
  else
    std::cerr << "only " << acks.confirmed << " of " << acks.expected
              << " running servers confirmed it in time";
  std::cerr << ". A server that did not confirm may still accept a request "
               "under the old authentication until the change's "
               "notification reaches it; one that lost its database "
               "connection trusts nothing it cached.\n";
}

/// Every refusal exits 1, whatever its code: the message says which.
int print(const purse::outcome<purse::admin::answer>& o) {
  if (!o)
    return fail(error_text(o.error()));
  std::cout << o->json << '\n';
  warn_unconfirmed(o->servers);
  return 0;
}

/// Checks that only `allowed` flags were given and `required` ones are set.
bool check_flags(const args& a, const std::set<std::string>& allowed,
                 const std::set<std::string>& required, std::string& error) {
  for (auto& [k, v] : a.flags)
    if (k != "database" && k != "ack-timeout" && allowed.count(k) == 0) {
      error = "unknown option --" + k;
      return false;
    }
  for (auto& k : required)
    if (a.flags.count(k) == 0 || a.flags.at(k).empty()) {
      error = "--" + k + " is required";
      return false;
    }
  return true;
}

std::string flag(const args& a, const std::string& name,
                 const std::string& fallback = {}) {
  auto it = a.flags.find(name);
  return it == a.flags.end() ? fallback : it->second;
}

/// The password from stdin: one line, its line end dropped. On a terminal
/// the typing is not echoed. Never from the command line, which other
/// local users can read.
bool read_password(std::string& out) {
  bool tty = isatty(STDIN_FILENO) == 1;
  termios saved{};
  if (tty) {
    std::cerr << "password: " << std::flush;
    tcgetattr(STDIN_FILENO, &saved);
    auto quiet = saved;
    quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
    tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
  }
  bool got = static_cast<bool>(std::getline(std::cin, out));
  if (tty) {
    tcsetattr(STDIN_FILENO, TCSANOW, &saved);
    std::cerr << '\n';
  }
  if (!out.empty() && out.back() == '\r')
    out.pop_back();
  return got || !out.empty();
}

int run(const args& a, purse::admin::console& console) {
  namespace admin = purse::admin;
  auto cmd = a.words[0] + (a.words.size() > 1 ? " " + a.words[1] : "");
  std::string error;
  auto need = [&](std::set<std::string> allowed, std::set<std::string> req) {
    return check_flags(a, allowed, req, error);
  };
  if (cmd == "migrate") {
    if (!need({}, {}))
      return fail(error);
    auto v = console.migrate();
    std::cout << "{\"schema_version\":" << v << "}\n";
    return 0;
  }
  if (a.words.size() != 2)
    return fail("unknown command '" + cmd + "'");
  if (cmd == "user create") {
    if (!need({"email", "name", "plan", "currency", "timezone"}, {"email"}))
      return fail(error);
    return print(console.create_user(
      flag(a, "email"), flag(a, "name"), flag(a, "plan", "free"),
      flag(a, "currency", "USD"), flag(a, "timezone", "UTC")));
  }
  if (cmd == "user list") {
    if (!need({"email"}, {}))
      return fail(error);
    return print(console.list_users(flag(a, "email")));
  }
  if (cmd == "demo seed") {
    if (!need({"user"}, {"user"}))
      return fail(error);
    auto quotas = purse::quota_table::defaults();
    if (auto spec = std::getenv("PURSE_QUOTAS"))
      if (!quotas.apply(spec, error))
        return fail("PURSE_QUOTAS: " + error);
    return print(console.seed_demo(quotas, flag(a, "user")));
  }
  if (cmd == "user set-plan") {
    if (!need({"user", "plan"}, {"user", "plan"}))
      return fail(error);
    return print(console.set_plan(flag(a, "user"), flag(a, "plan")));
  }
  if (cmd == "user set-password") {
    if (!need({"user"}, {"user"}))
      return fail(error);
    std::string password;
    if (!read_password(password))
      return fail("no password on stdin: pipe it in, e.g. "
                  "'purse-admin user set-password --user ID < file'");
    return print(console.set_password(flag(a, "user"), password));
  }
  if (cmd == "user invite") {
    if (!need({"user", "hours", "base-url"}, {"user"}))
      return fail(error);
    std::int64_t hours = 24;
    if (a.flags.count("hours")) {
      auto text = flag(a, "hours");
      char* end = nullptr;
      hours = std::strtoll(text.c_str(), &end, 10);
      if (text.empty() || *end != '\0')
        return fail("--hours must be a whole number from 1 to 168");
    }
    std::string base = flag(a, "base-url");
    if (base.empty())
      if (auto env = std::getenv("PURSE_PUBLIC_URL"))
        base = env;
    if (base.empty())
      base = "http://127.0.0.1:8080";
    while (!base.empty() && base.back() == '/')
      base.pop_back();
    if (base.rfind("http://", 0) != 0 && base.rfind("https://", 0) != 0)
      return fail("--base-url must start with http:// or https://");
    return print(console.invite(flag(a, "user"), hours, base));
  }
  if (cmd == "team create") {
    if (!need({"name", "owner"}, {"name", "owner"}))
      return fail(error);
    return print(console.create_team(flag(a, "name"), flag(a, "owner")));
  }
  if (cmd == "team add-member") {
    if (!need({"team", "user", "role"}, {"team", "user", "role"}))
      return fail(error);
    auto quotas = purse::quota_table::defaults();
    if (auto spec = std::getenv("PURSE_QUOTAS"))
      if (!quotas.apply(spec, error))
        return fail("PURSE_QUOTAS: " + error);
    return print(console.add_member(quotas, flag(a, "team"), flag(a, "user"),
                                    flag(a, "role")));
  }
  if (cmd == "team remove-member") {
    if (!need({"team", "user"}, {"team", "user"}))
      return fail(error);
    return print(console.remove_member(flag(a, "team"), flag(a, "user")));
  }
  if (cmd == "key create") {
    if (!need({"user", "days", "name", "audience"}, {"user"}))
      return fail(error);
    std::int64_t days = admin::default_key_days;
    if (a.flags.count("days")) {
      auto text = flag(a, "days");
      char* end = nullptr;
      days = std::strtoll(text.c_str(), &end, 10);
      if (text.empty() || *end != '\0')
        return fail("--days must be a whole number from 1 to 365");
    }
    return print(console.create_key(flag(a, "user"), days, flag(a, "name"),
                                    flag(a, "audience", "public-api")));
  }
  if (cmd == "key revoke") {
    if (!need({"key"}, {"key"}))
      return fail(error);
    return print(console.revoke_key(flag(a, "key")));
  }
  if (cmd == "key list") {
    if (!need({"user"}, {"user"}))
      return fail(error);
    return print(console.list_keys(flag(a, "user")));
  }
  return fail("unknown command '" + cmd + "'");
}

/// The flags each command takes (every one a string, checked by run()).
const std::map<std::string, std::vector<std::string>>& commands() {
  static const std::map<std::string, std::vector<std::string>> table{
    {"migrate", {}},
    {"user create", {"email", "name", "plan", "currency", "timezone"}},
    {"user list", {"email"}},
    {"user set-plan", {"user", "plan"}},
    {"user set-password", {"user"}},
    {"user invite", {"user", "hours", "base-url"}},
    {"team create", {"name", "owner"}},
    {"team add-member", {"team", "user", "role"}},
    {"team remove-member", {"team", "user"}},
    {"key create", {"user", "days", "name", "audience"}},
    {"key revoke", {"key"}},
    {"key list", {"user"}},
    {"demo seed", {"user"}},
  };
  return table;
}

/// The last value CLI11 collected for `opt`, if it was given at all (on the
/// command line or, for those bound to one, by an environment variable).
void take(const CLI::Option* opt, const std::string& name, args& out) {
  if (opt->count() > 0 && !opt->results().empty())
    out.flags[name] = opt->results().back();
}

/// `message` with every --database value of the command line replaced by
/// "..." (CLI11 quotes unexpected arguments; the URL may hold a password).
std::string without_database_url(std::string message, int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    std::string word = argv[i];
    std::string value;
    if (word == "--database" && i + 1 < argc)
      value = argv[i + 1];
    else if (word.rfind("--database=", 0) == 0)
      value = word.substr(11);
    for (auto at = value.empty() ? std::string::npos : message.find(value);
         at != std::string::npos; at = message.find(value, at + 3))
      message.replace(at, value.size(), "...");
  }
  return message;
}

} // namespace

int main(int argc, char** argv) {
  CLI::App app{"purse-admin: the operator's tool (schema, users and plans, "
               "teams, API keys, demo data)",
               "purse-admin"};
  app.footer(help_footer);
  app.set_version_flag("--version", purse::version_line("purse-admin"),
                       "print the version, git commit and schema version");
  app.require_subcommand(1, 1);
  std::string database;
  std::string ack_text;
  auto database_opt = app
                        .add_option("--database", database,
                                    "libpq conninfo or postgresql:// URI")
                        ->envname("PURSE_DATABASE_URL")
                        ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  auto ack_opt = app
                   .add_option("--ack-timeout", ack_text,
                               "milliseconds to wait for every server's "
                               "confirmation (1 to 60000; 2000)")
                   ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  // --env-file is read as soon as it is parsed, wherever it stands, so
  // before CLI11 reads PURSE_DATABASE_URL and before PURSE_QUOTAS and
  // PURSE_PUBLIC_URL are read: the file's values replace inherited ones,
  // flags still win. Given twice, both are read in order.
  auto env_file = [](CLI::App* on) {
    return on->add_option("--env-file")
      ->description("read environment variables from FILE first (systemd's "
                    "EnvironmentFile= syntax)")
      ->type_name("FILE")
      ->each([](const std::string& path) {
        purse::config::load_env_file(path);
      })
      ->trigger_on_parse();
  };
  env_file(&app);
  // One CLI11 subcommand per word; each leaf keeps its flags as strings and
  // lets unknown ones through, so run() words the refusal as always.
  std::map<std::string, CLI::App*> groups;
  std::map<std::string, CLI::App*> leaves;
  std::map<std::string, std::string> values;
  for (auto& [cmd, flags] : commands()) {
    auto space = cmd.find(' ');
    CLI::App* leaf = nullptr;
    if (space == std::string::npos) {
      leaf = app.add_subcommand(cmd);
    } else {
      auto group = cmd.substr(0, space);
      auto& g = groups[group];
      if (g == nullptr) {
        g = app.add_subcommand(group);
        g->require_subcommand(1, 1);
      }
      leaf = g->add_subcommand(cmd.substr(space + 1));
    }
    leaf->allow_extras();
    leaves[cmd] = leaf;
    for (auto& f : flags)
      leaf->add_option("--" + f, values[cmd + " " + f])
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
    // The global flags may also follow the command, as they always could
    // (not listed again in the command's help).
    for (auto f : {"database", "ack-timeout"})
      leaf->add_option(std::string{"--"} + f, values[cmd + " " + f])
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast)
        ->group("");
    env_file(leaf)->group("");
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::RequiredError&) {
    // No command, or a group word without a known command after it. The
    // words only: a flag's value (the database URL) is never echoed.
    std::string words;
    for (int i = 1; i < argc && words.find(' ') == std::string::npos; ++i) {
      std::string word = argv[i];
      if (word[0] == '-') {
        i += word.find('=') == std::string::npos ? 1 : 0;
        continue;
      }
      words += (words.empty() ? "" : " ") + word;
    }
    return fail((words.empty() ? std::string{"no command given"}
                               : "unknown command '" + words + "'")
                + " (purse-admin --help lists the commands)");
  } catch (const CLI::ParseError& e) {
    return fail(without_database_url(e.what(), argc, argv));
  } catch (const purse::config::env_file_error& e) {
    return fail(std::string{"--env-file "} + e.what());
  }
  args a;
  for (auto& [cmd, leaf] : leaves) {
    if (leaf->count() == 0)
      continue;
    auto space = cmd.find(' ');
    a.words.push_back(cmd.substr(0, space));
    if (space != std::string::npos)
      a.words.push_back(cmd.substr(space + 1));
    for (auto& f : commands().at(cmd))
      take(leaf->get_option("--" + f), f, a);
    for (auto& extra : leaf->remaining()) {
      if (extra.rfind("--", 0) == 0)
        return fail("unknown option " + extra.substr(0, extra.find('=')));
      return fail("unexpected argument '" + extra + "'");
    }
  }
  take(database_opt, "database", a);
  take(ack_opt, "ack-timeout", a);
  for (auto& [cmd, leaf] : leaves)
    if (leaf->count() > 0)
      for (auto f : {"database", "ack-timeout"})
        take(leaf->get_option(std::string{"--"} + f), f, a);
  auto url = flag(a, "database");
  if (url.empty())
    return fail("no database: pass --database URL or set PURSE_DATABASE_URL");
  auto ack_timeout = purse::admin::default_ack_timeout;
  if (a.flags.count("ack-timeout")) {
    auto text = flag(a, "ack-timeout");
    char* end = nullptr;
    auto ms = std::strtoll(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || ms < 1 || ms > 60'000)
      return fail("--ack-timeout must be a whole number of milliseconds from "
                  "1 to 60000");
    ack_timeout = std::chrono::milliseconds(ms);
  }
  // Connection details can name hosts; never print the URL (password).
  std::unique_ptr<purse::admin::console> console;
  try {
    console = std::make_unique<purse::admin::console>(url);
    console->set_ack_timeout(ack_timeout);
    if (a.words[0] != "migrate")
      console->require_current_schema();
  } catch (const purse::admin::schema_error& e) {
    return fail_database("schema_mismatch", e.what());
  } catch (const purse::admin::database_error& e) {
    return fail_database("database_unavailable",
                         std::string{"cannot open the database: "} + e.what());
  }
  try {
    return run(a, *console);
  } catch (const purse::admin::schema_error& e) {
    return fail_database("schema_mismatch", e.what());
  } catch (const purse::admin::database_error& e) {
    return fail_database("database_error", e.what());
  }
}
