// SPDX-License-Identifier: GPL-2.0-or-later
// The developer settings page without a browser (issue 14): the page and
// the API never accept each other's credentials, sign-in limits (an
// attacked account slowed down, never refused), session rotation and
// timeouts, CSRF and Origin checks, passwords set by the operator or
// through a link, the plan page the upgrade hint leads to, what the page
// shows (teams, quotas, last use, expiry), the cookie over TLS, the
// per-address limit behind a trusted proxy, the page's routes, and the
// profile page (name, default currency, time zone; the password change).
// The browser walk through is tests/browser/settings.test.mjs.

#include <atomic>
#include <chrono>
#include <cstdio>
#include <regex>
#include <thread>

#include <boost/test/unit_test.hpp>

#include "support/e2e.hpp"

using namespace purse::test;

namespace {

constexpr const char* form_type
  = "Content-Type: application/x-www-form-urlencoded";
constexpr const char* good_password = "correct horse battery";

/// A browser without a browser: keeps cookies, sends Origin on POST.
class web_client {
public:
  /// `ca_file`: the certificate to trust over https.
  explicit web_client(std::string base, std::string ca_file = {})
    : http_(base, std::move(ca_file)), origin_(base) {
    // nop
  }

  response get(const std::string& path, std::vector<std::string> extra = {}) {
    extra.push_back(cookie_header());
    return keep(http_.request("GET", path, "", "", extra));
  }

  response post(const std::string& path, const std::string& form,
                std::vector<std::string> extra = {}, bool with_origin = true) {
    extra.push_back(cookie_header());
    extra.push_back(form_type);
    if (with_origin)
      extra.push_back("Origin: " + origin_);
    return keep(http_.request("POST", path, "", form, extra));
  }

  std::string cookie(const std::string& name) const {
    auto it = cookies_.find(name);
    return it == cookies_.end() ? "" : it->second;
  }

  void set_cookie(const std::string& name, const std::string& value) {
    cookies_[name] = value;
  }

private:
  std::string cookie_header() const {
    std::string h = "Cookie: ";
    for (auto& [k, v] : cookies_)
      h += k + "=" + v + "; ";
    return h;
  }

  response keep(response r) {
    auto set = r.header("set-cookie");
    if (!set.empty()) {
      auto eq = set.find('=');
      auto semi = set.find(';');
      auto name = set.substr(0, eq);
      auto value = set.substr(eq + 1, semi - eq - 1);
      if (set.find("Max-Age=0") != std::string::npos)
        cookies_.erase(name);
      else
        cookies_[name] = value;
    }
    return r;
  }

  http_client http_;
  std::string origin_;
  std::map<std::string, std::string> cookies_;
};

/// The value of the hidden input `name` in a page.
std::string hidden(const std::string& html, const std::string& name) {
  std::smatch m;
  std::regex re("name=\"" + name + "\" value=\"([^\"]*)\"");
  return std::regex_search(html, m, re) ? m[1].str() : "";
}

std::string url_encode(const std::string& s) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

std::string form(std::initializer_list<std::pair<std::string, std::string>> f) {
  std::string out;
  for (auto& [k, v] : f)
    out += (out.empty() ? "" : "&") + k + "=" + url_encode(v);
  return out;
}

/// Sets a user's password the way an operator does: on stdin.
command_result set_password(const std::string& user_id,
                            const std::string& password) {
  return run_command(
    {"/bin/sh", "-c",
     "printf '%s\\n' \"$PW\" | \"$PURSE_ADMIN_BIN\" user "
     "set-password --user "
       + user_id},
    {"PURSE_DATABASE_URL=" + database_url(), "PW=" + password,
     std::string{"PURSE_ADMIN_BIN="} + std::getenv("PURSE_ADMIN_BIN")});
}

struct person {
  user_with_key user;
  std::string email;
};

person make_person(const std::string& plan = "solo") {
  person p;
  p.user = make_user(plan);
  p.email = sql_value("SELECT email FROM users WHERE id = '" + p.user.id + "'");
  auto r = set_password(p.user.id, good_password);
  BOOST_REQUIRE_MESSAGE(r.exit_code == 0, "set-password failed: " << r.err);
  return p;
}

/// Signs in; returns the answer to the sign-in POST. `extra` headers go
/// with both requests (e.g. X-Forwarded-For).
response sign_in(web_client& c, const std::string& email,
                 const std::string& password,
                 const std::vector<std::string>& extra = {}) {
  auto login = c.get("/login", extra);
  BOOST_REQUIRE_EQUAL(login.status, 200);
  return c.post("/login",
                form({{"email", email},
                      {"password", password},
                      {"csrf", hidden(login.body, "csrf")}}),
                extra);
}

std::string key_count(const std::string& user_id) {
  return sql_value("SELECT count(*) FROM api_keys WHERE user_id = '" + user_id
                   + "'");
}

} // namespace

BOOST_AUTO_TEST_SUITE(settings)

BOOST_AUTO_TEST_CASE(the_page_routes_are_listed_by_print_routes) {
  auto r = run_command({server_binary(), "--print-routes"});
  BOOST_REQUIRE_EQUAL(r.exit_code, 0);
  for (auto route :
       {"page GET /login", "page POST /login", "page POST /logout",
        "page GET /settings/developer", "page GET /settings/billing",
        "page GET /settings/profile", "page POST /settings/profile",
        "page POST /settings/profile/password",
        "page POST /settings/developer/keys",
        "page POST /settings/developer/sign-out-everywhere",
        "page GET /settings/developer/keys/{id}/revoke",
        "page POST /settings/developer/keys/{id}/revoke",
        "page GET /set-password", "page POST /set-password",
        "page GET /settings/assets/settings.css",
        "page GET /settings/assets/settings.js"})
    BOOST_TEST(r.out.find(std::string{route} + "\n") != std::string::npos,
               route);
  // The API's routes are listed as before, under the prefix.
  BOOST_TEST(r.out.find("\nGET /me/transactions\n") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_signed_in_user_sees_their_keys_plan_and_limits) {
  auto p = make_person("solo");
  web_client c{shared_server().base_url()};
  auto r = sign_in(c, p.email, good_password);
  BOOST_TEST(r.status == 303);
  BOOST_TEST(r.header("location") == "/settings/developer");
  BOOST_TEST(r.header("set-cookie").find("HttpOnly") != std::string::npos);
  BOOST_TEST(r.header("set-cookie").find("SameSite=Strict")
             != std::string::npos);
  auto page = c.get("/settings/developer");
  BOOST_REQUIRE_EQUAL(page.status, 200);
  BOOST_TEST(
    page.header("content-security-policy").find("frame-ancestors 'none'")
    != std::string::npos);
  BOOST_TEST(page.header("content-security-policy").find("unsafe-inline")
             == std::string::npos);
  BOOST_TEST(page.header("cache-control") == "no-store");
  // The key made by make_user, by its non-secret prefix only.
  auto lookup = p.user.key.substr(0, 18);
  BOOST_TEST(page.body.find(lookup + "…") != std::string::npos);
  BOOST_TEST(page.body.find(p.user.key) == std::string::npos);
  BOOST_TEST(page.body.find("id=\"create-key\"") != std::string::npos);
  BOOST_TEST(page.body.find("/api/public/v1/docs") != std::string::npos);
  BOOST_TEST(page.body.find("solo") != std::string::npos);
  // The shared server's limits, as the API applies them.
  BOOST_TEST(page.body.find("<strong>1000000</strong> reads")
             != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_cookie_never_authenticates_an_api_route) {
  auto p = make_person();
  web_client c{shared_server().base_url()};
  BOOST_REQUIRE_EQUAL(sign_in(c, p.email, good_password).status, 303);
  auto session = c.cookie("purse_session");
  BOOST_REQUIRE(!session.empty());
  for (auto path : {"/me", "/me/transactions", "/me/usage"}) {
    auto r = api().request("GET", v1(path), "", "",
                           {"Cookie: purse_session=" + session});
    BOOST_TEST(r.status == 401, path);
  }
  auto w = api().request("POST", v1("/me/tags"), "", R"({"name":"x"})",
                         {"Cookie: purse_session=" + session,
                          "Origin: " + shared_server().base_url()});
  BOOST_TEST(w.status == 401);
}

BOOST_AUTO_TEST_CASE(a_bearer_key_never_opens_the_page) {
  auto p = make_person();
  auto r = api().request("GET", "/settings/developer", p.user.key);
  BOOST_TEST(r.status == 303);
  BOOST_TEST(r.header("location") == "/login");
  auto before = key_count(p.user.id);
  auto c = api().request("POST", "/settings/developer/keys", p.user.key,
                         "name=x&days=3",
                         {form_type, "Origin: " + shared_server().base_url()});
  BOOST_TEST(c.status == 303);
  BOOST_TEST(key_count(p.user.id) == before);
}

BOOST_AUTO_TEST_CASE(sign_in_rotates_the_session_and_sign_out_ends_it) {
  auto p = make_person();
  web_client c{shared_server().base_url()};
  BOOST_REQUIRE_EQUAL(sign_in(c, p.email, good_password).status, 303);
  auto first = c.cookie("purse_session");
  BOOST_REQUIRE_EQUAL(sign_in(c, p.email, good_password).status, 303);
  auto second = c.cookie("purse_session");
  BOOST_TEST(first != second);
  // The old token opens nothing any more; the new one does.
  web_client old{shared_server().base_url()};
  old.set_cookie("purse_session", first);
  BOOST_TEST(old.get("/settings/developer").status == 303);
  auto page = c.get("/settings/developer");
  BOOST_REQUIRE_EQUAL(page.status, 200);
  // Only hashes of tokens are stored.
  BOOST_TEST(
    sql_value("SELECT count(*) FROM web_sessions WHERE id = '" + second + "'")
    == "0");
  auto out = c.post("/logout", form({{"csrf", hidden(page.body, "csrf")}}));
  BOOST_TEST(out.status == 303);
  BOOST_TEST(out.header("location") == "/login");
  BOOST_TEST(out.header("set-cookie").find("Max-Age=0") != std::string::npos);
  web_client again{shared_server().base_url()};
  again.set_cookie("purse_session", second);
  BOOST_TEST(again.get("/settings/developer").status == 303);
}

BOOST_AUTO_TEST_CASE(sign_out_everywhere_ends_every_session_of_the_user_only) {
  auto p = make_person();
  auto other = make_person();
  // The user in two browsers, another user in a third.
  web_client here{shared_server().base_url()};
  web_client elsewhere{shared_server().base_url()};
  web_client someone{shared_server().base_url()};
  BOOST_REQUIRE_EQUAL(sign_in(here, p.email, good_password).status, 303);
  BOOST_REQUIRE_EQUAL(sign_in(elsewhere, p.email, good_password).status, 303);
  BOOST_REQUIRE_EQUAL(sign_in(someone, other.email, good_password).status, 303);
  auto sessions = [](const person& who) {
    return sql_value("SELECT count(*) FROM web_sessions WHERE user_id = '"
                     + who.user.id + "'");
  };
  BOOST_REQUIRE_EQUAL(sessions(p), "2");
  auto page = here.get("/settings/developer");
  BOOST_REQUIRE_EQUAL(page.status, 200);
  // The button is a form of the page, with the page's token.
  auto at = page.body.find("id=\"sign-out-everywhere\"");
  BOOST_REQUIRE(at != std::string::npos);
  BOOST_TEST(
    page.body.find("action=\"/settings/developer/sign-out-everywhere\"")
    != std::string::npos);
  auto csrf = hidden(page.body.substr(at), "csrf");
  BOOST_TEST(csrf == hidden(page.body, "csrf"));
  // Without the token, or as a GET: nothing ends.
  BOOST_TEST(
    here.post("/settings/developer/sign-out-everywhere", form({})).status
    == 403);
  BOOST_TEST(here
               .post("/settings/developer/sign-out-everywhere",
                     form({{"csrf", "not-the-token"}}))
               .status
             == 403);
  BOOST_TEST(here.get("/settings/developer/sign-out-everywhere").status == 405);
  BOOST_TEST(sessions(p) == "2");
  // With it: every session of the user ends, this one included, and the
  // browser lands on the sign-in page with a notice.
  auto out = here.post("/settings/developer/sign-out-everywhere",
                       form({{"csrf", csrf}}));
  BOOST_REQUIRE_EQUAL(out.status, 303);
  BOOST_TEST(out.header("location") == "/login?signed-out=all");
  BOOST_TEST(out.header("set-cookie").find("Max-Age=0") != std::string::npos);
  BOOST_TEST(sessions(p) == "0");
  auto landing = here.get(out.header("location"));
  BOOST_REQUIRE_EQUAL(landing.status, 200);
  BOOST_TEST(landing.body.find("id=\"notice\">You were signed out everywhere")
             != std::string::npos);
  BOOST_TEST(landing.body.find("id=\"login\"") != std::string::npos);
  BOOST_TEST(here.get("/settings/developer").status == 303);
  BOOST_TEST(elsewhere.get("/settings/developer").status == 303);
  // Another user's session stays; the plain sign-in page has no notice.
  BOOST_TEST(sessions(other) == "1");
  BOOST_TEST(someone.get("/settings/developer").status == 200);
  BOOST_TEST(someone.get("/login").body.find("id=\"notice\"")
             == std::string::npos);
  // The user signs in again as usual.
  BOOST_TEST(sign_in(here, p.email, good_password).status == 303);
  BOOST_TEST(here.get("/settings/developer").status == 200);
}

BOOST_AUTO_TEST_CASE(wrong_passwords_and_unknown_emails_look_the_same) {
  auto p = make_person();
  web_client c{shared_server().base_url()};
  auto wrong = sign_in(c, p.email, "not the password at all");
  auto unknown = sign_in(c, "nobody-" + p.email, "not the password at all");
  BOOST_TEST(wrong.status == 401);
  BOOST_TEST(unknown.status == 401);
  BOOST_TEST(wrong.body.find("The e-mail or the password is wrong")
             != std::string::npos);
  BOOST_TEST(unknown.body.find("The e-mail or the password is wrong")
             != std::string::npos);
  BOOST_TEST(c.cookie("purse_session").empty());
  // A user without a password cannot sign in either.
  auto bare = make_user("solo");
  auto email
    = sql_value("SELECT email FROM users WHERE id = '" + bare.id + "'");
  BOOST_TEST(sign_in(c, email, good_password).status == 401);
}

BOOST_AUTO_TEST_CASE(sign_in_failures_are_limited_per_account_and_address) {
  auto p = make_person();
  web_client c{shared_server().base_url()};
  for (int i = 0; i < 10; ++i)
    BOOST_REQUIRE_EQUAL(sign_in(c, p.email, "wrong password number").status,
                        401);
  // From this address even the right password waits out the window now.
  auto limited = sign_in(c, p.email, good_password);
  BOOST_TEST(limited.status == 429);
  BOOST_TEST(std::stoi(limited.header("retry-after")) >= 1);
  // Another account from the same address is not held up.
  auto other = make_person();
  BOOST_TEST(sign_in(c, other.email, good_password).status == 303);
}

BOOST_AUTO_TEST_CASE(sign_in_failures_are_limited_per_address) {
  server_process server{{"--auth-failure-limit", "4"}};
  web_client c{server.base_url()};
  for (int i = 0; i < 4; ++i)
    BOOST_REQUIRE_EQUAL(sign_in(c,
                                "guess" + std::to_string(i) + "@nowhere.test",
                                "wrong password number")
                          .status,
                        401);
  auto p = make_person();
  auto limited = sign_in(c, p.email, good_password);
  BOOST_TEST(limited.status == 429);
  BOOST_TEST(!limited.header("retry-after").empty());
}

BOOST_AUTO_TEST_CASE(the_owner_signs_in_from_a_clean_address_during_an_attack) {
  // Behind a trusted proxy each attacker is another client address.
  server_process server{{"--trusted-proxy", "127.0.0.1/32"}};
  auto p = make_person();
  auto from = [](int n) {
    return std::vector<std::string>{"X-Forwarded-For: 203.0.113."
                                    + std::to_string(n)};
  };
  // Ten wrong passwords from as many addresses, then a wave of ten more
  // at once (which keeps the account under attack) ...
  for (int i = 0; i < 10; ++i) {
    web_client attacker{server.base_url()};
    BOOST_REQUIRE_EQUAL(
      sign_in(attacker, p.email, "wrong password number", from(i)).status, 401);
  }
  std::atomic<int> wrong{0};
  auto attack = [&] {
    std::vector<std::thread> threads;
    for (int i = 0; i < 10; ++i)
      threads.emplace_back([&, i] {
        web_client attacker{server.base_url()};
        auto r = sign_in(attacker, p.email, "wrong password number", from(i));
        if (r.status == 401)
          ++wrong;
      });
    return threads;
  };
  for (auto& t : attack())
    t.join();
  // ... do not refuse the owner's right password from another address: it
  // is slowed down (every answer for the account waits, 3 s at most), and
  // the attack goes on meanwhile.
  auto second_wave = attack();
  web_client owner{server.base_url()};
  auto start = std::chrono::steady_clock::now();
  auto ok = sign_in(owner, p.email, good_password, from(77));
  auto took = std::chrono::duration_cast<std::chrono::milliseconds>(
    std::chrono::steady_clock::now() - start);
  for (auto& t : second_wave)
    t.join();
  BOOST_TEST_MESSAGE("owner signed in during the attack: "
                     << ok.status << " in " << took.count() << " ms");
  BOOST_TEST(ok.status == 303);
  BOOST_TEST(owner.get("/settings/developer", from(77)).status == 200);
  BOOST_TEST(took.count() >= 3000);
  BOOST_TEST(took.count() < 8000);
  // Every attacker's guess was checked and wrong: none was refused yet
  // (each address tried three times, under its limit for the account).
  BOOST_TEST(wrong.load() == 20);
}

BOOST_AUTO_TEST_CASE(idle_and_expired_sessions_end) {
  auto p = make_person();
  web_client c{shared_server().base_url()};
  BOOST_REQUIRE_EQUAL(sign_in(c, p.email, good_password).status, 303);
  BOOST_REQUIRE_EQUAL(c.get("/settings/developer").status, 200);
  // Unused for 31 minutes (the idle timeout is 30).
  sql("UPDATE web_sessions SET last_seen_at = last_seen_at - 1860 WHERE "
      "user_id = '"
      + p.user.id + "'");
  auto r = c.get("/settings/developer");
  BOOST_TEST(r.status == 303);
  BOOST_TEST(r.header("location") == "/login");
  BOOST_TEST(sql_value("SELECT count(*) FROM web_sessions WHERE user_id = '"
                       + p.user.id + "'")
             == "0");
  // Past the absolute end, however recently used.
  BOOST_REQUIRE_EQUAL(sign_in(c, p.email, good_password).status, 303);
  sql("UPDATE web_sessions SET expires_at = created_at WHERE user_id = '"
      + p.user.id + "'");
  BOOST_TEST(c.get("/settings/developer").status == 303);
}

BOOST_AUTO_TEST_CASE(forms_without_their_token_or_from_elsewhere_are_403) {
  auto p = make_person();
  web_client c{shared_server().base_url()};
  BOOST_REQUIRE_EQUAL(sign_in(c, p.email, good_password).status, 303);
  auto page = c.get("/settings/developer");
  auto csrf = hidden(page.body, "csrf");
  auto nonce = hidden(page.body, "form");
  BOOST_REQUIRE(!csrf.empty() && !nonce.empty());
  auto before = key_count(p.user.id);
  auto no_token = c.post("/settings/developer/keys",
                         form({{"name", "x"}, {"days", "3"}, {"form", nonce}}));
  BOOST_TEST(no_token.status == 403);
  auto wrong = c.post(
    "/settings/developer/keys",
    form(
      {{"name", "x"}, {"days", "3"}, {"form", nonce}, {"csrf", csrf + "x"}}));
  BOOST_TEST(wrong.status == 403);
  auto elsewhere = c.post(
    "/settings/developer/keys",
    form({{"name", "x"}, {"days", "3"}, {"form", nonce}, {"csrf", csrf}}),
    {"Origin: http://evil.example"}, false);
  BOOST_TEST(elsewhere.status == 403);
  auto no_origin = c.post(
    "/settings/developer/keys",
    form({{"name", "x"}, {"days", "3"}, {"form", nonce}, {"csrf", csrf}}), {},
    false);
  BOOST_TEST(no_origin.status == 403);
  auto revoke = c.post("/settings/developer/keys/" + p.user.key_id + "/revoke",
                       form({{"csrf", "nope"}}));
  BOOST_TEST(revoke.status == 403);
  auto logout = c.post("/logout", "");
  BOOST_TEST(logout.status == 403);
  BOOST_TEST(key_count(p.user.id) == before);
  BOOST_TEST(api().get(v1("/me"), p.user.key).status == 200);
  // The sign-in form: its token must match its cookie.
  web_client fresh{shared_server().base_url()};
  fresh.get("/login");
  auto forged = fresh.post("/login", form({{"email", p.email},
                                           {"password", good_password},
                                           {"csrf", "forged"}}));
  BOOST_TEST(forged.status == 403);
}

BOOST_AUTO_TEST_CASE(keys_are_created_with_a_lifetime_and_shown_once) {
  auto p = make_person();
  web_client c{shared_server().base_url()};
  BOOST_REQUIRE_EQUAL(sign_in(c, p.email, good_password).status, 303);
  auto page = c.get("/settings/developer");
  auto csrf = hidden(page.body, "csrf");
  auto nonce = hidden(page.body, "form");
  auto f = form(
    {{"name", "nightly"}, {"days", "7"}, {"csrf", csrf}, {"form", nonce}});
  auto made = c.post("/settings/developer/keys", f);
  BOOST_REQUIRE_EQUAL(made.status, 200);
  std::smatch m;
  std::regex secret_re("<code id=\"secret\">(purse_[A-Za-z0-9_]+)</code>");
  BOOST_REQUIRE(std::regex_search(made.body, m, secret_re));
  auto secret = m[1].str();
  BOOST_TEST(made.body.find("cannot be shown again") != std::string::npos);
  BOOST_TEST(api().get(v1("/me"), secret).status == 200);
  // Same format and storage as purse-admin's keys: hash only, public-api,
  // seven days.
  auto id = sql_value("SELECT id FROM api_keys WHERE name = 'nightly' AND "
                      "user_id = '"
                      + p.user.id + "'");
  BOOST_TEST(sql_value("SELECT audience || ':' || (expires_at - created_at) "
                       "FROM api_keys WHERE id = '"
                       + id + "'")
             == "public-api:604800");
  BOOST_TEST(sql_value("SELECT count(*) FROM api_keys WHERE secret_hash LIKE "
                       "'%"
                       + secret.substr(20) + "%'")
             == "0");
  // Resubmitting the same form creates nothing and shows no secret.
  auto count = key_count(p.user.id);
  auto again = c.post("/settings/developer/keys", f);
  BOOST_TEST(again.status == 303);
  BOOST_TEST(key_count(p.user.id) == count);
  auto reload = c.get("/settings/developer");
  BOOST_TEST(reload.body.find(secret) == std::string::npos);
  BOOST_TEST(reload.body.find("id=\"secret\"") == std::string::npos);
  BOOST_TEST(reload.body.find("nightly") != std::string::npos);
  BOOST_TEST(reload.body.find("expires in 7 days") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(bad_lifetimes_and_names_are_422_and_create_nothing) {
  auto p = make_person();
  web_client c{shared_server().base_url()};
  BOOST_REQUIRE_EQUAL(sign_in(c, p.email, good_password).status, 303);
  auto before = key_count(p.user.id);
  for (auto [name, days] : std::vector<std::pair<std::string, std::string>>{
         {"a", "0"},
         {"a", "366"},
         {"a", "seven"},
         {"", "3"},
         {std::string(101, 'n'), "3"}}) {
    auto page = c.get("/settings/developer");
    auto r = c.post("/settings/developer/keys",
                    form({{"name", name},
                          {"days", days},
                          {"csrf", hidden(page.body, "csrf")},
                          {"form", hidden(page.body, "form")}}));
    BOOST_TEST(r.status == 422, name.substr(0, 5) << "/" << days);
    BOOST_TEST(r.body.find("class=\"error\"") != std::string::npos);
  }
  BOOST_TEST(key_count(p.user.id) == before);
  // Not a form at all.
  auto bad = c.post("/settings/developer/keys", "a=%zz");
  BOOST_TEST(bad.status == 422);
  auto json
    = api().request("POST", "/settings/developer/keys", "", "{}",
                    {"Cookie: purse_session=" + c.cookie("purse_session"),
                     "Origin: " + shared_server().base_url()});
  BOOST_TEST(json.status == 415);
  auto big = c.post("/settings/developer/keys",
                    "name=" + std::string(20'000, 'x'));
  BOOST_TEST(big.status == 413);
  BOOST_TEST(c.get("/settings/developer/keys").status == 405);
  BOOST_TEST(c.get("/settings/nothing-here").status == 404);
  BOOST_TEST(c.get("/logout").status == 405);
}

BOOST_AUTO_TEST_CASE(revoking_needs_confirmation_and_takes_effect_at_once) {
  auto p = make_person();
  auto other = make_person();
  web_client c{shared_server().base_url()};
  BOOST_REQUIRE_EQUAL(sign_in(c, p.email, good_password).status, 303);
  BOOST_REQUIRE_EQUAL(api().get(v1("/me"), p.user.key).status, 200);
  auto path = "/settings/developer/keys/" + p.user.key_id + "/revoke";
  auto confirm = c.get(path);
  BOOST_REQUIRE_EQUAL(confirm.status, 200);
  BOOST_TEST(confirm.body.find("id=\"revoke\"") != std::string::npos);
  auto done = c.post(path, form({{"csrf", hidden(confirm.body, "csrf")}}));
  BOOST_TEST(done.status == 303);
  BOOST_TEST(api().get(v1("/me"), p.user.key).status == 401);
  auto page = c.get("/settings/developer");
  BOOST_TEST(page.body.find("state revoked") != std::string::npos);
  // Another user's key is not found, and stays usable.
  auto theirs
    = c.post("/settings/developer/keys/" + other.user.key_id + "/revoke",
             form({{"csrf", hidden(page.body, "csrf")}}));
  BOOST_TEST(theirs.status == 404);
  BOOST_TEST(
    c.get("/settings/developer/keys/" + other.user.key_id + "/revoke").status
    == 404);
  BOOST_TEST(api().get(v1("/me"), other.user.key).status == 200);
}

BOOST_AUTO_TEST_CASE(a_free_user_sees_the_upgrade_hint_and_cannot_create) {
  auto p = make_person("free");
  web_client c{shared_server().base_url()};
  BOOST_REQUIRE_EQUAL(sign_in(c, p.email, good_password).status, 303);
  auto page = c.get("/settings/developer");
  BOOST_REQUIRE_EQUAL(page.status, 200);
  BOOST_TEST(page.body.find("id=\"upgrade\"") != std::string::npos);
  BOOST_TEST(page.body.find("id=\"create-key\"") == std::string::npos);
  // The same words as the API's 402.
  auto api_402 = api().get(v1("/me"), p.user.key);
  BOOST_REQUIRE_EQUAL(api_402.status, 402);
  BOOST_TEST(page.body.find(api_402.at("/meta/message")) != std::string::npos);
  BOOST_TEST(page.body.find(api_402.at("/data/upgrade_url"))
             != std::string::npos);
  // A forged form (with the session's one-time form token, which the page
  // does not even show) is refused as the API refuses the plan.
  auto before = key_count(p.user.id);
  auto nonce = sql_value("SELECT form_nonce FROM web_sessions WHERE user_id = '"
                         + p.user.id + "'");
  auto r = c.post("/settings/developer/keys",
                  form({{"name", "x"},
                        {"days", "3"},
                        {"csrf", hidden(page.body, "csrf")},
                        {"form", nonce}}));
  BOOST_TEST(r.status == 402);
  BOOST_TEST(key_count(p.user.id) == before);
}

BOOST_AUTO_TEST_CASE(pages_without_the_create_form_keep_its_token) {
  auto p = make_person();
  web_client c{shared_server().base_url()};
  BOOST_REQUIRE_EQUAL(sign_in(c, p.email, good_password).status, 303);
  auto page = c.get("/settings/developer");
  auto csrf = hidden(page.body, "csrf");
  auto nonce = hidden(page.body, "form");
  // The plan page and a revoke confirmation, opened meanwhile (another
  // tab), show no create form: the one handed out above stays valid.
  BOOST_REQUIRE_EQUAL(c.get("/settings/billing").status, 200);
  auto other = make_key(p.user.id);
  auto key_id = sql_value("SELECT id FROM api_keys WHERE user_id = '"
                          + p.user.id + "' ORDER BY created_at LIMIT 1");
  BOOST_REQUIRE_EQUAL(
    c.get("/settings/developer/keys/" + key_id + "/revoke").status, 200);
  auto count = key_count(p.user.id);
  auto made = c.post(
    "/settings/developer/keys",
    form({{"name", "tabbed"}, {"days", "3"}, {"csrf", csrf}, {"form", nonce}}));
  BOOST_TEST(made.status == 200);
  BOOST_TEST(made.body.find("id=\"secret\"") != std::string::npos);
  BOOST_TEST(std::stoi(key_count(p.user.id)) == std::stoi(count) + 1);
  BOOST_TEST(!other.empty());
}

BOOST_AUTO_TEST_CASE(the_upgrade_link_leads_to_the_plan_page) {
  auto p = make_person("free");
  web_client c{shared_server().base_url()};
  BOOST_REQUIRE_EQUAL(sign_in(c, p.email, good_password).status, 303);
  auto page = c.get("/settings/developer");
  BOOST_REQUIRE_EQUAL(page.status, 200);
  std::smatch m;
  std::regex link_re("<a href=\"([^\"]*)\">Upgrade your plan</a>");
  BOOST_REQUIRE(std::regex_search(page.body, m, link_re));
  auto link = m[1].str();
  // The hint's link is the API's 402 upgrade_url, and it answers.
  auto api_402 = api().get(v1("/me"), p.user.key);
  BOOST_REQUIRE_EQUAL(api_402.status, 402);
  BOOST_TEST(link == api_402.at("/data/upgrade_url"));
  BOOST_TEST(link == "/settings/billing");
  auto billing = c.get(link);
  BOOST_REQUIRE_EQUAL(billing.status, 200);
  BOOST_TEST(billing.header("content-type").rfind("text/html", 0) == 0u);
  BOOST_TEST(
    billing.header("content-security-policy").find("frame-ancestors 'none'")
    != std::string::npos);
  BOOST_TEST(billing.body.find("<strong id=\"plan-name\">free</strong>")
             != std::string::npos);
  BOOST_TEST(billing.body.find(api_402.at("/meta/message"))
             != std::string::npos);
  BOOST_TEST(billing.body.find("purse-admin user set-plan --user " + p.user.id)
             != std::string::npos);
  BOOST_TEST(billing.body.find("action=\"/logout\"") != std::string::npos);
  // A paid user's plan page says the plan includes the API.
  auto paid = make_person("family");
  web_client d{shared_server().base_url()};
  BOOST_REQUIRE_EQUAL(sign_in(d, paid.email, good_password).status, 303);
  auto theirs = d.get("/settings/billing");
  BOOST_REQUIRE_EQUAL(theirs.status, 200);
  BOOST_TEST(theirs.body.find("<strong id=\"plan-name\">family</strong>")
             != std::string::npos);
  BOOST_TEST(theirs.body.find("includes the public API") != std::string::npos);
  // Signed out: to the sign-in, like the other pages; GET only.
  web_client anonymous{shared_server().base_url()};
  auto out = anonymous.get("/settings/billing");
  BOOST_TEST(out.status == 303);
  BOOST_TEST(out.header("location") == "/login");
  BOOST_TEST(api().get("/settings/billing", paid.user.key).status == 303);
  auto post = c.post("/settings/billing", "");
  BOOST_TEST(post.status == 405);
  BOOST_TEST(post.header("allow") == "GET, HEAD");
}

BOOST_AUTO_TEST_CASE(the_page_shows_teams_quotas_last_use_its_address_expiry) {
  auto p = make_person("solo");
  auto suffix = p.user.id.substr(p.user.id.size() - 8);
  // A team the user owns, and one they are a viewer of.
  auto own = admin_field({"team", "create", "--name", "Own team " + suffix,
                          "--owner", p.user.id},
                         "id");
  auto other = make_user("family");
  auto shared = admin_field({"team", "create", "--name",
                             "Shared team " + suffix, "--owner", other.id},
                            "id");
  BOOST_REQUIRE_EQUAL(admin({"team", "add-member", "--team", shared, "--user",
                             p.user.id, "--role", "viewer"})
                        .exit_code,
                      0);
  // A second key, expired.
  make_key(p.user.id);
  auto expired = sql_value("SELECT id FROM api_keys WHERE user_id = '"
                           + p.user.id + "' AND id <> '" + p.user.key_id + "'");
  BOOST_REQUIRE(!expired.empty());
  sql("UPDATE api_keys SET expires_at = extract(epoch from now())::bigint - "
      "60 WHERE id = '"
      + expired + "'");
  web_client c{shared_server().base_url()};
  BOOST_REQUIRE_EQUAL(sign_in(c, p.email, good_password).status, 303);
  // Not used yet.
  auto before = c.get("/settings/developer");
  BOOST_REQUIRE_EQUAL(before.status, 200);
  BOOST_TEST(before.body.find("<td><span class=\"last-used\">never</span></td>"
                              "<td><span class=\"state active\">")
             != std::string::npos);
  // Used against the API: an account and two tags in the personal scope.
  make_account(p.user.key, "/me");
  make_tag(p.user.key, "/me", "one");
  make_tag(p.user.key, "/me", "two");
  // last_used_at is written after the answer (fire and forget).
  std::string used_at;
  for (int i = 0; i < 100; ++i) {
    used_at = sql_value("SELECT to_char(to_timestamp(last_used_at) AT TIME "
                        "ZONE 'UTC', 'YYYY-MM-DD HH24:MI') FROM api_keys "
                        "WHERE id = '"
                        + p.user.key_id + "' AND last_used_at > 0");
    if (!used_at.empty())
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  BOOST_REQUIRE(!used_at.empty());
  // With the time, the client address of that use (in one UPDATE).
  auto used_from = sql_value("SELECT last_used_from FROM api_keys WHERE id = '"
                             + p.user.key_id + "'");
  BOOST_TEST(used_from == "127.0.0.1");
  auto usage = api().get(v1("/me/usage"), p.user.key);
  BOOST_REQUIRE_EQUAL(usage.status, 200);
  auto page = c.get("/settings/developer");
  BOOST_REQUIRE_EQUAL(page.status, 200);
  auto row = [&](const std::string& id) {
    auto at = page.body.find("data-key-id=\"" + id + "\"");
    BOOST_REQUIRE(at != std::string::npos);
    return page.body.substr(at, page.body.find("</tr>", at) - at);
  };
  // The used key: its last use and where from (the column before the
  // status), active.
  auto used = row(p.user.key_id);
  BOOST_TEST(used.find("Z\">" + used_at
                       + " UTC</time> <span class=\"muted\">from</span> "
                         "<code class=\"address\">127.0.0.1</code></span>"
                         "</td><td><span class=\"state active\">active"
                         "</span>")
               != std::string::npos,
             used);
  // The expired key: so marked, never used, no revoke link.
  auto gone = row(expired);
  BOOST_TEST(gone.find("<span class=\"state expired\">expired</span>")
               != std::string::npos,
             gone);
  BOOST_TEST(gone.find("<span class=\"last-used\">never</span>")
               != std::string::npos,
             gone);
  BOOST_TEST(gone.find("Revoke") == std::string::npos, gone);
  BOOST_TEST(gone.find("expires in") == std::string::npos, gone);
  // The personal quotas, used and limit, as the API counts them, in
  // words and as a bar whose label says the same.
  auto with_commas = [](std::string digits) {
    for (auto at = digits.size(); at > 3; at -= 3)
      digits.insert(at - 3, ",");
    return digits;
  };
  for (auto name : {"accounts", "tags", "categories"}) {
    auto used_n
      = usage.at(("/data/quotas/" + std::string{name} + "/used").c_str());
    auto limit
      = usage.at(("/data/quotas/" + std::string{name} + "/limit").c_str());
    BOOST_REQUIRE(!limit.empty());
    auto pct = std::to_string(std::stoll(used_n) * 100 / std::stoll(limit))
               + "%";
    BOOST_TEST(page.body.find("<tr data-quota=\"" + std::string{name}
                              + "\"><td>" + name + "</td><td class=\"used\">"
                              + used_n + " of " + with_commas(limit)
                              + "</td><td class=\"bar\"><progress value=\""
                              + used_n + "\" max=\"" + limit
                              + "\" aria-label=\"" + name + ": " + pct
                              + " used\">" + pct + "</progress>")
                 != std::string::npos,
               name);
  }
  // Sizes in binary units, never a raw count of bytes.
  BOOST_TEST(page.body.find("<td>file storage</td><td class=\"used\">0 bytes "
                            "of 1 GiB</td>")
               != std::string::npos,
             page.body);
  BOOST_TEST(page.body.find("<td>largest file</td><td class=\"used\">up to "
                            "10 MiB each</td>")
             != std::string::npos);
  BOOST_TEST(page.body.find("1073741824<") == std::string::npos);
  BOOST_TEST(usage.at("/data/quotas/accounts/used") == "1");
  BOOST_TEST(usage.at("/data/quotas/tags/used") == "2");
  // The teams, each with the user's role.
  BOOST_TEST(page.body.find("<li>Own team " + suffix
                            + " <span class=\"muted\">(owner, id <code>" + own
                            + "</code>)</span></li>")
             != std::string::npos);
  BOOST_TEST(page.body.find("<li>Shared team " + suffix
                            + " <span class=\"muted\">(viewer, id <code>"
                            + shared + "</code>)</span></li>")
             != std::string::npos);
}

BOOST_AUTO_TEST_CASE(over_tls_the_session_cookie_is_host_prefixed_and_secure) {
  self_signed_certificate tls_cert;
  server_process tls{{"--tls-cert", tls_cert.cert, "--tls-key", tls_cert.key},
                     false};
  auto p = make_person();
  web_client c{tls.base_url("https"), tls_cert.cert};
  auto login = c.get("/login");
  BOOST_REQUIRE_EQUAL(login.status, 200);
  // The sign-in form's token cookie follows the same rule.
  BOOST_TEST(login.header("set-cookie").rfind("__Host-purse_form=", 0) == 0u);
  BOOST_TEST(login.header("set-cookie").find("; Secure") != std::string::npos);
  auto r = c.post("/login", form({{"email", p.email},
                                  {"password", good_password},
                                  {"csrf", hidden(login.body, "csrf")}}));
  BOOST_REQUIRE_EQUAL(r.status, 303);
  auto set = r.header("set-cookie");
  BOOST_TEST(set.rfind("__Host-purse_session=", 0) == 0u, set);
  auto attributes = set.substr(set.find(';'));
  for (auto a : {"; Secure", "; HttpOnly", "; SameSite=Strict", "; Path=/"})
    BOOST_TEST(attributes.find(a) != std::string::npos, a << " in " << set);
  BOOST_TEST(attributes.find("Domain") == std::string::npos);
  BOOST_TEST(!c.cookie("__Host-purse_session").empty());
  BOOST_TEST(c.cookie("purse_session").empty());
  // The cookie opens the page over TLS.
  auto page = c.get("/settings/developer");
  BOOST_TEST(page.status == 200);
  BOOST_TEST(page.body.find("Signed in as " + p.email) != std::string::npos);
  BOOST_TEST(tls.stop() == 0);
  std::remove((tls_cert.key).c_str());
  std::remove((tls_cert.cert).c_str());
}

BOOST_AUTO_TEST_CASE(behind_a_trusted_tls_proxy_the_cookies_are_host_prefixed) {
  // A proxy that terminated TLS says so; the page then sets its cookies
  // as it does over its own TLS. A client cannot say it for itself.
  server_process server{{"--trusted-proxy", "127.0.0.1/32"}};
  auto p = make_person();
  const std::vector<std::string> via_tls{"X-Forwarded-Proto: https"};
  web_client c{server.base_url()};
  auto login = c.get("/login", via_tls);
  BOOST_REQUIRE_EQUAL(login.status, 200);
  auto form_cookie = login.header("set-cookie");
  BOOST_TEST(form_cookie.rfind("__Host-purse_form=", 0) == 0u, form_cookie);
  BOOST_TEST(form_cookie.find("; Secure") != std::string::npos, form_cookie);
  BOOST_TEST(!login.header("strict-transport-security").empty());
  // The browser's Origin is the proxy's HTTPS one.
  auto origin = "Origin: https://127.0.0.1:" + std::to_string(server.port());
  auto extra = via_tls;
  extra.push_back(origin);
  auto r = c.post("/login",
                  form({{"email", p.email},
                        {"password", good_password},
                        {"csrf", hidden(login.body, "csrf")}}),
                  extra, false);
  BOOST_REQUIRE_EQUAL(r.status, 303);
  auto set = r.header("set-cookie");
  BOOST_TEST(set.rfind("__Host-purse_session=", 0) == 0u, set);
  BOOST_TEST(set.find("; Secure") != std::string::npos, set);
  BOOST_TEST(c.get("/settings/developer", via_tls).status == 200);
  // Plain HTTP through the same proxy: plain cookies, no HSTS.
  web_client plain{server.base_url()};
  auto plain_login = plain.get("/login", {"X-Forwarded-Proto: http"});
  BOOST_TEST(plain_login.header("set-cookie").rfind("purse_form=", 0) == 0u);
  BOOST_TEST(plain_login.header("strict-transport-security").empty());
  // A client that is not a trusted proxy says https in vain.
  web_client direct{shared_server().base_url()};
  auto direct_login = direct.get("/login", via_tls);
  BOOST_TEST(direct_login.header("set-cookie").rfind("purse_form=", 0) == 0u);
  BOOST_TEST(direct_login.header("strict-transport-security").empty());
}

BOOST_AUTO_TEST_CASE(behind_a_trusted_proxy_the_forwarded_address_is_limited) {
  server_process server{
    {"--auth-failure-limit", "4", "--trusted-proxy", "127.0.0.1/32"}};
  auto p = make_person();
  const std::vector<std::string> from_7{"X-Forwarded-For: 203.0.113.7"};
  const std::vector<std::string> from_8{"X-Forwarded-For: 203.0.113.8"};
  web_client attacker{server.base_url()};
  for (int i = 0; i < 4; ++i)
    BOOST_REQUIRE_EQUAL(sign_in(attacker,
                                "guess" + std::to_string(i) + "@nowhere.test",
                                "wrong password number", from_7)
                          .status,
                        401);
  // That address is limited, even with the right password ...
  auto limited = sign_in(attacker, p.email, good_password, from_7);
  BOOST_TEST(limited.status == 429);
  BOOST_TEST(!limited.header("retry-after").empty());
  // ... while another client behind the same proxy signs in.
  web_client user{server.base_url()};
  auto ok = sign_in(user, p.email, good_password, from_8);
  BOOST_TEST(ok.status == 303);
  BOOST_TEST(user.get("/settings/developer", from_8).status == 200);
}

BOOST_AUTO_TEST_CASE(a_password_change_ends_every_session_of_the_user) {
  auto p = make_person();
  web_client a{shared_server().base_url()};
  web_client b{shared_server().base_url()};
  BOOST_REQUIRE_EQUAL(sign_in(a, p.email, good_password).status, 303);
  BOOST_REQUIRE_EQUAL(sign_in(b, p.email, good_password).status, 303);
  auto r = set_password(p.user.id, "a brand new password");
  BOOST_REQUIRE_EQUAL(r.exit_code, 0);
  BOOST_TEST(r.out.find("\"sessions_ended\":2") != std::string::npos);
  BOOST_TEST(r.out.find("brand") == std::string::npos);
  BOOST_TEST(a.get("/settings/developer").status == 303);
  BOOST_TEST(b.get("/settings/developer").status == 303);
  BOOST_TEST(sign_in(a, p.email, good_password).status == 401);
  BOOST_TEST(sign_in(a, p.email, "a brand new password").status == 303);
}

BOOST_AUTO_TEST_CASE(passwords_come_from_stdin_only_and_follow_the_policy) {
  auto u = make_user("solo");
  auto argv = admin({"user", "set-password", "--user", u.id, "--password",
                     "correct horse battery"});
  BOOST_TEST(argv.exit_code != 0);
  BOOST_TEST(argv.err.find("unknown option --password") != std::string::npos);
  auto empty = admin({"user", "set-password", "--user", u.id});
  BOOST_TEST(empty.exit_code != 0);
  auto shortpw = set_password(u.id, "short");
  BOOST_TEST(shortpw.exit_code != 0);
  BOOST_TEST(shortpw.err.find("at least 12 characters") != std::string::npos);
  BOOST_TEST(shortpw.err.find("short") == std::string::npos);
  auto nobody = set_password("01a00000-0000-7000-8000-000000000000",
                             good_password);
  BOOST_TEST(nobody.exit_code != 0);
  BOOST_TEST(sql_value("SELECT password_hash FROM user_passwords WHERE "
                       "user_id = '"
                       + u.id + "'")
               .empty());
  BOOST_TEST(set_password(u.id, good_password).exit_code == 0);
  BOOST_TEST(sql_value("SELECT password_hash FROM user_passwords WHERE "
                       "user_id = '"
                       + u.id + "'")
               .rfind("$argon2id$", 0)
             == 0u);
  // Never in the server's log.
  BOOST_TEST(shared_server().log().find(good_password) == std::string::npos);
}

BOOST_AUTO_TEST_CASE(an_invite_link_sets_the_password_once) {
  auto u = make_user("solo");
  auto email = sql_value("SELECT email FROM users WHERE id = '" + u.id + "'");
  auto base = shared_server().base_url();
  auto link = admin_field({"user", "invite", "--user", u.id, "--hours", "2",
                           "--base-url", base},
                          "link");
  BOOST_REQUIRE(link.rfind(base + "/set-password?token=", 0) == 0u);
  auto path = link.substr(base.size());
  BOOST_TEST(admin({"user", "invite", "--user", u.id, "--hours", "0"}).exit_code
             != 0);
  web_client c{base};
  auto page = c.get(path);
  BOOST_REQUIRE_EQUAL(page.status, 200);
  auto token = hidden(page.body, "token");
  auto csrf = hidden(page.body, "csrf");
  auto mismatch = c.post("/set-password", form({{"token", token},
                                                {"csrf", csrf},
                                                {"password", good_password},
                                                {"again", "something else"}}));
  BOOST_TEST(mismatch.status == 422);
  auto weak = c.post("/set-password", form({{"token", token},
                                            {"csrf", csrf},
                                            {"password", "short"},
                                            {"again", "short"}}));
  BOOST_TEST(weak.status == 422);
  auto ok = c.post("/set-password", form({{"token", token},
                                          {"csrf", csrf},
                                          {"password", good_password},
                                          {"again", good_password}}));
  BOOST_TEST(ok.status == 200);
  BOOST_TEST(sign_in(c, email, good_password).status == 303);
  // Used up.
  BOOST_TEST(c.get(path).status == 404);
  auto reuse = c.post("/set-password", form({{"token", token},
                                             {"csrf", csrf},
                                             {"password", "another password!"},
                                             {"again", "another password!"}}));
  BOOST_TEST(reuse.status == 404);
  BOOST_TEST(c.get("/set-password?token=unknown").status == 404);
  BOOST_TEST(c.get("/set-password").status == 404);
  // An expired link is refused too.
  auto late = admin_field({"user", "invite", "--user", u.id}, "link");
  sql("UPDATE password_invites SET expires_at = created_at WHERE user_id = '"
      + u.id + "' AND used_at = 0");
  BOOST_TEST(c.get(late.substr(late.find("/set-password"))).status == 404);
}

BOOST_AUTO_TEST_CASE(an_invite_link_redeemed_twice_at_once_sets_one_password) {
  auto u = make_user("solo");
  auto email = sql_value("SELECT email FROM users WHERE id = '" + u.id + "'");
  auto base = shared_server().base_url();
  auto link = admin_field(
    {"user", "invite", "--user", u.id, "--base-url", base}, "link");
  // Two browsers opened the same link, each through its own server (two
  // nodes of one database); both send a password at once.
  server_process other;
  web_client first{base};
  web_client second{other.base_url()};
  auto page_a = first.get(link.substr(base.size()));
  auto page_b = second.get(link.substr(base.size()));
  BOOST_REQUIRE_EQUAL(page_a.status, 200);
  BOOST_REQUIRE_EQUAL(page_b.status, 200);
  const std::string pw_a = "first password, long enough";
  const std::string pw_b = "second password, long enough";
  long status_a = 0;
  long status_b = 0;
  std::thread a([&] {
    status_a = first
                 .post("/set-password",
                       form({{"token", hidden(page_a.body, "token")},
                             {"csrf", hidden(page_a.body, "csrf")},
                             {"password", pw_a},
                             {"again", pw_a}}))
                 .status;
  });
  std::thread b([&] {
    status_b = second
                 .post("/set-password",
                       form({{"token", hidden(page_b.body, "token")},
                             {"csrf", hidden(page_b.body, "csrf")},
                             {"password", pw_b},
                             {"again", pw_b}}))
                 .status;
  });
  a.join();
  b.join();
  // Exactly one took the link, and its password is the one that works.
  BOOST_TEST(((status_a == 200) != (status_b == 200)));
  BOOST_TEST(((status_a == 404) != (status_b == 404)));
  auto& winner = status_a == 200 ? pw_a : pw_b;
  auto& loser = status_a == 200 ? pw_b : pw_a;
  web_client c{base};
  BOOST_TEST(sign_in(c, email, loser).status != 303);
  BOOST_TEST(sign_in(c, email, winner).status == 303);
}

BOOST_AUTO_TEST_CASE(the_stylesheet_and_script_are_served) {
  web_client c{shared_server().base_url()};
  auto css = c.get("/settings/assets/settings.css");
  BOOST_TEST(css.status == 200);
  BOOST_TEST(css.header("content-type").rfind("text/css", 0) == 0u);
  auto js = c.get("/settings/assets/settings.js");
  BOOST_TEST(js.status == 200);
  BOOST_TEST(js.header("content-type").rfind("text/javascript", 0) == 0u);
  BOOST_TEST(c.get("/settings/assets/other.js").status == 404);
  auto login = c.get("/login");
  BOOST_TEST(login.header("x-frame-options") == "DENY");
  BOOST_TEST(login.body.find("<script>") == std::string::npos);
  BOOST_TEST(login.body.find("style=") == std::string::npos);
}

// -- the profile page ---------------------------------------------------------

namespace {

/// The profile page's form token (one per session, as on every page).
std::string profile_csrf(web_client& c) {
  auto page = c.get("/settings/profile");
  BOOST_REQUIRE_EQUAL(page.status, 200);
  return hidden(page.body, "csrf");
}

std::string user_column(const person& p, const std::string& column) {
  return sql_value("SELECT " + column + " FROM users WHERE id = '" + p.user.id
                   + "'");
}

std::string session_count(const person& p) {
  return sql_value("SELECT count(*) FROM web_sessions WHERE user_id = '"
                   + p.user.id + "'");
}

} // namespace

BOOST_AUTO_TEST_CASE(a_saved_profile_is_what_me_shows_at_once_on_every_server) {
  auto p = make_person();
  // A second server that already keeps the key's state (the reports'
  // default zone with it).
  server_process other;
  const http_client other_api{other.base_url()};
  auto zone_of_report = [&](const http_client& on) {
    auto r = on.get(v1("/me/reports/total-spending"), p.user.key);
    BOOST_REQUIRE_MESSAGE(r.status == 200, r.body);
    return r.at("/data/range/timezone");
  };
  BOOST_TEST(zone_of_report(other_api) == "UTC");
  BOOST_TEST(zone_of_report(other_api) == "UTC");
  web_client c{shared_server().base_url()};
  BOOST_REQUIRE_EQUAL(sign_in(c, p.email, good_password).status, 303);
  // The developer page leads to the profile page, which shows the profile.
  BOOST_TEST(
    c.get("/settings/developer").body.find("href=\"/settings/profile\"")
    != std::string::npos);
  auto page = c.get("/settings/profile");
  BOOST_REQUIRE_EQUAL(page.status, 200);
  BOOST_TEST(page.body.find("id=\"profile\"") != std::string::npos);
  BOOST_TEST(page.body.find("<option value=\"USD\" selected>")
             != std::string::npos);
  BOOST_TEST(page.body.find("id=\"timezone\" name=\"timezone\" required "
                            "autocomplete=\"off\" spellcheck=\"false\" "
                            "value=\"UTC\"")
             != std::string::npos);
  auto saved = c.post("/settings/profile",
                      form({{"csrf", hidden(page.body, "csrf")},
                            {"name", "  Ada Lovelace "},
                            {"currency_code", "EUR"},
                            {"timezone", "Europe/Berlin"}}));
  BOOST_REQUIRE_EQUAL(saved.status, 303);
  BOOST_TEST(saved.header("location") == "/settings/profile?done=profile");
  auto notice = c.get(saved.header("location"));
  BOOST_TEST(notice.body.find("id=\"info\">Your profile was saved.")
             != std::string::npos);
  BOOST_TEST(notice.body.find("value=\"Ada Lovelace\"") != std::string::npos);
  BOOST_TEST(notice.body.find("<option value=\"EUR\" selected>")
             != std::string::npos);
  // The API sees it at once, on this server and the other one, and the
  // other server's kept zone is gone too.
  for (const http_client* on : {&api(), &other_api}) {
    auto me = on->get(v1("/me"), p.user.key);
    BOOST_REQUIRE_EQUAL(me.status, 200);
    BOOST_TEST(me.at("/data/name") == "Ada Lovelace");
    BOOST_TEST(me.at("/data/default_currency") == "EUR");
    BOOST_TEST(me.at("/data/timezone") == "Europe/Berlin");
  }
  BOOST_TEST(zone_of_report(other_api) == "Europe/Berlin");
  BOOST_TEST(zone_of_report(api()) == "Europe/Berlin");
  // Unicode names are kept as they are.
  c.post("/settings/profile", form({{"csrf", hidden(page.body, "csrf")},
                                    {"name", "Zoë Ångström"},
                                    {"currency_code", "JPY"},
                                    {"timezone", "Asia/Tokyo"}}));
  auto me = api().get(v1("/me"), p.user.key);
  BOOST_TEST(me.at("/data/name") == "Zoë Ångström");
  BOOST_TEST(me.at("/data/default_currency") == "JPY");
  BOOST_TEST(zone_of_report(other_api) == "Asia/Tokyo");
}

BOOST_AUTO_TEST_CASE(bad_zones_currencies_and_names_are_422_and_store_nothing) {
  auto p = make_person();
  web_client c{shared_server().base_url()};
  BOOST_REQUIRE_EQUAL(sign_in(c, p.email, good_password).status, 303);
  auto csrf = profile_csrf(c);
  struct bad_case {
    std::string name, currency, zone, message;
  };
  std::vector<bad_case> cases{
    {"Ada", "EUR", "Mars/Olympus_Mons",
     "The time zone must be an IANA time zone name"},
    {"Ada", "EUR", "", "The time zone must be an IANA time zone name"},
    {"Ada", "EUR", "../../etc/passwd",
     "The time zone must be an IANA time zone name"},
    {"Ada", "eur", "Europe/Berlin",
     "The default currency must be an upper-case ISO 4217 code"},
    {"Ada", "XYZ", "Europe/Berlin",
     "The default currency must be an upper-case ISO 4217 code"},
    {std::string(201, 'a'), "EUR", "Europe/Berlin",
     "The name must be at most 200 bytes"},
    {"Ada\x01", "EUR", "Europe/Berlin",
     "The name must not contain control characters"},
    {"Ada\xff", "EUR", "Europe/Berlin", "The name must be valid UTF-8 text"},
  };
  for (auto& bad : cases) {
    auto r = c.post("/settings/profile", form({{"csrf", csrf},
                                               {"name", bad.name},
                                               {"currency_code", bad.currency},
                                               {"timezone", bad.zone}}));
    BOOST_TEST(r.status == 422, bad.message);
    BOOST_TEST(r.body.find("role=\"alert\"") != std::string::npos);
    BOOST_TEST(r.body.find(bad.message) != std::string::npos, bad.message);
    // What was typed stays in the form (escaped).
    if (bad.zone == "Mars/Olympus_Mons")
      BOOST_TEST(r.body.find("value=\"Mars/Olympus_Mons\"")
                 != std::string::npos);
  }
  BOOST_TEST(user_column(p, "timezone") == "UTC");
  BOOST_TEST(user_column(p, "currency_code") == "USD");
  auto me = api().get(v1("/me"), p.user.key);
  BOOST_TEST(me.at("/data/timezone") == "UTC");
  BOOST_TEST(me.at("/data/default_currency") == "USD");
  // A typed value is escaped when the form comes back.
  auto r = c.post("/settings/profile",
                  form({{"csrf", csrf},
                        {"name", "<script>alert(1)</script>"},
                        {"currency_code", "EUR"},
                        {"timezone", "\"><b>x"}}));
  BOOST_TEST(r.status == 422);
  BOOST_TEST(r.body.find("<script>alert") == std::string::npos);
  BOOST_TEST(r.body.find("\"><b>x") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(profile_and_password_forms_without_their_token_are_403) {
  auto p = make_person();
  web_client c{shared_server().base_url()};
  BOOST_REQUIRE_EQUAL(sign_in(c, p.email, good_password).status, 303);
  auto csrf = profile_csrf(c);
  BOOST_REQUIRE(!csrf.empty());
  auto profile = [&](std::vector<std::pair<std::string, std::string>> extra) {
    std::string body = form({{"name", "Mallory"},
                             {"currency_code", "EUR"},
                             {"timezone", "Europe/Berlin"}});
    for (auto& [k, v] : extra)
      body += "&" + k + "=" + url_encode(v);
    return body;
  };
  BOOST_TEST(c.post("/settings/profile", profile({})).status == 403);
  BOOST_TEST(c.post("/settings/profile", profile({{"csrf", csrf + "x"}})).status
             == 403);
  BOOST_TEST(c.post("/settings/profile", profile({{"csrf", csrf}}),
                    {"Origin: http://evil.example"}, false)
               .status
             == 403);
  BOOST_TEST(user_column(p, "name") != "Mallory");
  BOOST_TEST(user_column(p, "timezone") == "UTC");
  auto password = form({{"current_password", good_password},
                        {"new_password", "a mallory password"},
                        {"again", "a mallory password"}});
  BOOST_TEST(c.post("/settings/profile/password", password).status == 403);
  // A mismatch says nothing before the token is checked.
  BOOST_TEST(c.post("/settings/profile/password",
                    form({{"current_password", good_password},
                          {"new_password", "a mallory password"},
                          {"again", "another one entirely"}}))
               .status
             == 403);
  BOOST_TEST(c.post("/settings/profile/password",
                    password + "&csrf=" + url_encode(csrf),
                    {"Origin: http://evil.example"}, false)
               .status
             == 403);
  BOOST_TEST(c.get("/settings/profile/password").status == 405);
  // Nothing changed: the old password still signs in.
  web_client fresh{shared_server().base_url()};
  BOOST_TEST(sign_in(fresh, p.email, good_password).status == 303);
  // Without a session: to the sign-in page.
  web_client nobody{shared_server().base_url()};
  auto r = nobody.get("/settings/profile");
  BOOST_TEST(r.status == 303);
  BOOST_TEST(r.header("location") == "/login");
  BOOST_TEST(nobody.post("/settings/profile", profile({{"csrf", csrf}})).status
             == 303);
}

BOOST_AUTO_TEST_CASE(a_password_change_ends_the_other_sessions_not_this_one) {
  auto p = make_person();
  auto someone = make_person();
  web_client here{shared_server().base_url()};
  web_client elsewhere{shared_server().base_url()};
  web_client third{shared_server().base_url()};
  web_client stranger{shared_server().base_url()};
  BOOST_REQUIRE_EQUAL(sign_in(here, p.email, good_password).status, 303);
  BOOST_REQUIRE_EQUAL(sign_in(elsewhere, p.email, good_password).status, 303);
  BOOST_REQUIRE_EQUAL(sign_in(third, p.email, good_password).status, 303);
  BOOST_REQUIRE_EQUAL(sign_in(stranger, someone.email, good_password).status,
                      303);
  BOOST_REQUIRE_EQUAL(session_count(p), "3");
  auto session = here.cookie("purse_session");
  auto csrf = profile_csrf(here);
  const std::string fresh_password = "a fresh password for ada";
  auto r = here.post("/settings/profile/password",
                     form({{"csrf", csrf},
                           {"current_password", good_password},
                           {"new_password", fresh_password},
                           {"again", fresh_password}}));
  BOOST_REQUIRE_EQUAL(r.status, 303);
  BOOST_TEST(r.header("location") == "/settings/profile?done=password");
  // This browser keeps its session (the same cookie) and sees a notice.
  BOOST_TEST(here.cookie("purse_session") == session);
  BOOST_TEST(r.header("set-cookie").empty());
  auto notice = here.get(r.header("location"));
  BOOST_REQUIRE_EQUAL(notice.status, 200);
  BOOST_TEST(notice.body.find("id=\"info\">Your password was changed.")
             != std::string::npos);
  BOOST_TEST(hidden(notice.body, "csrf") == csrf);
  BOOST_TEST(here.get("/settings/developer").status == 200);
  // The other sessions are gone; another user's is not.
  BOOST_TEST(session_count(p) == "1");
  BOOST_TEST(elsewhere.get("/settings/developer").status == 303);
  BOOST_TEST(third.get("/settings/profile").status == 303);
  BOOST_TEST(stranger.get("/settings/developer").status == 200);
  // The old password no longer signs in; the new one does.
  web_client fresh{shared_server().base_url()};
  BOOST_TEST(sign_in(fresh, p.email, good_password).status == 401);
  BOOST_TEST(sign_in(fresh, p.email, fresh_password).status == 303);
  // The API key is not affected.
  BOOST_TEST(api().get(v1("/me"), p.user.key).status == 200);
  // Neither password reached the log.
  auto log = shared_server().log();
  BOOST_TEST(log.find(fresh_password) == std::string::npos);
  BOOST_TEST(log.find(good_password) == std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_wrong_current_password_or_a_mismatch_changes_nothing) {
  auto p = make_person();
  web_client here{shared_server().base_url()};
  web_client elsewhere{shared_server().base_url()};
  BOOST_REQUIRE_EQUAL(sign_in(here, p.email, good_password).status, 303);
  BOOST_REQUIRE_EQUAL(sign_in(elsewhere, p.email, good_password).status, 303);
  auto csrf = profile_csrf(here);
  auto hash = sql_value("SELECT password_hash FROM user_passwords WHERE "
                        "user_id = '"
                        + p.user.id + "'");
  auto change = [&](const std::string& current, const std::string& next,
                    const std::string& again) {
    return here.post("/settings/profile/password",
                     form({{"csrf", csrf},
                           {"current_password", current},
                           {"new_password", next},
                           {"again", again}}));
  };
  auto wrong = change("not the password at all", "a password of mine now",
                      "a password of mine now");
  BOOST_TEST(wrong.status == 422);
  BOOST_TEST(wrong.body.find("The current password is wrong")
             != std::string::npos);
  BOOST_TEST(wrong.body.find("not the password at all") == std::string::npos);
  auto mismatch = change(good_password, "a password of mine now",
                         "a password of mine");
  BOOST_TEST(mismatch.status == 422);
  BOOST_TEST(mismatch.body.find("The two new passwords are not the same")
             != std::string::npos);
  auto weak = change(good_password, "short", "short");
  BOOST_TEST(weak.status == 422);
  BOOST_TEST(weak.body.find("The new password must be at least 12")
             != std::string::npos);
  // Nothing changed: the same hash, both sessions, the old password.
  BOOST_TEST(sql_value("SELECT password_hash FROM user_passwords WHERE "
                       "user_id = '"
                       + p.user.id + "'")
             == hash);
  BOOST_TEST(session_count(p) == "2");
  BOOST_TEST(elsewhere.get("/settings/developer").status == 200);
  web_client fresh{shared_server().base_url()};
  BOOST_TEST(sign_in(fresh, p.email, "a password of mine now").status == 401);
  BOOST_TEST(sign_in(fresh, p.email, good_password).status == 303);
}

BOOST_AUTO_TEST_CASE(wrong_current_passwords_count_as_failed_sign_ins) {
  // The form is no password oracle: a stolen session cookie guesses the
  // password no faster than the sign-in form does.
  server_process server{{"--auth-failure-limit", "3"}};
  auto p = make_person();
  web_client c{server.base_url()};
  BOOST_REQUIRE_EQUAL(sign_in(c, p.email, good_password).status, 303);
  auto csrf = profile_csrf(c);
  auto change = [&](const std::string& current) {
    return c.post("/settings/profile/password",
                  form({{"csrf", csrf},
                        {"current_password", current},
                        {"new_password", "a guessed new password"},
                        {"again", "a guessed new password"}}));
  };
  for (int i = 0; i < 3; ++i)
    BOOST_REQUIRE_EQUAL(change("guess number " + std::to_string(i)).status,
                        422);
  // Past the limit even the right password waits, here and at sign-in.
  auto limited = change(good_password);
  BOOST_TEST(limited.status == 429);
  BOOST_TEST(std::stoi(limited.header("retry-after")) >= 1);
  BOOST_TEST(limited.body.find("Too many failed sign-ins")
             != std::string::npos);
  web_client fresh{server.base_url()};
  BOOST_TEST(sign_in(fresh, p.email, good_password).status == 429);
  // The password did not change.
  web_client elsewhere{shared_server().base_url()};
  BOOST_TEST(sign_in(elsewhere, p.email, good_password).status == 303);
}

BOOST_AUTO_TEST_SUITE_END()
