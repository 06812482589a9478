// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The HTTP details of the developer settings page, as pure functions:
// cookies (names, attributes, parsing), HTML form bodies, HTML escaping
// and the same-origin check of a POST. Unit-tested in
// tests/unit/settings_http_test.cpp.

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace purse::http::settings_http {

/// The session cookie's name. Over TLS it carries the `__Host-` prefix
/// (the browser then insists on Secure, Path=/ and no Domain); over plain
/// HTTP (local use) browsers would drop a `__Host-` cookie without Secure,
/// and a Secure cookie is not sent over http://, so the plain name is used.
std::string session_cookie(bool tls);

/// The name of the cookie that carries the sign-in forms' CSRF token
/// (double submit: the form's hidden field must equal it), by the same
/// rule.
std::string form_cookie(bool tls);

/// A Set-Cookie value: HttpOnly, SameSite=Strict, Path=/, Secure over TLS;
/// `max_age` < 0: a session cookie; 0: deletes it.
std::string set_cookie(const std::string& name, const std::string& value,
                       bool tls, long max_age = -1);

/// The value of cookie `name` in a Cookie header ("" if absent).
std::string cookie_value(std::string_view header, std::string_view name);

/// The fields of an application/x-www-form-urlencoded body; nothing when
/// it is malformed (bad %-escape) or names a field twice.
std::optional<std::map<std::string, std::string>>
parse_form(std::string_view body);

/// Text escaped for HTML content and attribute values.
std::string escape(std::string_view text);

/// True when a POST comes from this site: its Origin (or, without one, its
/// Referer) has this request's Host, and an https scheme over TLS. A POST
/// with neither header is refused.
bool same_origin(std::string_view origin, std::string_view referer,
                 std::string_view host, bool tls);

} // namespace purse::http::settings_http
