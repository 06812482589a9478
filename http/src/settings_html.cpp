// SPDX-License-Identifier: GPL-2.0-or-later
#include "settings_html.hpp"

#include <algorithm>

#include "purse/actors/currency.hpp"
#include "purse/actors/password.hpp"
#include "purse/actors/settings_rules.hpp"
#include "purse/actors/timestamp.hpp"
#include "settings_http.hpp"

namespace purse::http::settings_html {

using settings_http::escape;

namespace {

/// "2026-03-01 10:00 UTC", or `none` for an unset time.
std::string when(std::int64_t t, const char* none = "never") {
  if (t == 0)
    return none;
  auto s = format_utc(t); // YYYY-MM-DDTHH:MM:SSZ
  return s.substr(0, 10) + " " + s.substr(11, 5) + " UTC";
}

/// A key's last use: its time, and the client address it came from, so
/// that a user can tell a use that was not theirs.
std::string last_use(const settings::key_view& k) {
  if (k.last_used_at == 0)
    return "<span class=\"last-used\">never</span>";
  auto out = "<span class=\"last-used\"><time datetime=\""
             + format_utc(k.last_used_at) + "\">" + when(k.last_used_at)
             + "</time>";
  if (!k.last_used_from.empty())
    out += " <span class=\"muted\">from</span> <code class=\"address\">"
           + escape(k.last_used_from) + "</code>";
  return out + "</span>";
}

std::string layout(const std::string& title, const std::string& body,
                   const std::string& header_extra = {}) {
  return "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
         "<meta name=\"viewport\" content=\"width=device-width, "
         "initial-scale=1\"><title>"
         + escape(title)
         + " · Purse</title>"
           "<link rel=\"stylesheet\" href=\"/settings/assets/settings.css\">"
           "<script src=\"/settings/assets/settings.js\" defer></script>"
           "</head><body><header><span class=\"brand\">Purse</span>"
         + header_extra + "</header><main>" + body + "</main></body></html>\n";
}

std::string hidden(const char* name, const std::string& value) {
  return std::string{"<input type=\"hidden\" name=\""} + name + "\" value=\""
         + escape(value) + "\">";
}

std::string sign_out_form(const std::string& csrf) {
  return "<form method=\"post\" action=\"/logout\" class=\"signout\">"
         + hidden("csrf", csrf)
         + "<button type=\"submit\">Sign out</button></form>";
}

std::string plural(std::int64_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

std::string quota_label(const std::string& name) {
  if (name == "file_storage_bytes")
    return "file storage";
  if (name == "max_file_bytes")
    return "largest file";
  return name;
}

/// A quota's row: what is used of it in the units people read ("250 of
/// 1,000", "3.5 MiB of 1 GiB") and a bar of how much, whose text says the
/// same for those who do not see it.
std::string quota_row(const settings::quota_view& q) {
  bool bytes = q.name.size() > 6
               && q.name.compare(q.name.size() - 6, 6, "_bytes") == 0;
  auto amount = [&](std::int64_t n) {
    return bytes ? settings::human_bytes(n) : settings::grouped(n);
  };
  auto label = quota_label(q.name);
  std::string out = "<tr data-quota=\"" + escape(q.name) + "\"><td>"
                    + escape(label) + "</td><td class=\"used\">";
  if (q.used < 0)
    return out + "up to " + amount(q.limit) + " each</td><td></td></tr>";
  if (q.limit <= 0)
    return out + amount(q.used) + " (none on this plan)</td><td></td></tr>";
  auto pct = std::to_string(settings::percent_used(q.used, q.limit)) + "%";
  return out + amount(q.used) + " of " + amount(q.limit)
         + "</td><td class=\"bar\"><progress value=\""
         + std::to_string(std::min(q.used, q.limit)) + "\" max=\""
         + std::to_string(q.limit) + "\" aria-label=\"" + escape(label) + ": "
         + pct + " used\">" + pct + "</progress> <span class=\"pct\">" + pct
         + "</span></td></tr>";
}

std::string keys_table(const settings::page_view& p,
                       const std::string& highlight) {
  if (p.keys.empty())
    return "<p id=\"no-keys\">You have no API keys yet.</p>";
  std::string out = "<div class=\"scroll\"><table id=\"keys\"><thead><tr>"
                    "<th>Name</th><th>Prefix</th><th>Audience</th>"
                    "<th>Created</th><th>Expires</th><th>Last used (from)</th>"
                    "<th>Status</th><th></th></tr></thead><tbody>";
  for (auto& k : p.keys) {
    std::string expires = when(k.expires_at);
    if (k.state == "active")
      expires += " <span class=\"muted\">(expires in "
                 + plural(k.days_left, "day") + ")</span>";
    out += "<tr data-key-id=\"" + escape(k.id) + "\""
           + (k.id == highlight ? " class=\"new\"" : "") + "><td>"
           + (k.name.empty() ? "<span class=\"muted\">(no name)</span>"
                             : escape(k.name))
           + "</td><td><code>" + escape(k.prefix) + "…</code></td><td>"
           + escape(k.audience) + "</td><td>" + when(k.created_at) + "</td><td>"
           + expires + "</td><td>" + last_use(k)
           + "</td><td><span class=\"state " + escape(k.state) + "\">"
           + escape(k.state) + "</span></td><td>";
    if (k.state == "active")
      out += "<a class=\"revoke\" href=\"/settings/developer/keys/"
             + escape(k.id) + "/revoke\">Revoke…</a>";
    out += "</td></tr>";
  }
  return out + "</tbody></table></div>";
}

std::string create_form(const settings::page_view& p, const notices& n) {
  std::string out = "<form method=\"post\" action=\"/settings/developer/keys\" "
                    "id=\"create-key\" class=\"card\">"
                    "<h3>Create a key</h3>"
                    + hidden("csrf", p.csrf_token)
                    + hidden("form", p.form_nonce);
  if (!n.error.empty())
    out += "<p class=\"error\" role=\"alert\">" + escape(n.error) + "</p>";
  out += "<label for=\"name\">Name</label><input id=\"name\" name=\"name\" "
         "maxlength=\"100\" required placeholder=\"e.g. budget script\" "
         "value=\""
         + escape(n.name) + "\"><label for=\"days\">Lifetime in days (1–"
         + std::to_string(p.max_days)
         + ")</label><input id=\"days\" name=\"days\" type=\"number\" "
           "min=\"1\" max=\""
         + std::to_string(p.max_days) + "\" value=\""
         + escape(n.days.empty() ? std::to_string(p.default_days) : n.days)
         + "\" required><button type=\"submit\">Create key</button></form>";
  return out;
}

std::string upgrade_hint(const settings::page_view& p) {
  std::string plans;
  for (auto& name : p.plans_with_api) {
    if (!plans.empty())
      plans += ", ";
    plans += escape(name);
  }
  return "<div id=\"upgrade\" class=\"card notice\"><p><strong>"
         + escape(p.upgrade_message) + ".</strong></p><p>You are on the "
         + escape(p.plan) + " plan. Plans with API access: " + plans
         + ". Keys you already have answer 402 until you upgrade.</p>"
           "<p><a href=\""
         + escape(p.upgrade_url) + "\">Upgrade your plan</a></p></div>";
}

} // namespace

std::string login_page(const std::string& csrf, const std::string& message,
                       const std::string& email, const std::string& notice) {
  std::string body = "<h1>Sign in</h1>";
  if (!notice.empty())
    body += "<p class=\"info\" role=\"status\" id=\"notice\">" + escape(notice)
            + "</p>";
  if (!message.empty())
    body += "<p class=\"error\" role=\"alert\">" + escape(message) + "</p>";
  body += "<form method=\"post\" action=\"/login\" class=\"card\" id=\"login\">"
          + hidden("csrf", csrf)
          + "<label for=\"email\">E-mail</label><input id=\"email\" "
            "name=\"email\" type=\"email\" autocomplete=\"username\" "
            "required value=\""
          + escape(email)
          + "\"><label for=\"password\">Password</label><input "
            "id=\"password\" name=\"password\" type=\"password\" "
            "autocomplete=\"current-password\" required>"
            "<button type=\"submit\">Sign in</button></form>"
            "<p class=\"muted\">No password yet? Your operator can send you "
            "a link to set one.</p>";
  return layout("Sign in", body);
}

std::string settings_page(const settings::page_view& p, const notices& n) {
  std::string b = "<h1>Developer settings</h1><p class=\"muted\">Signed in as "
                  + escape(p.email)
                  + " · <a href=\"/settings/profile\" id=\"profile-link\">"
                    "Profile and password</a></p>";
  if (!n.secret.empty())
    b += "<section id=\"new-key\" class=\"card secret\"><h2>Your new API "
         "key</h2><p>Copy it now and keep it like a password. <strong>It "
         "cannot be shown again</strong>: Purse stores only a hash of it."
         "</p><div class=\"copyrow\"><code id=\"secret\">"
         + escape(n.secret)
         + "</code><button type=\"button\" class=\"copy\" "
           "data-copy=\"secret\" hidden>Copy</button></div></section>";
  if (!n.info.empty())
    b += "<p class=\"info\" role=\"status\" id=\"info\">" + escape(n.info)
         + "</p>";
  b += "<section id=\"keys-section\"><h2>API keys</h2>";
  b += p.can_create_keys ? create_form(p, n) : upgrade_hint(p);
  b += keys_table(p, n.created_key_id) + "</section>";
  b += "<section id=\"plan\"><h2>Plan and limits</h2><p>Plan: <strong "
       "id=\"plan-name\">"
       + escape(p.plan) + "</strong></p><p>Each key may make <strong>"
       + std::to_string(p.read_limit) + "</strong> reads (GET, HEAD) and "
       + "<strong>" + std::to_string(p.write_limit)
       + "</strong> writes (POST, PUT, PATCH, DELETE) in any rolling "
       + std::to_string(p.window_seconds)
       + " seconds.</p><div class=\"scroll\"><table id=\"quotas\"><thead>"
         "<tr><th>Quota (personal)</th><th>Used</th><th>How much</th></tr>"
         "</thead><tbody>";
  for (auto& q : p.quotas)
    b += quota_row(q);
  b += "</tbody></table></div><p>The API, its paths and answers: <a "
       "href=\"/api/public/v1/docs\" id=\"docs-link\">API reference</a>."
       "</p></section>";
  b += "<section id=\"teams\"><h2>Teams</h2>";
  if (p.teams.empty()) {
    b += "<p>You belong to no team.</p>";
  } else {
    b += "<p class=\"muted\">Keys belong to you; with them you reach these "
         "teams' data with your role.</p><ul>";
    for (auto& t : p.teams)
      b += "<li>" + escape(t.name) + " <span class=\"muted\">(" + escape(t.role)
           + ", id <code>" + escape(t.id) + "</code>)</span></li>";
    b += "</ul>";
  }
  b += "</section>";
  b += "<section id=\"sessions\"><h2>Sessions</h2><p>Signed in on another "
       "computer, or think someone else is? End every session of your "
       "account, this one included; each browser has to sign in again. "
       "(API keys are not affected: revoke those above.)</p>"
       "<form method=\"post\" action=\"/settings/developer/"
       "sign-out-everywhere\" id=\"sign-out-everywhere\">"
       + hidden("csrf", p.csrf_token)
       + "<button type=\"submit\" class=\"danger\">Sign out everywhere"
         "</button></form></section>";
  return layout("Developer settings", b, sign_out_form(p.csrf_token));
}

std::string profile_page(const settings::page_view& p,
                         const profile_notices& n) {
  auto& name = n.typed ? n.name : p.name;
  auto& currency = n.typed ? n.currency_code : p.currency_code;
  auto& zone = n.typed ? n.timezone : p.timezone;
  std::string b = "<h1>Profile</h1><p class=\"muted\">Signed in as "
                  + escape(p.email)
                  + " · <a href=\"/settings/developer\">Developer "
                    "settings</a></p>";
  if (!n.info.empty())
    b += "<p class=\"info\" role=\"status\" id=\"info\">" + escape(n.info)
         + "</p>";
  b += "<section id=\"profile-section\"><h2>Profile</h2><form method=\"post\" "
       "action=\"/settings/profile\" id=\"profile\" class=\"card\">"
       + hidden("csrf", p.csrf_token);
  if (!n.profile_error.empty())
    b += "<p class=\"error\" role=\"alert\" data-field=\""
         + escape(n.profile_field) + "\">" + escape(n.profile_error) + "</p>";
  b += "<label for=\"name\">Name</label><input id=\"name\" name=\"name\" "
       "maxlength=\"200\" autocomplete=\"name\" value=\""
       + escape(name)
       + "\"><label for=\"currency_code\">Default currency</label>"
         "<select id=\"currency_code\" name=\"currency_code\">";
  for (auto& c : all_currencies()) {
    std::string code{c.code};
    b += "<option value=\"" + escape(code) + "\""
         + (code == currency ? " selected" : "") + ">" + escape(code) + " – "
         + escape(std::string{c.name}) + "</option>";
  }
  b += "</select><label for=\"timezone\">Time zone (IANA name, e.g. "
       "Europe/Berlin or UTC)</label><input id=\"timezone\" "
       "name=\"timezone\" required autocomplete=\"off\" "
       "spellcheck=\"false\" value=\""
       + escape(zone)
       + "\"><p class=\"muted\">Reports use the time zone when a request "
         "names none.</p><button type=\"submit\">Save profile</button>"
         "</form></section>";
  b += "<section id=\"password-section\"><h2>Password</h2><form "
       "method=\"post\" action=\"/settings/profile/password\" "
       "id=\"change-password\" class=\"card\">"
       + hidden("csrf", p.csrf_token);
  if (!n.password_error.empty())
    b += "<p class=\"error\" role=\"alert\" data-field=\""
         + escape(n.password_field) + "\">" + escape(n.password_error) + "</p>";
  auto min = std::to_string(min_password_chars);
  b += "<label for=\"current_password\">Current password</label><input "
       "id=\"current_password\" name=\"current_password\" "
       "type=\"password\" autocomplete=\"current-password\" required>"
       "<label for=\"new_password\">New password (at least "
       + min
       + " characters)</label><input id=\"new_password\" "
         "name=\"new_password\" type=\"password\" "
         "autocomplete=\"new-password\" required minlength=\""
       + min
       + "\"><label for=\"again\">The new password again</label><input "
         "id=\"again\" name=\"again\" type=\"password\" "
         "autocomplete=\"new-password\" required><p class=\"muted\">Every "
         "other session of your account ends; this one stays signed in. "
         "API keys are not affected.</p><button type=\"submit\">Change "
         "password</button></form></section>";
  return layout("Profile", b, sign_out_form(p.csrf_token));
}

std::string billing_page(const settings::page_view& p) {
  std::string plans;
  for (auto& name : p.plans_with_api)
    plans += (plans.empty() ? "" : "|") + escape(name);
  std::string b = "<h1>Plan</h1><section id=\"billing\" class=\"card\"><p>"
                  "You are on the <strong id=\"plan-name\">"
                  + escape(p.plan) + "</strong> plan.</p>";
  if (p.can_create_keys)
    b += "<p>It includes the public API.</p>";
  else
    b += "<p class=\"notice\">" + escape(p.upgrade_message) + ".</p>";
  b += "<p>Purse takes no payments: plans are changed by the operator of "
       "this server, with <code>purse-admin user set-plan --user "
       + escape(p.user_id) + " --plan " + plans
       + "</code>. Ask them, naming your user id <code id=\"user-id\">"
       + escape(p.user_id)
       + "</code>.</p><p><a href=\"/settings/developer\">Back to developer "
         "settings</a></p></section>";
  return layout("Plan", b, sign_out_form(p.csrf_token));
}

std::string revoke_page(const settings::page_view& p,
                        const settings::key_view& k) {
  std::string b = "<h1>Revoke a key</h1><div class=\"card\"><p>Revoke <strong>"
                  + (k.name.empty() ? std::string{"(no name)"} : escape(k.name))
                  + "</strong> (<code>" + escape(k.prefix)
                  + "…</code>)? Programs using it get 401 from their next "
                    "request on. This cannot be undone.</p>"
                    "<form method=\"post\" action=\"/settings/developer/keys/"
                  + escape(k.id) + "/revoke\" id=\"revoke\">"
                  + hidden("csrf", p.csrf_token)
                  + "<button type=\"submit\" class=\"danger\">Revoke key"
                    "</button> <a href=\"/settings/developer\">Cancel</a>"
                    "</form></div>";
  return layout("Revoke a key", b, sign_out_form(p.csrf_token));
}

std::string set_password_page(const std::string& link_token,
                              const std::string& csrf,
                              const std::string& message) {
  std::string b = "<h1>Set your password</h1>";
  if (!message.empty())
    b += "<p class=\"error\" role=\"alert\">" + escape(message) + "</p>";
  b += "<form method=\"post\" action=\"/set-password\" class=\"card\" "
       "id=\"set-password\">"
       + hidden("csrf", csrf) + hidden("token", link_token)
       + "<label for=\"password\">New password (at least "
       + std::to_string(min_password_chars)
       + " characters)</label><input id=\"password\" name=\"password\" "
         "type=\"password\" autocomplete=\"new-password\" required "
         "minlength=\""
       + std::to_string(min_password_chars)
       + "\"><label for=\"again\">The same again</label><input id=\"again\" "
         "name=\"again\" type=\"password\" autocomplete=\"new-password\" "
         "required><button type=\"submit\">Set password</button></form>";
  return layout("Set your password", b);
}

std::string message_page(const std::string& title, const std::string& text,
                         const std::string& link,
                         const std::string& link_text) {
  return layout(title, "<h1>" + escape(title) + "</h1><p id=\"message\">"
                         + escape(text) + "</p><p><a href=\"" + escape(link)
                         + "\">" + escape(link_text) + "</a></p>");
}

} // namespace purse::http::settings_html
