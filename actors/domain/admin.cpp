// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/admin.hpp"

#include <optional>

#include "database_notices.hpp"
#include "demo_seed.hpp"
#include "key_lifecycle.hpp"
#include "user_access.hpp"

#include "purse/actors/ids.hpp"
#include "purse/actors/json.hpp"
#include "purse/actors/profile_rules.hpp"
#include "purse/actors/roles.hpp"
#include "purse/actors/timestamp.hpp"
#include "purse/persistence/auth_barrier.hpp"
#include "purse/persistence/store.hpp"

namespace purse::admin {

namespace {

using namespace persistence;

/// Refuses one input: `field` names the parameter, `message` says what it
/// must be without naming any front end's spelling of it.
failure invalid(std::string field, std::string message) {
  return refused(errc::unprocessable, std::move(field), std::move(message));
}

failure no_user(const std::string& id) {
  return refused(errc::not_found, "no user with id " + id);
}

failure no_team(const std::string& id) {
  return refused(errc::not_found, "no team with id " + id);
}

outcome<answer> done(const json_writer& w) {
  return answer{w.str(), {}};
}

outcome<answer> id_json(const std::string& id) {
  json_writer w;
  w.begin_object().key("id").value(id).end_object();
  return done(w);
}

bool plausible_email(const std::string& email) {
  auto at = email.find('@');
  return at != std::string::npos && at > 0 && at + 1 < email.size()
         && email.find('@', at + 1) == std::string::npos
         && email.find_first_of(" \t\r\n") == std::string::npos
         && email.size() <= 254;
}

// -- operations (rules first, then one transaction) ---------------------------

namespace op {

outcome<answer> create_user(store& st, const std::string& email,
                            const std::string& name, const std::string& plan,
                            const std::string& currency_code,
                            const std::string& timezone) {
  if (!plausible_email(email))
    return invalid("email", "must be an e-mail address");
  if (!is_plan(plan))
    return invalid("plan", "must be free, solo or family");
  // The profile's rules, as the settings page's profile form has them.
  if (auto problem = profile::profile_problem(
        name, currency_code, timezone.empty() ? "UTC" : timezone))
    return *problem;
  user_row u;
  u.id = new_id();
  u.email = email;
  u.name = name;
  u.plan = plan;
  u.currency_code = currency_code;
  u.timezone = timezone.empty() ? "UTC" : timezone;
  u.created_at = now_seconds();
  bool exists = false;
  try {
    st.write([&](session& s) {
      user_row other;
      exists = s.find_user_by_email(email, other);
      if (!exists)
        s.insert(u);
    });
  } catch (const unique_violation&) {
    exists = true;
  }
  if (exists)
    return refused(errc::conflict,
                   "a user with e-mail " + email + " already exists");
  return id_json(u.id);
}

outcome<answer> set_plan(store& st, const std::string& user_id,
                         const std::string& plan) {
  if (!is_plan(plan))
    return invalid("plan", "must be free, solo or family");
  bool found = false;
  st.write([&](session& s) {
    user_row u;
    found = s.find(user_id, u);
    if (found) {
      u.plan = plan;
      s.update(u);
    }
  });
  if (!found)
    return no_user(user_id);
  json_writer w;
  w.begin_object().key("id").value(user_id).key("plan").value(plan);
  w.end_object();
  return done(w);
}

outcome<answer> create_team(store& st, const std::string& name,
                            const std::string& owner_id) {
  if (name.empty() || name.size() > 200)
    return invalid("name", "must be 1 to 200 bytes");
  team_row t;
  t.id = new_id();
  t.name = name;
  t.owner_id = owner_id;
  t.created_at = now_seconds();
  bool found = false;
  st.write([&](session& s) {
    user_row owner;
    found = s.find(owner_id, owner);
    if (!found)
      return;
    s.insert(t);
    team_member_row m;
    m.team_id = t.id;
    m.user_id = owner_id;
    m.role = "owner";
    m.created_at = t.created_at;
    s.insert_member(m);
  });
  if (!found)
    return no_user(owner_id);
  return id_json(t.id);
}

outcome<answer>
add_member(store& st, const quota_table& quotas, const std::string& team_id,
           const std::string& user_id, const std::string& role_name) {
  auto r = parse_role(role_name);
  if (!r || *r == role::owner)
    return invalid("role", "must be admin, member or viewer");
  std::optional<failure> error;
  st.write([&](session& s) {
    team_row t;
    user_row u;
    if (!s.find(team_id, t)) {
      error = no_team(team_id);
      return;
    }
    if (!s.find(user_id, u)) {
      error = no_user(user_id);
      return;
    }
    if (t.owner_id == user_id) {
      error = refused(errc::conflict, "the user owns this team; the owner's "
                                      "role cannot change");
      return;
    }
    team_member_row m;
    if (s.find_member(team_id, user_id, m)) {
      m.role = role_name;
      s.update_member(m);
    } else {
      // Members are counted under the team's write lock (the row of the
      // team), so two operators cannot both take the last place.
      s.lock_team(team_id);
      user_row owner;
      s.find(t.owner_id, owner);
      auto limit = quotas.limit(owner.plan, "team_members");
      auto used = s.count_members(team_id);
      if (used >= limit) {
        error = refused(errc::quota_exceeded,
                        "quota exceeded: the " + owner.plan + " plan allows "
                          + std::to_string(limit)
                          + " team_members; this team has "
                          + std::to_string(used));
        return;
      }
      m.team_id = team_id;
      m.user_id = user_id;
      m.role = role_name;
      m.created_at = now_seconds();
      s.insert_member(m);
    }
  });
  if (error)
    return *error;
  json_writer w;
  w.begin_object().key("team_id").value(team_id).key("user_id").value(user_id);
  w.key("role").value(role_name).end_object();
  return done(w);
}

outcome<answer> remove_member(store& st, const std::string& team_id,
                              const std::string& user_id) {
  std::optional<failure> error;
  st.write([&](session& s) {
    team_row t;
    if (!s.find(team_id, t)) {
      error = no_team(team_id);
      return;
    }
    if (t.owner_id == user_id) {
      error = refused(errc::conflict, "the team owner cannot be removed");
      return;
    }
    if (!s.erase_member(team_id, user_id))
      error = refused(errc::not_found, "the user is not a member of this team");
  });
  if (error)
    return *error;
  json_writer w;
  w.begin_object().key("team_id").value(team_id).key("user_id").value(user_id);
  w.key("removed").value(true).end_object();
  return done(w);
}

outcome<answer> create_key(store& st, const std::string& user_id,
                           std::int64_t days, const std::string& name,
                           const std::string& audience) {
  auto made = keys::create(st, user_id, days, name, audience);
  if (!made)
    return made.error();
  auto& row = made->row;
  json_writer w;
  w.begin_object();
  w.key("id").value(row.id).key("secret").value(made->secret);
  w.key("name").value(row.name).key("audience").value(row.audience);
  w.key("created_at").time_or_null(row.created_at);
  w.key("expires_at").time_or_null(row.expires_at);
  w.end_object();
  return done(w);
}

outcome<answer> revoke_key(store& st, const std::string& key_id) {
  auto at = keys::revoke(st, key_id);
  if (!at)
    return at.error();
  json_writer w;
  w.begin_object().key("id").value(key_id).key("revoked_at").time_or_null(*at);
  w.end_object();
  return done(w);
}

outcome<answer> list_users(store& st, const std::string& email_part) {
  std::vector<user_row> users;
  st.read([&](session& s) {
    users = s.list_users(email_part);
  });
  json_writer w;
  w.begin_array();
  for (auto& u : users) {
    w.begin_object();
    w.key("id").value(u.id).key("email").value(u.email);
    w.key("name").value(u.name).key("plan").value(u.plan);
    w.key("currency_code").value(u.currency_code);
    w.key("timezone").value(u.timezone);
    w.key("created_at").time_or_null(u.created_at);
    w.end_object();
  }
  w.end_array();
  return done(w);
}

outcome<answer> list_keys(store& st, const std::string& user_id) {
  std::vector<api_key_row> keys;
  bool found = false;
  st.read([&](session& s) {
    user_row u;
    found = s.find(user_id, u);
    if (found)
      keys = s.keys_of(user_id);
  });
  if (!found)
    return no_user(user_id);
  auto now = now_seconds();
  json_writer w;
  w.begin_array();
  for (auto& k : keys) {
    w.begin_object();
    w.key("id").value(k.id).key("name").value(k.name);
    w.key("audience").value(k.audience);
    w.key("state").value(k.revoked_at != 0     ? "revoked"
                         : k.expires_at <= now ? "expired"
                                               : "active");
    w.key("created_at").time_or_null(k.created_at);
    w.key("expires_at").time_or_null(k.expires_at);
    w.key("revoked_at").time_or_null(k.revoked_at);
    w.key("last_used_at").time_or_null(k.last_used_at);
    w.end_object();
  }
  w.end_array();
  return done(w);
}

outcome<answer> set_password(store& st, const std::string& user_id,
                             const std::string& password) {
  auto ended = access::set_password(st, user_id, password);
  if (!ended)
    return ended.error();
  json_writer w;
  w.begin_object().key("id").value(user_id).key("password_set").value(true);
  w.key("sessions_ended").value(*ended).end_object();
  return done(w);
}

outcome<answer> invite(store& st, const std::string& user_id,
                       std::int64_t hours, const std::string& base_url) {
  auto link = access::make_invite(st, user_id, hours);
  if (!link)
    return link.error();
  json_writer w;
  w.begin_object().key("user_id").value(user_id);
  w.key("link").value(base_url + "/set-password?token=" + link->token);
  w.key("expires_at").time_or_null(link->expires_at).end_object();
  return done(w);
}

} // namespace op

} // namespace

// -- console ------------------------------------------------------------------

struct console::impl {
  persistence::store st;
  std::string url;
  std::chrono::milliseconds ack_timeout = default_ack_timeout;

  // One operator, one command at a time: one connection is enough.
  explicit impl(const std::string& database_url)
    : st(persistence::store_options{database_url, 1}), url(database_url) {
    // nop
  }

  /// After a committed change of cached authentication: waits until every
  /// server's listener has handled its notification (bounded). A failure
  /// here is reported, not thrown: the change is done.
  outcome<answer> confirmed(outcome<answer> o) {
    if (!o)
      return o;
    auto& servers = o->servers;
    servers.asked = true;
    try {
      auto r = persistence::await_auth_listeners(url, ack_timeout);
      servers.complete = r.complete;
      servers.expected = r.expected;
      servers.confirmed = r.confirmed;
    } catch (const persistence::persistence_error& e) {
      servers.complete = false;
      servers.error = e.what();
    }
    return o;
  }

  /// Runs `fn`, turning storage failures into the console's own types so
  /// that front ends never depend on persistence/.
  template <class F>
  static auto guarded(F&& fn) -> decltype(fn()) {
    try {
      return fn();
    } catch (const persistence::schema_mismatch& e) {
      throw schema_error{e.what()};
    } catch (const persistence::persistence_error& e) {
      throw database_error{e.what()};
    }
  }
};

console::console(const std::string& database_url)
  : impl_(impl::guarded([&] {
      // Before the first connection: libpq would print them raw.
      log_database_notices();
      return std::make_unique<impl>(database_url);
    })) {
  // nop
}

console::~console() = default;

void console::set_ack_timeout(std::chrono::milliseconds timeout) {
  impl_->ack_timeout = timeout;
}

std::int64_t console::migrate() {
  return impl::guarded([&] {
    return impl_->st.migrate();
  });
}

void console::require_current_schema() {
  impl::guarded([&] {
    impl_->st.require_current_schema([] {
      log_event(log_level::info, "migration_wait",
                {{"message", "a migration of the schema is running; waiting "
                             "for it to finish"}});
    });
  });
}

outcome<answer>
console::create_user(const std::string& email, const std::string& name,
                     const std::string& plan, const std::string& currency_code,
                     const std::string& timezone) {
  return impl::guarded([&] {
    return op::create_user(impl_->st, email, name, plan, currency_code,
                           timezone);
  });
}

outcome<answer> console::list_users(const std::string& email_part) {
  return impl::guarded([&] {
    return op::list_users(impl_->st, email_part);
  });
}

outcome<answer> console::seed_demo(const quota_table& quotas,
                                   const std::string& user_id) {
  return impl::guarded([&] {
    return demo::seed(impl_->st, quotas, user_id);
  });
}

outcome<answer> console::set_plan(const std::string& user_id,
                                  const std::string& plan) {
  return impl_->confirmed(impl::guarded([&] {
    return op::set_plan(impl_->st, user_id, plan);
  }));
}

outcome<answer> console::set_password(const std::string& user_id,
                                      const std::string& password) {
  return impl::guarded([&] {
    return op::set_password(impl_->st, user_id, password);
  });
}

outcome<answer> console::invite(const std::string& user_id, std::int64_t hours,
                                const std::string& base_url) {
  return impl::guarded([&] {
    return op::invite(impl_->st, user_id, hours, base_url);
  });
}

outcome<answer> console::create_team(const std::string& name,
                                     const std::string& owner_id) {
  return impl::guarded([&] {
    return op::create_team(impl_->st, name, owner_id);
  });
}

outcome<answer>
console::add_member(const quota_table& quotas, const std::string& team_id,
                    const std::string& user_id, const std::string& role) {
  return impl_->confirmed(impl::guarded([&] {
    return op::add_member(impl_->st, quotas, team_id, user_id, role);
  }));
}

outcome<answer> console::remove_member(const std::string& team_id,
                                       const std::string& user_id) {
  return impl_->confirmed(impl::guarded([&] {
    return op::remove_member(impl_->st, team_id, user_id);
  }));
}

outcome<answer> console::create_key(const std::string& user_id,
                                    std::int64_t days, const std::string& name,
                                    const std::string& audience) {
  return impl::guarded([&] {
    return op::create_key(impl_->st, user_id, days, name, audience);
  });
}

outcome<answer> console::revoke_key(const std::string& key_id) {
  return impl_->confirmed(impl::guarded([&] {
    return op::revoke_key(impl_->st, key_id);
  }));
}

outcome<answer> console::list_keys(const std::string& user_id) {
  return impl::guarded([&] {
    return op::list_keys(impl_->st, user_id);
  });
}

} // namespace purse::admin
