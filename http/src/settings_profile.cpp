// SPDX-License-Identifier: GPL-2.0-or-later
// The profile page of the settings page: the profile form (name, default
// currency, time zone) and the password change. Its routes are dispatched
// by settings_pages.cpp; the rules are the portal's.

#include "settings_pages.hpp"

#include "settings_html.hpp"
#include "settings_http.hpp"
#include "settings_replies.hpp"

namespace purse::http {

namespace {

namespace html = settings_html;
namespace hx = settings_http;
using namespace settings_replies;

/// The profile page with `n`, answered with `code` (the page is read
/// again: a refused form shows what is stored beside what was typed).
void profile_answer(settings::portal& portal, const std::string& token,
                    int code, html::profile_notices n,
                    const page_responder& respond,
                    std::vector<std::pair<std::string, std::string>> headers
                    = {}) {
  // The profile page shows no key form: the developer page's stays valid.
  portal.show(
    token,
    [respond, code, n = std::move(n),
     headers = std::move(headers)](outcome<settings::page_view> page) {
      if (!page)
        return respond(refused_page(page.error()));
      auto out = html_answer(code, html::profile_page(*page, n));
      for (auto& h : headers)
        out.headers.push_back(h);
      respond(std::move(out));
    },
    false);
}

} // namespace

void settings_pages::profile(const page_request& req,
                             const page_responder& respond) const {
  outgoing refusal;
  auto token = signed_in(req, refusal);
  if (!token)
    return respond(std::move(refusal));
  html::profile_notices n;
  auto query = hx::parse_form(req.query);
  auto done = query ? field(*query, "done") : std::string{};
  if (done == "profile")
    n.info = "Your profile was saved.";
  else if (done == "password")
    n.info = "Your password was changed. Every other session of your "
             "account has ended; this one stays signed in.";
  profile_answer(*portal_, *token, 200, std::move(n), respond);
}

void settings_pages::save_profile(const page_request& req,
                                  const page_responder& respond) const {
  outgoing refusal;
  auto sent = signed_in_form_of(req, refusal);
  if (!sent)
    return respond(std::move(refusal));
  auto& fields = sent->fields;
  auto& token = sent->token;
  html::profile_notices n;
  n.typed = true;
  n.name = field(fields, "name");
  n.currency_code = field(fields, "currency_code");
  n.timezone = field(fields, "timezone");
  auto portal = portal_;
  portal_->save_profile(
    token, field(fields, "csrf"), n.name, n.currency_code, n.timezone,
    [portal, token, n, respond](outcome<> r) mutable {
      switch (r.code()) {
        case errc::ok:
          return respond(redirect(std::string{profile_path} + "?done=profile"));
        case errc::unauthenticated:
          return respond(redirect("/login"));
        case errc::forbidden:
          return respond(forbidden_form());
        case errc::unprocessable:
          n.profile_error = r.error().message;
          n.profile_field = r.error().field;
          return profile_answer(*portal, token, 422, std::move(n), respond);
        default:
          return respond(unavailable(r.error()));
      }
    });
}

void settings_pages::change_password(const page_request& req,
                                     const page_responder& respond) const {
  outgoing refusal;
  auto sent = signed_in_form_of(req, refusal);
  if (!sent)
    return respond(std::move(refusal));
  auto& fields = sent->fields;
  auto& token = sent->token;
  auto portal = portal_;
  portal_->change_password(
    token, field(fields, "csrf"), field(fields, "current_password"),
    field(fields, "new_password"), field(fields, "again"), req.address,
    [portal, token, respond](outcome<std::int64_t> r) {
      html::profile_notices n;
      switch (r.code()) {
        case errc::ok:
          return respond(
            redirect(std::string{profile_path} + "?done=password"));
        case errc::unauthenticated:
          return respond(redirect("/login"));
        case errc::forbidden:
          return respond(forbidden_form());
        case errc::unprocessable:
          n.password_error = r.error().message;
          n.password_field = r.error().field;
          return profile_answer(*portal, token, 422, std::move(n), respond);
        case errc::too_many_requests:
          n.password_error = r.error().message;
          return profile_answer(
            *portal, token, 429, std::move(n), respond,
            {{"Retry-After", std::to_string(std::max<std::int64_t>(
                               1, r.error().retry_after))}});
        default:
          return respond(unavailable(r.error()));
      }
    });
}

} // namespace purse::http
