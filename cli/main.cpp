// purse-admin: the operator's tool for what the public API leaves out
// (schema, users and plans, teams, API keys). Every create prints one JSON
// object on stdout; errors go to stderr with a non-zero exit.

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <termios.h>
#include <unistd.h>

#include "purse/actors/admin.hpp"

namespace {

constexpr const char* usage
  = R"(usage: purse-admin [--database URL] [--ack-timeout MS] COMMAND

The database comes from --database or PURSE_DATABASE_URL (libpq conninfo or
postgresql:// URI). Quota overrides come from PURSE_QUOTAS, as for the server.
user set-plan, team add-member, team remove-member and key revoke wait, after
their commit, until every running purse-server confirms that it has dropped
the authentication it cached for the change (at most --ack-timeout
milliseconds, default 2000); if some do not, a warning goes to stderr and the
command still succeeds (the change is committed).

commands:
  migrate
  user create --email E [--name N] [--plan free|solo|family] [--currency CODE]
              [--timezone ZONE]
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
)";

/// Words and --flag values of the command line.
struct args {
  std::vector<std::string> words;
  std::map<std::string, std::string> flags;
};

bool parse(int argc, char** argv, args& out, std::string& error) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "-h" || a == "--help") {
      out.flags["help"] = "";
    } else if (a.rfind("--", 0) == 0) {
      auto eq = a.find('=');
      std::string name = a.substr(2, eq == std::string::npos ? eq : eq - 2);
      if (eq != std::string::npos) {
        out.flags[name] = a.substr(eq + 1);
      } else if (i + 1 < argc) {
        out.flags[name] = argv[++i];
      } else {
        error = "--" + name + " needs a value";
        return false;
      }
    } else {
      out.words.push_back(a);
    }
  }
  return true;
}

int fail(const std::string& message) {
  std::cerr << "purse-admin: " << message << '\n';
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
std::string error_text(const purse::admin::outcome& o) {
  if (o.field.empty())
    return o.error;
  auto it = flag_of_field.find(o.field);
  auto flag = it != flag_of_field.end() ? it->second : "--" + o.field;
  return flag + " " + o.error;
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

int print(const purse::admin::outcome& o) {
  if (!o.ok)
    return fail(error_text(o));
  std::cout << o.json << '\n';
  warn_unconfirmed(o.servers);
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
    return fail("unknown command '" + cmd + "'\n" + usage);
  if (cmd == "user create") {
    if (!need({"email", "name", "plan", "currency", "timezone"}, {"email"}))
      return fail(error);
    return print(console.create_user(
      flag(a, "email"), flag(a, "name"), flag(a, "plan", "free"),
      flag(a, "currency", "USD"), flag(a, "timezone", "UTC")));
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
  return fail("unknown command '" + cmd + "'\n" + usage);
}

} // namespace

int main(int argc, char** argv) {
  args a;
  std::string error;
  if (!parse(argc, argv, a, error))
    return fail(error);
  if (a.flags.count("help")) {
    std::cout << usage;
    return 0;
  }
  if (a.words.empty())
    return fail(std::string{"no command given\n"} + usage);
  auto url = flag(a, "database");
  if (url.empty())
    if (auto env = std::getenv("PURSE_DATABASE_URL"))
      url = env;
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
  try {
    purse::admin::console console{url};
    console.set_ack_timeout(ack_timeout);
    if (a.words[0] != "migrate")
      console.require_current_schema();
    return run(a, console);
  } catch (const purse::admin::schema_error& e) {
    return fail(e.what());
  } catch (const purse::admin::database_error& e) {
    // Connection details can name hosts; never print the URL (password).
    return fail(std::string{"database error: "} + e.what());
  }
}
