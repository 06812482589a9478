// SPDX-License-Identifier: GPL-2.0-or-later
#include "settings_replies.hpp"

#include "ascii.hpp"
#include "settings_html.hpp"
#include "settings_http.hpp"

namespace purse::http::settings_replies {

namespace {

namespace html = settings_html;
namespace hx = settings_http;

/// Forms are small; anything bigger is not one of ours.
constexpr std::size_t max_form_bytes = 16 * 1024;

/// Only this site's own stylesheet and script; no inline code, no framing,
/// forms post to this site only.
constexpr const char* page_policy
  = "default-src 'none'; style-src 'self'; script-src 'self'; "
    "img-src 'self'; form-action 'self'; base-uri 'none'; "
    "frame-ancestors 'none'";

} // namespace

outgoing with_type(int code, std::string body, const char* type) {
  outgoing out;
  out.status = status_line(code);
  out.data = std::move(body);
  out.raw_type = type;
  out.headers.emplace_back("Content-Security-Policy", page_policy);
  out.headers.emplace_back("X-Frame-Options", "DENY");
  out.headers.emplace_back("Referrer-Policy", "same-origin");
  return out;
}

outgoing html_answer(int code, std::string body) {
  return with_type(code, std::move(body), "text/html; charset=utf-8");
}

outgoing redirect(const std::string& to) {
  auto out = html_answer(303, html::message_page("Moved", "Continue here.", to,
                                                 "Continue"));
  out.headers.emplace_back("Location", to);
  return out;
}

outgoing problem(int code, const std::string& title, const std::string& text,
                 const std::string& link, const std::string& link_text) {
  return html_answer(code, html::message_page(title, text, link, link_text));
}

outgoing not_allowed(const std::string& allow) {
  auto out = problem(405, "Method not allowed",
                     "This address takes " + allow + ".");
  out.headers.emplace_back("Allow", allow);
  return out;
}

outgoing unavailable(const failure& f) {
  auto out = problem(503, "Try again",
                     f.message.empty() ? "The server cannot answer now."
                                       : f.message);
  out.headers.emplace_back("Retry-After", "5");
  return out;
}

outgoing refused_page(const failure& f) {
  if (f.code == errc::unauthenticated)
    return redirect("/login");
  return unavailable(f);
}

std::optional<std::map<std::string, std::string>>
form_of(const page_request& req, outgoing& refusal) {
  if (!hx::same_origin(req.origin, req.referer, req.host, req.tls)) {
    refusal = problem(403, "Forbidden",
                      "This form was not sent from this site's own page.");
    return std::nullopt;
  }
  if (req.body.size() > max_form_bytes) {
    refusal = problem(413, "Too large", "The form is too large.");
    return std::nullopt;
  }
  auto type
    = lower_ascii(req.content_type.substr(0, req.content_type.find(';')));
  while (!type.empty() && type.back() == ' ')
    type.pop_back();
  if (type != "application/x-www-form-urlencoded") {
    refusal = problem(415, "Unsupported form",
                      "Send the form as application/x-www-form-urlencoded.");
    return std::nullopt;
  }
  auto fields = hx::parse_form(req.body);
  if (!fields)
    refusal = problem(422, "Bad form", "The form could not be read.");
  return fields;
}

std::string session_token(const page_request& req) {
  return hx::cookie_value(req.cookie, hx::session_cookie(req.tls));
}

std::optional<std::string> signed_in(const page_request& req,
                                     outgoing& refusal) {
  auto token = session_token(req);
  if (token.empty()) {
    refusal = redirect("/login");
    return std::nullopt;
  }
  return token;
}

std::optional<signed_in_form> signed_in_form_of(const page_request& req,
                                                outgoing& refusal) {
  auto fields = form_of(req, refusal);
  if (!fields)
    return std::nullopt;
  auto token = signed_in(req, refusal);
  if (!token)
    return std::nullopt;
  return signed_in_form{std::move(*fields), std::move(*token)};
}

std::string field(const std::map<std::string, std::string>& f,
                  const char* name) {
  auto it = f.find(name);
  return it == f.end() ? std::string{} : it->second;
}

outgoing forbidden_form() {
  return problem(403, "Forbidden",
                 "The form's security token is missing or wrong; reload the "
                 "page and try again.");
}

} // namespace purse::http::settings_replies
