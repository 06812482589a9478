// SPDX-License-Identifier: GPL-2.0-or-later
#include "settings_pages.hpp"

#include "purse/actors/password.hpp"
#include "settings_assets.hpp"
#include "settings_html.hpp"
#include "settings_http.hpp"
#include "settings_replies.hpp"

namespace purse::http {

namespace {

namespace html = settings_html;
namespace hx = settings_http;
using namespace settings_replies;

constexpr std::string_view billing_path = "/settings/billing";
constexpr std::string_view keys_path = "/settings/developer/keys";
constexpr std::string_view assets_path = "/settings/assets/";
constexpr std::string_view everywhere_path
  = "/settings/developer/sign-out-everywhere";
/// Where signing out everywhere lands: the sign-in page, with its notice.
constexpr std::string_view signed_out_everywhere = "/login?signed-out=all";

/// The sign-in forms' token (double submit): the cookie's, or a new one
/// that the answer sets.
std::string form_token(const page_request& req, outgoing& out) {
  auto token = hx::cookie_value(req.cookie, hx::form_cookie(req.tls));
  if (token.size() < 32 || token.size() > 64) {
    token = random_token();
    out.headers.emplace_back(
      "Set-Cookie", hx::set_cookie(hx::form_cookie(req.tls), token, req.tls));
  }
  return token;
}

/// True when a sign-in form's token matches its cookie.
bool form_token_ok(const page_request& req,
                   const std::map<std::string, std::string>& f) {
  auto cookie = hx::cookie_value(req.cookie, hx::form_cookie(req.tls));
  auto posted = field(f, "csrf");
  return cookie.size() >= 32 && cookie == posted;
}

/// The redirect to `to` after a sign-out: the session cookie goes with it.
outgoing signed_out(const std::string& to, bool tls) {
  auto out = redirect(to);
  out.headers.emplace_back("Set-Cookie",
                           hx::set_cookie(hx::session_cookie(tls), "", tls, 0));
  return out;
}

} // namespace

settings_pages::settings_pages(std::shared_ptr<settings::portal> portal)
  : portal_(std::move(portal)) {
  // nop
}

bool settings_pages::owns(std::string_view path) {
  return path == "/login" || path == "/logout" || path == "/set-password"
         || path == "/settings" || path.substr(0, 10) == "/settings/";
}

std::vector<std::string> settings_pages::routes() {
  return {"GET /login",
          "POST /login",
          "POST /logout",
          "GET /settings/developer",
          "GET /settings/billing",
          "GET /settings/profile",
          "POST /settings/profile",
          "POST /settings/profile/password",
          "POST /settings/developer/keys",
          "POST /settings/developer/sign-out-everywhere",
          "GET /settings/developer/keys/{id}/revoke",
          "POST /settings/developer/keys/{id}/revoke",
          "GET /set-password",
          "POST /set-password",
          "GET /settings/assets/settings.css",
          "GET /settings/assets/settings.js"};
}

void settings_pages::handle(page_request req, page_responder respond) const {
  bool get = req.method == "GET" || req.head;
  bool post = req.method == "POST";
  auto& p = req.path;
  if (p.substr(0, assets_path.size()) == assets_path) {
    auto name = p.substr(assets_path.size());
    if (name != "settings.css" && name != "settings.js")
      return respond(problem(404, "Not found", "No such file."));
    if (!get)
      return respond(not_allowed("GET, HEAD"));
    bool css = name == "settings.css";
    auto out = with_type(200,
                         std::string{css ? settings_assets::stylesheet()
                                         : settings_assets::script()},
                         css ? "text/css; charset=utf-8"
                             : "text/javascript; charset=utf-8");
    return respond(std::move(out));
  }
  if (p == "/settings" || p == "/settings/")
    return respond(redirect(std::string{developer_path}));
  if (p == "/login") {
    if (!get && !post)
      return respond(not_allowed("GET, HEAD, POST"));
    return login(req, respond);
  }
  if (p == "/logout") {
    if (!post)
      return respond(not_allowed("POST"));
    return logout(req, respond);
  }
  if (p == "/set-password") {
    if (!get && !post)
      return respond(not_allowed("GET, HEAD, POST"));
    return set_password(req, respond);
  }
  if (p == developer_path || p == std::string{developer_path} + "/") {
    if (!get)
      return respond(not_allowed("GET, HEAD"));
    return page(req, respond);
  }
  if (p == everywhere_path) {
    if (!post)
      return respond(not_allowed("POST"));
    return sign_out_everywhere(req, respond);
  }
  if (p == billing_path) {
    if (!get)
      return respond(not_allowed("GET, HEAD"));
    return billing(req, respond);
  }
  if (p == profile_path || p == std::string{profile_path} + "/") {
    if (get)
      return profile(req, respond);
    if (post)
      return save_profile(req, respond);
    return respond(not_allowed("GET, HEAD, POST"));
  }
  if (p == password_path) {
    if (!post)
      return respond(not_allowed("POST"));
    return change_password(req, respond);
  }
  if (p == keys_path) {
    if (!post)
      return respond(not_allowed("POST"));
    return create(req, respond);
  }
  // /settings/developer/keys/{id}/revoke
  std::string prefix = std::string{keys_path} + "/";
  constexpr std::string_view suffix = "/revoke";
  if (p.size() > prefix.size() + suffix.size()
      && p.compare(0, prefix.size(), prefix) == 0
      && p.compare(p.size() - suffix.size(), suffix.size(), suffix) == 0) {
    auto id = p.substr(prefix.size(), p.size() - prefix.size() - suffix.size());
    if (id.find('/') == std::string::npos) {
      if (!get && !post)
        return respond(not_allowed("GET, HEAD, POST"));
      return revoke(req, id, respond);
    }
  }
  respond(problem(404, "Not found", "There is no page at this address."));
}

void settings_pages::login(const page_request& req,
                           const page_responder& respond) const {
  if (req.method != "POST") {
    outgoing out;
    auto token = form_token(req, out);
    auto query = hx::parse_form(req.query);
    std::string notice;
    if (query && field(*query, "signed-out") == "all")
      notice = "You were signed out everywhere: every session of your "
               "account has ended, in every browser. Sign in again to "
               "continue.";
    auto page = html_answer(200, html::login_page(token, {}, {}, notice));
    for (auto& h : out.headers)
      page.headers.push_back(h);
    return respond(std::move(page));
  }
  outgoing refusal;
  auto f = form_of(req, refusal);
  if (!f)
    return respond(std::move(refusal));
  if (!form_token_ok(req, *f))
    return respond(forbidden_form());
  auto csrf = field(*f, "csrf");
  auto email = field(*f, "email");
  auto previous = session_token(req);
  bool tls = req.tls;
  portal_->sign_in(
    email, field(*f, "password"), req.address, previous,
    [respond, csrf, email, tls](outcome<std::string> session) {
      if (session) {
        auto out = redirect(std::string{developer_path});
        out.headers.emplace_back(
          "Set-Cookie", hx::set_cookie(hx::session_cookie(tls), *session, tls));
        return respond(std::move(out));
      }
      auto& why = session.error();
      switch (why.code) {
        case errc::too_many_requests: {
          auto out = html_answer(429,
                                 html::login_page(csrf, why.message, email));
          out.headers.emplace_back(
            "Retry-After",
            std::to_string(std::max<std::int64_t>(1, why.retry_after)));
          return respond(std::move(out));
        }
        case errc::unauthenticated: // a wrong e-mail or password
          return respond(
            html_answer(401, html::login_page(csrf, why.message, email)));
        default:
          return respond(unavailable(why));
      }
    });
}

void settings_pages::logout(const page_request& req,
                            const page_responder& respond) const {
  outgoing refusal;
  auto f = form_of(req, refusal);
  if (!f)
    return respond(std::move(refusal));
  auto token = session_token(req);
  bool tls = req.tls;
  portal_->sign_out(token, field(*f, "csrf"), [respond, tls](outcome<> r) {
    if (r.code() == errc::forbidden)
      return respond(forbidden_form());
    if (r.code() == errc::unavailable)
      return respond(unavailable(r.error()));
    // Signed out, or was already: either way the cookie goes.
    respond(signed_out("/login", tls));
  });
}

void settings_pages::sign_out_everywhere(const page_request& req,
                                         const page_responder& respond) const {
  outgoing refusal;
  auto sent = signed_in_form_of(req, refusal);
  if (!sent)
    return respond(std::move(refusal));
  auto& fields = sent->fields;
  auto& token = sent->token;
  bool tls = req.tls;
  portal_->sign_out_everywhere(
    token, field(fields, "csrf"), [respond, tls](outcome<std::int64_t> r) {
      switch (r.code()) {
        case errc::ok:
          return respond(signed_out(std::string{signed_out_everywhere}, tls));
        case errc::unauthenticated:
          return respond(redirect("/login"));
        case errc::forbidden:
          return respond(forbidden_form());
        default:
          return respond(unavailable(r.error()));
      }
    });
}

void settings_pages::page(const page_request& req,
                          const page_responder& respond) const {
  outgoing refusal;
  auto token = signed_in(req, refusal);
  if (!token)
    return respond(std::move(refusal));
  portal_->show(*token, [respond](outcome<settings::page_view> page) {
    if (!page)
      return respond(refused_page(page.error()));
    respond(html_answer(200, html::settings_page(*page, {})));
  });
}

void settings_pages::billing(const page_request& req,
                             const page_responder& respond) const {
  outgoing refusal;
  auto token = signed_in(req, refusal);
  if (!token)
    return respond(std::move(refusal));
  // The plan page shows no form: the developer page's stays valid.
  portal_->show(
    *token,
    [respond](outcome<settings::page_view> page) {
      if (!page)
        return respond(refused_page(page.error()));
      respond(html_answer(200, html::billing_page(*page)));
    },
    false);
}

void settings_pages::create(const page_request& req,
                            const page_responder& respond) const {
  outgoing refusal;
  auto sent = signed_in_form_of(req, refusal);
  if (!sent)
    return respond(std::move(refusal));
  auto& fields = sent->fields;
  auto& token = sent->token;
  auto name = field(fields, "name");
  auto days = field(fields, "days");
  portal_->create_key(
    token, field(fields, "csrf"), field(fields, "form"), name, days,
    [respond, name, days](outcome<settings::key_form> form) {
      if (!form) {
        switch (form.code()) {
          case errc::unauthenticated:
            return respond(redirect("/login"));
          case errc::forbidden:
            return respond(forbidden_form());
          case errc::conflict:
            // A resubmitted form (reload, back button): nothing was
            // created, and no secret is ever shown again.
            return respond(redirect(std::string{developer_path}));
          default:
            return respond(unavailable(form.error()));
        }
      }
      auto& key = form->key;
      html::notices n;
      int code = 200;
      if (key) {
        n.secret = key->secret;
        n.created_key_id = key->id;
      } else {
        code = key.code() == errc::payment_required ? 402 : 422;
        n.error = key.error().message;
        n.error_field = key.error().field;
        n.name = name;
        n.days = days;
      }
      respond(html_answer(code, html::settings_page(form->page, n)));
    });
}

void settings_pages::revoke(const page_request& req, const std::string& key_id,
                            const page_responder& respond) const {
  outgoing refusal;
  if (req.method != "POST") {
    auto token = signed_in(req, refusal);
    if (!token)
      return respond(std::move(refusal));
    // The confirmation shows no create form: the page's stays valid.
    return portal_->show(
      *token,
      [respond, key_id](outcome<settings::page_view> page) {
        if (!page)
          return respond(refused_page(page.error()));
        for (auto& k : page->keys)
          if (k.id == key_id && k.state == "active")
            return respond(html_answer(200, html::revoke_page(*page, k)));
        respond(
          problem(404, "No such key", "You have no active key with this id."));
      },
      false);
  }
  auto sent = signed_in_form_of(req, refusal);
  if (!sent)
    return respond(std::move(refusal));
  auto csrf = field(sent->fields, "csrf");
  portal_->revoke_key(sent->token, csrf, key_id, [respond](outcome<> r) {
    switch (r.code()) {
      case errc::ok:
        return respond(redirect(std::string{developer_path}));
      case errc::unauthenticated:
        return respond(redirect("/login"));
      case errc::forbidden:
        return respond(forbidden_form());
      case errc::not_found:
        return respond(problem(404, "No such key",
                               "You have no key with "
                               "this id."));
      default:
        return respond(unavailable(r.error()));
    }
  });
}

void settings_pages::set_password(const page_request& req,
                                  const page_responder& respond) const {
  if (req.method != "POST") {
    auto query = hx::parse_form(req.query);
    auto link = query ? field(*query, "token") : std::string{};
    outgoing cookies;
    auto csrf = form_token(req, cookies);
    portal_->check_invite(link, [respond, link, csrf, cookies](outcome<> r) {
      outgoing out;
      if (r)
        out = html_answer(200, html::set_password_page(link, csrf, {}));
      else if (r.code() == errc::not_found)
        out = problem(404, "Link not usable", r.error().message, "/login",
                      "Sign in");
      else
        out = unavailable(r.error());
      for (auto& h : cookies.headers)
        out.headers.push_back(h);
      respond(std::move(out));
    });
    return;
  }
  outgoing refusal;
  auto f = form_of(req, refusal);
  if (!f)
    return respond(std::move(refusal));
  if (!form_token_ok(req, *f))
    return respond(forbidden_form());
  auto link = field(*f, "token");
  auto csrf = field(*f, "csrf");
  auto password = field(*f, "password");
  if (password != field(*f, "again"))
    return respond(
      html_answer(422, html::set_password_page(
                         link, csrf, "The two passwords are not the same")));
  portal_->redeem_invite(link, password, [respond, link, csrf](outcome<> r) {
    if (r)
      return respond(problem(200, "Password set",
                             "Your password is set. Sign in with your "
                             "e-mail and the new password.",
                             "/login", "Sign in"));
    auto& why = r.error();
    if (why.code == errc::unprocessable)
      return respond(
        html_answer(422, html::set_password_page(link, csrf, why.message)));
    if (why.code == errc::not_found)
      return respond(
        problem(404, "Link not usable", why.message, "/login", "Sign in"));
    respond(unavailable(why));
  });
}

} // namespace purse::http
