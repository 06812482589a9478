// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Operator operations (users, plans, teams, keys) with their rules. The
// operator CLI calls these; any future first-party front end must too.
// Nothing here names a storage type: front ends see the console, the
// domain's outcomes (purse/actors/outcome.hpp) and two exception types.

#include <chrono>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

#include "purse/actors/outcome.hpp"
#include "purse/actors/quotas.hpp"

namespace purse::admin {

/// How the running servers confirmed a change that can make the
/// authentication they cache stale (a revoked key, a plan, a membership):
/// after its commit the console asks every server's LISTEN session and
/// waits, bounded, until each has dropped what the change touches.
struct server_acks {
  /// The operation made such a change and asked the servers.
  bool asked = false;
  /// Every server confirmed in time (also when none was running).
  bool complete = true;
  /// Servers listening when asked, and how many of them confirmed.
  std::size_t expected = 0;
  std::size_t confirmed = 0;
  /// Why the servers could not be asked (then `complete` is false); the
  /// change is committed either way. Never contains the database URL.
  std::string error;
};

/// What an operator operation did.
struct answer {
  /// The JSON a front end shows.
  std::string json;
  /// Set by the operations that change cached authentication.
  server_acks servers;
};

/// The database schema is missing, older or newer than this build. The
/// message says what to do and never contains the database URL.
class schema_error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// Any other database failure (unreachable, refused, broken connection).
/// The message is for the operator; it never contains the database URL.
class database_error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// Key lifetime bounds in days.
constexpr std::int64_t default_key_days = 30;
constexpr std::int64_t max_key_days = 365;

/// How long an operation waits for the servers' confirmation by default.
constexpr std::chrono::milliseconds default_ack_timeout{2000};

/// The operator's door to the domain: one connection to the database and
/// one method per operation. Every method throws schema_error or
/// database_error when the database fails; anything refused is a failed
/// outcome. A failure about one input names it as the parameter it came in
/// ("email", "name", "plan", "currency_code", "timezone", "role", "days",
/// "audience", "hours", "password"); its message says what the input must
/// be without any front end's spelling of the parameter. Unknown ids are
/// not_found, with the id in the message and no field.
class console {
public:
  // -- constructors -----------------------------------------------------------

  /// Connects to `database_url` (libpq conninfo or postgresql:// URI).
  explicit console(const std::string& database_url);
  ~console();
  console(const console&) = delete;
  console& operator=(const console&) = delete;

  /// How long set_plan, add_member, remove_member and revoke_key wait,
  /// after their commit, for every running server to confirm that it has
  /// dropped the authentication it cached for the change
  /// (default_ack_timeout). Their outcome's `servers` says what came back.
  /// Creates do not wait: a new user, team or key is nothing a server can
  /// have cached.
  void set_ack_timeout(std::chrono::milliseconds timeout);

  // -- schema -----------------------------------------------------------------

  /// Creates or upgrades the schema; returns the resulting version. Throws
  /// schema_error for a database newer than this build.
  std::int64_t migrate();

  /// Throws schema_error unless the database is at this build's version.
  void require_current_schema();

  // -- users ------------------------------------------------------------------

  /// Creates a user; e-mails are unique ignoring case.
  outcome<answer> create_user(const std::string& email, const std::string& name,
                              const std::string& plan,
                              const std::string& currency_code,
                              const std::string& timezone);

  /// Lists users as a JSON array, oldest first: id, email, name, plan,
  /// currency_code, timezone, created_at. A non-empty `email_part` keeps
  /// only those whose e-mail contains it, ignoring case.
  outcome<answer> list_users(const std::string& email_part);

  /// Changes a user's plan; takes effect on the user's next request (and on
  /// their teams' members' requests when they own teams).
  outcome<answer> set_plan(const std::string& user_id, const std::string& plan);

  /// Sets a user's password for the developer settings page (Argon2id;
  /// at least min_password_chars characters) and ends every session of
  /// the user. The password is never logged or echoed.
  outcome<answer> set_password(const std::string& user_id,
                               const std::string& password);

  /// Makes a one-time link for a user to set their password, valid for
  /// `hours` hours (1 to 168): `base_url` (the page's origin, e.g.
  /// https://purse.example) + "/set-password?token=...". The JSON holds
  /// `user_id`, `link` and `expires_at`; only the token's hash is stored.
  outcome<answer> invite(const std::string& user_id, std::int64_t hours,
                         const std::string& base_url);

  // -- teams ------------------------------------------------------------------

  /// Creates a team owned by an existing user (who becomes its owner member).
  outcome<answer> create_team(const std::string& name,
                              const std::string& owner_id);

  /// Adds a member with a role (admin|member|viewer) or changes the role;
  /// takes effect on the member's next request.
  /// A new member must fit the team_members quota of the owner's plan.
  outcome<answer>
  add_member(const quota_table& quotas, const std::string& team_id,
             const std::string& user_id, const std::string& role);

  /// Removes a member, refused from the member's next request on; the
  /// owner cannot be removed.
  outcome<answer> remove_member(const std::string& team_id,
                                const std::string& user_id);

  // -- keys -------------------------------------------------------------------

  /// Creates a key for a user on a paid plan; shows the secret once.
  outcome<answer> create_key(const std::string& user_id, std::int64_t days,
                             const std::string& name,
                             const std::string& audience);

  /// Revokes a key, refused from its next request on.
  outcome<answer> revoke_key(const std::string& key_id);

  /// Lists a user's keys, never their secrets.
  outcome<answer> list_keys(const std::string& user_id);

  // -- demo data --------------------------------------------------------------

  /// Fills a user's personal scope with three months of example data up to
  /// today (accounts, categories, tags; incomes, expenses and transfers),
  /// through the resources' own rules and the scope's quotas, as API calls
  /// would. Refused when the user already has accounts, so it runs once;
  /// the JSON counts what was made. A running server that already holds
  /// the scope in memory sees the new counts once the scope's actor is
  /// reloaded (idle timeout or restart): seed before first use.
  outcome<answer> seed_demo(const quota_table& quotas,
                            const std::string& user_id);

private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

} // namespace purse::admin
