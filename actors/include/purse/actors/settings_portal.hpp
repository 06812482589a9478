// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The domain side of the developer settings page: sign-in with e-mail and
// password, server-side sessions, and the user's own API keys (listed,
// created, revoked) with what the API shows them (plan, rate limits,
// quotas, teams). The HTTP front (http/src/settings_*.cpp) adapts forms
// and cookies to these calls and renders the answers; every rule is here.
//
// Blocking work (Argon2id, the database) runs on the portal's own detached
// workers, never on an HTTP io thread; each call answers through its
// callback, on a worker's thread. Keys are made and revoked by the same
// code as `purse-admin key create|revoke`, and a revocation waits for the
// running servers to drop the authentication they cached, so the very
// next API request with the key gets 401.

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <caf/actor_system.hpp>

#include "purse/actors/outcome.hpp"
#include "purse/actors/quotas.hpp"
#include "purse/actors/user_settings.hpp"

namespace purse::settings {

/// What the portal needs; the defaults are the documented ones.
struct portal_options {
  /// libpq conninfo string or postgresql:// URI.
  std::string database_url;
  /// Workers (each with a database connection). Argon2id takes 64 MiB per
  /// hash in progress, so this also bounds that memory.
  std::size_t workers = 2;
  quota_table quotas = quota_table::defaults();
  /// The API's limits and upgrade URL, shown as they apply; the per-address
  /// sign-in limit is the API's failed-authentication limit.
  user_settings api;
  /// A session unused this long ends.
  std::chrono::seconds idle_timeout{30 * 60};
  /// A session ends this long after sign-in, however active.
  std::chrono::seconds absolute_timeout{12 * 3600};
  /// Failed sign-ins per account (e-mail, whether it exists or not) from
  /// one client address per rolling window (the API's, 60 s) before
  /// further attempts for it from that address get 429.
  std::int64_t account_failure_limit = 10;
  /// Past `account_failure_limit` failed sign-ins of an account in the
  /// window from all addresses together, every attempt for it waits before
  /// it is checked: 250 ms, doubling with each further failure, at most
  /// this long. The account is slowed down, never refused, so whoever
  /// knows an e-mail cannot lock its owner out.
  std::chrono::milliseconds max_sign_in_delay{3000};
};

/// One API key as the page lists it (never its secret).
struct key_view {
  std::string id;
  std::string name;
  /// The non-secret start of the key ("purse_" + lookup id).
  std::string prefix;
  std::string audience;
  std::int64_t created_at = 0;
  std::int64_t expires_at = 0;
  std::int64_t last_used_at = 0;
  /// The client address of that use ("" when unknown).
  std::string last_used_from;
  std::int64_t revoked_at = 0;
  /// "active", "expired" or "revoked".
  std::string state;
  /// Whole days left, rounded up (0 when expired or revoked).
  std::int64_t days_left = 0;
};

/// A team the user belongs to, with their role.
struct team_view {
  std::string id;
  std::string name;
  std::string role;
};

/// One plan quota of the personal scope (`used` < 0: not counted, e.g. the
/// per-file size limit).
struct quota_view {
  std::string name;
  std::int64_t used = -1;
  std::int64_t limit = 0;
};

/// Everything the settings page shows.
struct page_view {
  std::string user_id;
  std::string email;
  std::string name;
  /// The profile's default currency (ISO 4217) and IANA time zone.
  std::string currency_code;
  std::string timezone;
  std::string plan;
  /// The plan allows creating keys; otherwise the upgrade hint applies.
  bool can_create_keys = false;
  /// The API's 402 message and hint (plans with API access, where to
  /// upgrade).
  std::string upgrade_message;
  std::string upgrade_url;
  std::vector<std::string> plans_with_api;
  /// Per-key requests per rolling window.
  std::int64_t read_limit = 0;
  std::int64_t write_limit = 0;
  std::int64_t window_seconds = 60;
  std::vector<key_view> keys;
  std::vector<team_view> teams;
  std::vector<quota_view> quotas;
  /// The session's form token, for every form of the page.
  std::string csrf_token;
  /// The one-time token of this rendering's key-creation form.
  std::string form_nonce;
  /// Lifetime bounds and default, in days.
  std::int64_t default_days = 30;
  std::int64_t max_days = 365;
  /// The time the page was read (for "expires in N days").
  std::int64_t now = 0;
};

/// A key the page just made.
struct made_key {
  std::string id;
  /// Shown once and never again.
  std::string secret;
};

/// The answer to the key-creation form: the page (with a fresh form token)
/// and what became of the key.
struct key_form {
  page_view page;
  outcome<made_key> key;
};

/// Receives an answer, on a worker's thread. The failures, in the domain's
/// vocabulary: unauthenticated (no valid session, or for sign_in a wrong
/// e-mail or password, never saying which), forbidden (the form's CSRF
/// token does not belong to the session), conflict (the key-creation form
/// was already used: nothing was created), unprocessable (an input, named
/// by `field`: "name", "days", "password", "currency_code", "timezone",
/// "current_password", "new_password"), not_found (no such key among
/// the user's; an unknown, used or expired link, field "token"),
/// too_many_requests (failed sign-ins; `retry_after`), payment_required
/// (the plan does not allow keys; the API's 402 hint applies), unavailable
/// (the database failed; safe to retry). Messages are the page's own text.
template <class T = std::monostate>
using callback = std::function<void(outcome<T>)>;

/// The developer settings page's domain.
class portal {
public:
  // -- constructors -----------------------------------------------------------

  /// Opens its own connections and spawns its workers. Throws
  /// std::runtime_error when the database cannot be opened.
  portal(caf::actor_system& sys, portal_options opts);
  ~portal();
  portal(const portal&) = delete;
  portal& operator=(const portal&) = delete;

  // -- sessions ---------------------------------------------------------------

  /// Signs in: on success a new session (its token, the cookie's value), and
  /// the session `previous_token` named (if any) is ended, so a sign-in always
  /// rotates the session. Failures are limited per account and client
  /// address and per client address, and slow the account down (see
  /// `portal_options`); they never reveal whether the e-mail exists. A
  /// slowed attempt waits on a timer, holding no thread.
  void sign_in(const std::string& email, const std::string& password,
               const std::string& address, const std::string& previous_token,
               callback<std::string> cb);

  /// Ends the session (after checking its form token).
  void sign_out(const std::string& token, const std::string& csrf,
                callback<> cb);

  /// Ends every session of the session's user, this one included (after
  /// checking its form token): a browser left signed in elsewhere, or a
  /// stolen cookie, opens nothing from the next request on. Answers how
  /// many sessions ended.
  void sign_out_everywhere(const std::string& token, const std::string& csrf,
                           callback<std::int64_t> cb);

  // -- the page ----------------------------------------------------------------

  /// The page for the session's user. With `new_form`, a fresh one-time
  /// token for the key-creation form (the developer page); without, the
  /// form already handed out stays valid (pages that show no form: the
  /// plan page, a revoke confirmation).
  void show(const std::string& token, callback<page_view> cb,
            bool new_form = true);

  /// Creates a key named `name`, valid for `days` days (text from the form;
  /// empty: the default). The page comes whether or not the key was made.
  void create_key(const std::string& token, const std::string& csrf,
                  const std::string& form_nonce, const std::string& name,
                  const std::string& days, callback<key_form> cb);

  /// Revokes one of the user's keys, then waits (bounded) until every
  /// running server dropped the authentication it cached for it.
  void revoke_key(const std::string& token, const std::string& csrf,
                  const std::string& key_id, callback<> cb);

  // -- profile and password --------------------------------------------------

  /// Saves the user's name, default currency and time zone (after checking
  /// the form token), by the rules `purse-admin user create` follows
  /// (profile_rules.hpp); a refused input changes nothing. The API's
  /// GET /me reads the profile from the database; a changed time zone
  /// (which the servers keep with a key's state, as the reports' default)
  /// is waited for as a revocation is, so the next API request on any
  /// server sees it.
  void save_profile(const std::string& token, const std::string& csrf,
                    const std::string& name, const std::string& currency_code,
                    const std::string& timezone, callback<> cb);

  /// Changes the user's password to `new_password` (which `again` must
  /// repeat) after checking the current one, by the rules of
  /// `purse-admin user set-password`. Every other session of the
  /// user ends; this one stays. A wrong current password counts as a
  /// failed sign-in from `address` (and of the account from there), so
  /// the form is limited as the sign-in form is and is no password
  /// oracle: past the limit, too_many_requests. Answers how many other
  /// sessions ended.
  void change_password(const std::string& token, const std::string& csrf,
                       const std::string& current,
                       const std::string& new_password,
                       const std::string& again, const std::string& address,
                       callback<std::int64_t> cb);

  // -- passwords ---------------------------------------------------------------

  /// ok when `link_token` names an unused, unexpired link.
  void check_invite(const std::string& link_token, callback<> cb);

  /// Sets the password through a link (ending every session of the user).
  void redeem_invite(const std::string& link_token, const std::string& password,
                     callback<> cb);

  // -- properties --------------------------------------------------------------

  const portal_options& options() const;

  /// Stops the workers (calls in their queues are answered unavailable or
  /// dropped with the process).
  void shutdown();

private:
  struct impl;
  std::shared_ptr<impl> impl_;
};

} // namespace purse::settings
