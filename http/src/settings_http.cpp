// SPDX-License-Identifier: GPL-2.0-or-later
#include "settings_http.hpp"

#include "ascii.hpp"

namespace purse::http::settings_http {

namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

std::optional<std::string> url_decode(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '+') {
      out += ' ';
    } else if (c == '%') {
      if (i + 2 >= s.size())
        return std::nullopt;
      int hi = hex_digit(s[i + 1]);
      int lo = hex_digit(s[i + 2]);
      if (hi < 0 || lo < 0)
        return std::nullopt;
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      out += c;
    }
  }
  return out;
}

/// "scheme://host[:port]" of an Origin or the start of a Referer.
bool matches(std::string_view url, std::string_view host, bool tls) {
  std::string_view scheme;
  if (url.substr(0, 8) == "https://") {
    scheme = "https";
    url.remove_prefix(8);
  } else if (url.substr(0, 7) == "http://") {
    scheme = "http";
    url.remove_prefix(7);
  } else {
    return false;
  }
  if (tls && scheme != "https")
    return false;
  auto end = url.find_first_of("/?#");
  auto authority = url.substr(0, end);
  return !host.empty() && lower_ascii(authority) == lower_ascii(host);
}

} // namespace

std::string session_cookie(bool tls) {
  return tls ? "__Host-purse_session" : "purse_session";
}

std::string form_cookie(bool tls) {
  return tls ? "__Host-purse_form" : "purse_form";
}

std::string set_cookie(const std::string& name, const std::string& value,
                       bool tls, long max_age) {
  auto out = name + "=" + value + "; Path=/; HttpOnly; SameSite=Strict";
  if (tls)
    out += "; Secure";
  if (max_age >= 0)
    out += "; Max-Age=" + std::to_string(max_age);
  return out;
}

std::string cookie_value(std::string_view header, std::string_view name) {
  while (!header.empty()) {
    auto semi = header.find(';');
    auto item = header.substr(0, semi);
    while (!item.empty() && item.front() == ' ')
      item.remove_prefix(1);
    auto eq = item.find('=');
    if (eq != std::string_view::npos && item.substr(0, eq) == name) {
      auto value = item.substr(eq + 1);
      while (!value.empty() && value.back() == ' ')
        value.remove_suffix(1);
      return std::string{value};
    }
    if (semi == std::string_view::npos)
      break;
    header.remove_prefix(semi + 1);
  }
  return {};
}

std::optional<std::map<std::string, std::string>>
parse_form(std::string_view body) {
  std::map<std::string, std::string> out;
  while (!body.empty()) {
    auto amp = body.find('&');
    auto pair = body.substr(0, amp);
    if (!pair.empty()) {
      auto eq = pair.find('=');
      auto name = url_decode(pair.substr(0, eq));
      auto value = url_decode(eq == std::string_view::npos
                                ? std::string_view{}
                                : pair.substr(eq + 1));
      if (!name || !value || out.count(*name) > 0)
        return std::nullopt;
      out.emplace(std::move(*name), std::move(*value));
    }
    if (amp == std::string_view::npos)
      break;
    body.remove_prefix(amp + 1);
  }
  return out;
}

std::string escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

bool same_origin(std::string_view origin, std::string_view referer,
                 std::string_view host, bool tls) {
  if (!origin.empty())
    return origin != "null" && matches(origin, host, tls);
  if (!referer.empty())
    return matches(referer, host, tls);
  return false;
}

} // namespace purse::http::settings_http
