#pragma once

// Operator operations (users, plans, teams, keys) with their rules. The
// operator CLI calls these; any future first-party front end must too.

#include <cstdint>
#include <string>

#include "purse/actors/quotas.hpp"
#include "purse/persistence/store.hpp"

namespace purse::admin {

/// Result of an operator operation: JSON on success, a message otherwise.
struct outcome {
  bool ok = false;
  std::string json;
  std::string error;
};

/// Key lifetime bounds in days.
constexpr std::int64_t default_key_days = 30;
constexpr std::int64_t max_key_days = 365;

/// Creates a user; e-mails are unique ignoring case.
outcome create_user(persistence::store& st, const std::string& email,
                    const std::string& name, const std::string& plan,
                    const std::string& currency_code,
                    const std::string& timezone);

/// Changes a user's plan; takes effect on the user's next request.
outcome set_plan(persistence::store& st, const std::string& user_id,
                 const std::string& plan);

/// Creates a team owned by an existing user (who becomes its owner member).
outcome create_team(persistence::store& st, const std::string& name,
                    const std::string& owner_id);

/// Adds a member with a role (admin|member|viewer) or changes the role.
/// A new member must fit the team_members quota of the owner's plan.
outcome add_member(persistence::store& st, const quota_table& quotas,
                   const std::string& team_id, const std::string& user_id,
                   const std::string& role);

/// Removes a member; the owner cannot be removed.
outcome remove_member(persistence::store& st, const std::string& team_id,
                      const std::string& user_id);

/// Creates a key for a user on a paid plan; prints the secret once.
outcome create_key(persistence::store& st, const std::string& user_id,
                   std::int64_t days, const std::string& name,
                   const std::string& audience);

/// Revokes a key at once.
outcome revoke_key(persistence::store& st, const std::string& key_id);

/// Lists a user's keys, never their secrets.
outcome list_keys(persistence::store& st, const std::string& user_id);

} // namespace purse::admin
