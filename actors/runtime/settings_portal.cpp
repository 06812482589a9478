// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/settings_portal.hpp"

#include <atomic>
#include <chrono>
#include <type_traits>

#include <caf/allowed_unsafe_message_type.hpp>
#include <caf/event_based_actor.hpp>
#include <caf/send.hpp>

#include "key_lifecycle.hpp"
#include "purse/actors/api_key.hpp"
#include "purse/actors/auth_failures.hpp"
#include "purse/actors/log.hpp"
#include "purse/actors/password.hpp"
#include "purse/actors/profile_rules.hpp"
#include "purse/actors/roles.hpp"
#include "purse/actors/settings_rules.hpp"
#include "purse/actors/timestamp.hpp"
#include "purse/persistence/auth_barrier.hpp"
#include "purse/persistence/store.hpp"
#include "resource.hpp"
#include "user_access.hpp"

namespace purse::settings::detail {

/// A unit of the portal's blocking work. It carries a closure, so it never
/// leaves its node.
struct portal_job {
  std::function<void(persistence::store&)> run;
};

} // namespace purse::settings::detail

CAF_ALLOW_UNSAFE_MESSAGE_TYPE(purse::settings::detail::portal_job)

namespace purse::settings {

using detail::portal_job;
using persistence::session;
using persistence::store;

namespace {

/// How long a revocation or a time zone change waits for the servers'
/// acknowledgement.
constexpr std::chrono::milliseconds listener_ack_timeout{2000};

/// No valid session: the page sends the browser to sign in.
failure signed_out() {
  return refused(errc::unauthenticated, "Sign in first");
}

failure database_down() {
  return refused(errc::unavailable,
                 "The database is unavailable; try again in a moment");
}

/// The refusal of a link that cannot set a password.
failure unusable_link() {
  return refused(errc::not_found, "token",
                 "This link is unknown, used or expired; ask your operator "
                 "for a new one");
}

/// Too many failed sign-ins (or current passwords) from here.
failure too_many_failures(std::int64_t retry_after) {
  auto limited = refused(errc::too_many_requests,
                         "Too many failed sign-ins; wait a minute and try "
                         "again");
  limited.retry_after = retry_after;
  return limited;
}

/// `text` without surrounding spaces.
std::string trimmed(std::string text) {
  while (!text.empty() && text.back() == ' ')
    text.pop_back();
  auto first = text.find_first_not_of(' ');
  return first == std::string::npos ? std::string{} : text.substr(first);
}

/// A profile rule's refusal in the page's words ("The time zone must be
/// ...").
failure profile_refusal(const failure& f) {
  const char* label = f.field == "name"            ? "The name "
                      : f.field == "currency_code" ? "The default currency "
                                                   : "The time zone ";
  return refused(errc::unprocessable, f.field, label + f.message);
}

/// The name an account's failures from one client address count under
/// (an address holds no space, so no two pairs share one).
std::string account_at(const std::string& email, const std::string& address) {
  return address + ' ' + email;
}

/// Failures an account's window must hold to reach the longest delay.
std::int64_t account_window(const portal_options& o) {
  auto n = o.account_failure_limit;
  while (sign_in_delay(n, o.account_failure_limit, o.max_sign_in_delay)
         < o.max_sign_in_delay)
    ++n;
  return n + 1;
}

caf::behavior portal_worker(caf::event_based_actor*,
                            std::shared_ptr<store> st) {
  return {
    [st](const portal_job& job) {
      job.run(*st);
    },
  };
}

} // namespace

struct portal::impl {
  portal_options opts;
  std::shared_ptr<store> st;
  std::vector<caf::actor> workers;
  std::atomic<std::size_t> next{0};
  /// Failed sign-ins per client address: past the limit, 429.
  auth_failures by_address;
  /// Failed sign-ins per account and client address: past the limit, 429.
  auth_failures by_account_at;
  /// Failed sign-ins per account from anywhere: they slow it down.
  auth_failures by_account;

  impl(portal_options o)
    : opts(std::move(o)),
      by_address(opts.api.auth_failure_limit),
      by_account_at(opts.account_failure_limit),
      by_account(account_window(opts)) {
    // nop
  }

  /// How long a sign-in for `email` waits now.
  std::chrono::milliseconds delay_for(const std::string& email) {
    auto failures = by_account.count(email,
                                     caf::actor_clock::clock_type::now());
    return sign_in_delay(failures, opts.account_failure_limit,
                         opts.max_sign_in_delay);
  }

  /// Runs `fn` on a worker, after `delay` (a timer: no thread waits); a
  /// failure of the database (or of anything else) answers `unavailable`
  /// instead, never an exception.
  template <class T, class F>
  void post(F fn, callback<T> cb, std::chrono::milliseconds delay = {}) {
    if (workers.empty()) {
      cb(refused(errc::unavailable, "The server is shutting down"));
      return;
    }
    auto& w = workers[next.fetch_add(1) % workers.size()];
    portal_job job{[fn = std::move(fn), cb = std::move(cb)](store& s) {
      outcome<T> r = database_down();
      try {
        r = fn(s);
      } catch (const std::exception& e) {
        // Messages of the store never hold passwords or tokens: those
        // never reach SQL as text (hashes only).
        log_event(log_level::error, "settings page failure",
                  {{"error", e.what()}});
        r = database_down();
      }
      cb(std::move(r));
    }};
    if (delay.count() > 0)
      caf::delayed_anon_send(w, delay, std::move(job));
    else
      caf::anon_send(w, std::move(job));
  }

  std::int64_t idle() const {
    return static_cast<std::int64_t>(opts.idle_timeout.count());
  }

  /// The session a token names, if it is alive; a dead one is deleted.
  bool live_session(session& s, const std::string& token,
                    persistence::web_session_row& row, std::int64_t now) {
    if (token.empty() || token.size() > 128)
      return false;
    if (!s.find(access::token_digest(token), row))
      return false;
    if (session_alive(now, row.last_seen_at, row.expires_at, idle()))
      return true;
    s.erase<persistence::web_session_row>(row.id);
    return false;
  }

  /// The page's data for a user, read in the caller's transaction.
  page_view read_page(session& s, const persistence::web_session_row& ses,
                      std::int64_t now) {
    page_view p;
    persistence::user_row u;
    s.find(ses.user_id, u);
    p.user_id = u.id;
    p.email = u.email;
    p.name = u.name;
    p.currency_code = u.currency_code;
    p.timezone = u.timezone;
    p.plan = u.plan;
    p.can_create_keys = plan_has_api(u.plan);
    p.upgrade_message = upgrade_message;
    p.upgrade_url = opts.api.upgrade_url;
    p.plans_with_api = {"solo", "family"};
    p.read_limit = opts.api.read_limit;
    p.write_limit = opts.api.write_limit;
    p.window_seconds = rate_window_length.count();
    p.csrf_token = ses.csrf_token;
    p.form_nonce = ses.form_nonce;
    p.default_days = keys::default_days;
    p.max_days = keys::max_days;
    p.now = now;
    for (auto& k : s.keys_of(u.id)) {
      key_view v;
      v.id = k.id;
      v.name = k.name;
      v.prefix = "purse_" + k.lookup_id;
      v.audience = k.audience;
      v.created_at = k.created_at;
      v.expires_at = k.expires_at;
      v.last_used_at = k.last_used_at;
      v.last_used_from = k.last_used_from;
      v.revoked_at = k.revoked_at;
      v.state = key_state(now, k.expires_at, k.revoked_at);
      v.days_left = k.revoked_at != 0 ? 0 : days_left(now, k.expires_at);
      p.keys.push_back(std::move(v));
    }
    for (auto& [team, role] : s.teams_of(u.id))
      p.teams.push_back(team_view{team.id, team.name, role});
    // The personal scope's counts as its scope actor loads them, so the
    // page shows what /me/usage shows.
    std::map<std::string, std::int64_t> used;
    for (auto* res : all_resources())
      res->load_counts(s, u.id, used);
    for (auto& spec : all_quotas()) {
      if (spec.counted == quota_spec::usage::team_members)
        continue; // per team, shown by the API on team paths
      quota_view q{spec.name, -1, opts.quotas.limit(u.plan, spec.name)};
      if (auto it = used.find(spec.name);
          it != used.end() && spec.counted == quota_spec::usage::scope_count)
        q.used = it->second;
      p.quotas.push_back(std::move(q));
    }
    return p;
  }

  /// Checks the session and its form token, then runs `fn` in a write
  /// transaction with the live session row; `fn` answers an outcome.
  template <class F>
  auto in_session(store& st, const std::string& token, const std::string& csrf,
                  bool check_csrf, F&& fn) {
    using result
      = std::invoke_result_t<F&, session&, persistence::web_session_row&,
                             std::int64_t>;
    result r = signed_out();
    auto now = now_seconds();
    st.write([&](session& s) {
      persistence::web_session_row row;
      if (!live_session(s, token, row, now))
        return;
      if (check_csrf
          && (csrf.empty() || !constant_time_equal(csrf, row.csrf_token))) {
        r = refused(errc::forbidden, "The form's security token is missing "
                                     "or wrong; reload the page and try "
                                     "again");
        return;
      }
      row.last_seen_at = now;
      r = fn(s, row, now);
    });
    return r;
  }
};

portal::portal(caf::actor_system& sys, portal_options opts)
  : impl_(std::make_shared<impl>(std::move(opts))) {
  impl_->st = std::make_shared<store>(
    persistence::store_options{impl_->opts.database_url, impl_->opts.workers});
  for (std::size_t i = 0; i < impl_->opts.workers; ++i)
    impl_->workers.push_back(
      sys.spawn<caf::detached>(portal_worker, impl_->st));
}

portal::~portal() {
  shutdown();
}

const portal_options& portal::options() const {
  return impl_->opts;
}

void portal::shutdown() {
  for (auto& w : impl_->workers)
    caf::anon_send_exit(w, caf::exit_reason::user_shutdown);
  impl_->workers.clear();
}

void portal::sign_in(const std::string& email, const std::string& password,
                     const std::string& address,
                     const std::string& previous_token,
                     callback<std::string> cb) {
  auto self = impl_;
  auto account = normal_email(email);
  auto delay = self->delay_for(account);
  self->post(
    [self, email = std::move(account), password, address,
     previous_token](store& st) -> outcome<std::string> {
      auto clock_now = caf::actor_clock::clock_type::now();
      auto blocked_address = self->by_address.blocked(address, clock_now);
      auto blocked_here
        = self->by_account_at.blocked(account_at(email, address), clock_now);
      if (blocked_address || blocked_here)
        return too_many_failures(
          std::max(blocked_address.value_or(0), blocked_here.value_or(0)));
      persistence::user_row u;
      std::string hash;
      bool has_password = false;
      st.read([&](session& s) {
        if (!email.empty() && email.size() <= 254
            && s.find_user_by_email(email, u))
          has_password = s.find_password(u.id, hash);
      });
      bool ok = has_password && verify_password(hash, password);
      if (!has_password)
        verify_nothing(password); // the same time as a wrong password
      if (!ok) {
        self->by_address.record(address, clock_now);
        self->by_account_at.record(account_at(email, address), clock_now);
        self->by_account.record(email, clock_now);
        return refused(errc::unauthenticated,
                       "The e-mail or the password is wrong");
      }
      auto token = random_token();
      auto now = now_seconds();
      persistence::web_session_row row;
      row.id = access::token_digest(token);
      row.user_id = u.id;
      row.csrf_token = random_token();
      row.form_nonce = random_token();
      row.created_at = now;
      row.last_seen_at = now;
      row.expires_at
        = now + static_cast<std::int64_t>(self->opts.absolute_timeout.count());
      st.write([&](session& s) {
        // Rotation: whatever session the browser had ends here.
        if (!previous_token.empty() && previous_token.size() <= 128)
          s.erase<persistence::web_session_row>(
            access::token_digest(previous_token));
        s.prune_web_sessions(u.id, now, self->idle());
        s.insert(row);
      });
      return token;
    },
    std::move(cb), delay);
}

void portal::sign_out(const std::string& token, const std::string& csrf,
                      callback<> cb) {
  auto self = impl_;
  self->post(
    [self, token, csrf](store& st) {
      return self->in_session(st, token, csrf, true,
                              [](session& s, persistence::web_session_row& row,
                                 std::int64_t) {
                                s.erase<persistence::web_session_row>(row.id);
                                return outcome<>{};
                              });
    },
    std::move(cb));
}

void portal::sign_out_everywhere(const std::string& token,
                                 const std::string& csrf,
                                 callback<std::int64_t> cb) {
  auto self = impl_;
  self->post(
    [self, token, csrf](store& st) {
      return self->in_session(
        st, token, csrf, true,
        [](session& s, persistence::web_session_row& row, std::int64_t) {
          // Sessions are read from the database on every request: gone
          // here, gone on every server at once.
          return outcome<std::int64_t>{s.end_web_sessions(row.user_id)};
        });
    },
    std::move(cb));
}

void portal::show(const std::string& token, callback<page_view> cb,
                  bool new_form) {
  auto self = impl_;
  self->post(
    [self, token, new_form](store& st) {
      return self->in_session(
        st, token, {}, false,
        [self, new_form](session& s, persistence::web_session_row& row,
                         std::int64_t now) {
          // A fresh one-time token for this rendering's create form.
          if (new_form) {
            row.form_nonce = random_token();
            s.update(row);
          }
          return outcome<page_view>{self->read_page(s, row, now)};
        });
    },
    std::move(cb));
}

void portal::create_key(const std::string& token, const std::string& csrf,
                        const std::string& form_nonce, const std::string& name,
                        const std::string& days, callback<key_form> cb) {
  auto self = impl_;
  self->post(
    [self, token, csrf, form_nonce, name,
     days](store& st) -> outcome<key_form> {
      auto user_id = self->in_session(
        st, token, csrf, true,
        [&](session& s, persistence::web_session_row& row,
            std::int64_t) -> outcome<std::string> {
          // One key per rendering of the form: a resubmission (reload,
          // back button, double click) finds the token used.
          bool fresh = !form_nonce.empty()
                       && constant_time_equal(form_nonce, row.form_nonce);
          row.form_nonce = random_token();
          s.update(row);
          if (!fresh)
            return refused(errc::conflict, "This form was already used");
          return row.user_id;
        });
      if (!user_id)
        return user_id.error();
      std::string trimmed = name;
      while (!trimmed.empty() && trimmed.back() == ' ')
        trimmed.pop_back();
      while (!trimmed.empty() && trimmed.front() == ' ')
        trimmed.erase(0, 1);
      auto key = [&]() -> outcome<made_key> {
        auto lifetime = parse_days(days, keys::default_days, keys::max_days);
        if (trimmed.empty())
          return refused(errc::unprocessable, "name", "Give the key a name");
        if (!lifetime)
          return refused(errc::unprocessable, "days",
                         "The lifetime must be a whole number of days from 1 "
                         "to 365");
        auto made = keys::create(st, *user_id, *lifetime, trimmed,
                                 "public-api");
        if (made)
          return made_key{made->row.id, std::move(made->secret)};
        if (made.code() == errc::payment_required)
          return refused(errc::payment_required, upgrade_message);
        return refused(errc::unprocessable, made.error().field,
                       "The name " + made.error().message);
      }();
      // The page (with a new form token) comes with every answer.
      auto page = self->in_session(
        st, token, {}, false,
        [self](session& s, persistence::web_session_row& row,
               std::int64_t now) {
          s.update(row);
          return outcome<page_view>{self->read_page(s, row, now)};
        });
      if (!page)
        return page.error();
      return key_form{std::move(*page), std::move(key)};
    },
    std::move(cb));
}

void portal::revoke_key(const std::string& token, const std::string& csrf,
                        const std::string& key_id, callback<> cb) {
  auto self = impl_;
  self->post(
    [self, token, csrf, key_id](store& st) -> outcome<> {
      auto user_id
        = self->in_session(st, token, csrf, true,
                           [&](session& s, persistence::web_session_row& row,
                               std::int64_t) -> outcome<std::string> {
                             s.update(row);
                             return row.user_id;
                           });
      if (!user_id)
        return user_id.error();
      if (key_id.empty() || key_id.size() > 64)
        return refused(errc::not_found, "No such key");
      if (!keys::revoke(st, key_id, *user_id))
        return refused(errc::not_found, "No such key");
      // As purse-admin does: the next request to any server sees it.
      auto acks = persistence::await_auth_listeners(self->opts.database_url,
                                                    listener_ack_timeout);
      if (!acks.complete)
        log_event(log_level::warn, "revocation not confirmed by every server",
                  {{"key_id", key_id},
                   {"confirmed", std::to_string(acks.confirmed), true},
                   {"expected", std::to_string(acks.expected), true}});
      return {};
    },
    std::move(cb));
}

void portal::save_profile(const std::string& token, const std::string& csrf,
                          const std::string& name,
                          const std::string& currency_code,
                          const std::string& timezone, callback<> cb) {
  auto self = impl_;
  self->post(
    [self, token, csrf, name = trimmed(name), currency = trimmed(currency_code),
     zone = trimmed(timezone)](store& st) -> outcome<> {
      bool zone_changed = false;
      std::string user_id;
      auto saved = self->in_session(
        st, token, csrf, true,
        [&](session& s, persistence::web_session_row& row,
            std::int64_t) -> outcome<> {
          s.update(row);
          if (auto problem = profile::profile_problem(name, currency, zone))
            return profile_refusal(*problem);
          persistence::user_row u;
          if (!s.find(row.user_id, u))
            return signed_out();
          user_id = u.id;
          zone_changed = u.timezone != zone;
          u.name = name;
          u.currency_code = currency;
          u.timezone = zone;
          s.update(u);
          return {};
        });
      // The servers keep the time zone with a key's state (its change
      // notifies them: people.sql); as after a revocation, wait until
      // each has dropped what it kept.
      if (saved && zone_changed) {
        auto acks = persistence::await_auth_listeners(self->opts.database_url,
                                                      listener_ack_timeout);
        if (!acks.complete)
          log_event(log_level::warn,
                    "time zone change not confirmed by every server",
                    {{"user_id", user_id},
                     {"confirmed", std::to_string(acks.confirmed), true},
                     {"expected", std::to_string(acks.expected), true}});
      }
      return saved;
    },
    std::move(cb));
}

void portal::change_password(const std::string& token, const std::string& csrf,
                             const std::string& current,
                             const std::string& new_password,
                             const std::string& again,
                             const std::string& address,
                             callback<std::int64_t> cb) {
  auto self = impl_;
  self->post(
    [self, token, csrf, current, new_password, again,
     address](store& st) -> outcome<std::int64_t> {
      persistence::web_session_row ses;
      std::string email;
      auto checked
        = self->in_session(st, token, csrf, true,
                           [&](session& s, persistence::web_session_row& row,
                               std::int64_t) -> outcome<> {
                             s.update(row);
                             persistence::user_row u;
                             if (!s.find(row.user_id, u))
                               return signed_out();
                             ses = row;
                             email = normal_email(u.email);
                             return {};
                           });
      if (!checked)
        return checked.error();
      if (new_password != again)
        return refused(errc::unprocessable, "again",
                       "The two new passwords are not the same");
      // Limited as the sign-in form is: a stolen session cookie must not
      // make this form an oracle for the password.
      auto clock_now = caf::actor_clock::clock_type::now();
      auto blocked_address = self->by_address.blocked(address, clock_now);
      auto blocked_here
        = self->by_account_at.blocked(account_at(email, address), clock_now);
      if (blocked_address || blocked_here)
        return too_many_failures(
          std::max(blocked_address.value_or(0), blocked_here.value_or(0)));
      std::string hash;
      bool has_password = false;
      st.read([&](session& s) {
        has_password = s.find_password(ses.user_id, hash);
      });
      if (!has_password || !verify_password(hash, current)) {
        self->by_address.record(address, clock_now);
        self->by_account_at.record(account_at(email, address), clock_now);
        self->by_account.record(email, clock_now);
        return refused(errc::unprocessable, "current_password",
                       "The current password is wrong");
      }
      auto ended = access::change_own_password(st, ses.user_id, ses.id,
                                               new_password);
      if (ended)
        return ended;
      if (ended.error().field == "password")
        return refused(errc::unprocessable, "new_password",
                       "The new password " + ended.error().message);
      return signed_out();
    },
    std::move(cb));
}

void portal::check_invite(const std::string& link_token, callback<> cb) {
  impl_->post(
    [link_token](store& st) -> outcome<> {
      if (access::invite_usable(st, link_token))
        return {};
      return unusable_link();
    },
    std::move(cb));
}

void portal::redeem_invite(const std::string& link_token,
                           const std::string& password, callback<> cb) {
  impl_->post(
    [link_token, password](store& st) -> outcome<> {
      auto ended = access::redeem_invite(st, link_token, password);
      if (ended)
        return {};
      if (ended.error().field == "password")
        return refused(errc::unprocessable, "password",
                       "The password " + ended.error().message);
      return unusable_link();
    },
    std::move(cb));
}

} // namespace purse::settings
