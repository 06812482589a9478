// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The answers every route of the developer settings page shares (private
// to http/src): HTML pages with the page's security headers, redirects,
// error pages, and the checks every POSTed form passes first. Used by
// settings_pages.cpp (sign-in, keys, the plan page) and
// settings_profile.cpp (the profile page).

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "purse/actors/outcome.hpp"
#include "response.hpp"
#include "settings_pages.hpp"

namespace purse::http::settings_replies {

/// The developer page, where most answers lead back to.
constexpr std::string_view developer_path = "/settings/developer";
/// The profile page and its password form.
constexpr std::string_view profile_path = "/settings/profile";
constexpr std::string_view password_path = "/settings/profile/password";

/// A body of `type` with the page's security headers (CSP, no framing).
outgoing with_type(int code, std::string body, const char* type);

/// An HTML page.
outgoing html_answer(int code, std::string body);

/// 303 to `to`.
outgoing redirect(const std::string& to);

/// A page with a title, a message and one link.
outgoing problem(int code, const std::string& title, const std::string& text,
                 const std::string& link = std::string{developer_path},
                 const std::string& link_text = "Back");

/// 405 with `Allow`.
outgoing not_allowed(const std::string& allow);

/// 503 with `Retry-After` (the database failed; safe to retry).
outgoing unavailable(const failure& f);

/// A page that could not be read: no session sends the browser to sign in;
/// anything else is a failure to retry.
outgoing refused_page(const failure& f);

/// The fields of a POSTed form, after the checks every form shares: it
/// comes from this site (Origin), it is a small url-encoded form. Without
/// them, `refusal` is the answer.
std::optional<std::map<std::string, std::string>>
form_of(const page_request& req, outgoing& refusal);

/// The session token the request's cookie carries ("" when none).
std::string session_token(const page_request& req);

/// The session token of a page's request; without one, `refusal` is the
/// redirect to the sign-in page.
std::optional<std::string> signed_in(const page_request& req,
                                     outgoing& refusal);

/// A form sent by a signed-in browser.
struct signed_in_form {
  std::map<std::string, std::string> fields;
  std::string token;
};

/// form_of's checks, then the session: without one, `refusal` is the
/// redirect to the sign-in page.
std::optional<signed_in_form> signed_in_form_of(const page_request& req,
                                                outgoing& refusal);

/// A form field's value ("" when absent).
std::string field(const std::map<std::string, std::string>& f,
                  const char* name);

/// 403: the form's CSRF token is missing or wrong.
outgoing forbidden_form();

} // namespace purse::http::settings_replies
