// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The routes of the developer settings page, outside /api/public/v1:
// sign-in, sign-out, the page, key creation and revocation, the profile
// page (name, default currency, time zone, password), the plan page
// (where the upgrade hint leads by default), the page that
// sets a password through a link, and the page's two static files. It
// adapts forms and cookies to the domain's portal (settings_portal.hpp)
// and renders its answers (settings_html.hpp). It never reads an
// Authorization header, and the API never reads a cookie.

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "purse/actors/settings_portal.hpp"
#include "response.hpp"

namespace purse::http {

/// What the page needs of one request (already read off the connection).
struct page_request {
  std::string method;
  bool head = false;
  std::string path;
  std::string query;
  std::string body;
  std::string content_type;
  std::string cookie;
  std::string origin;
  std::string referer;
  std::string host;
  std::string address;
  /// Reached over HTTPS: directly, or through a trusted proxy that
  /// terminated TLS (X-Forwarded-Proto: https). Cookie names (__Host-)
  /// and Secure follow it.
  bool tls = false;
};

/// Writes the answer (called once, on any thread).
using page_responder = std::function<void(outgoing)>;

/// The page's routes over a portal.
class settings_pages {
public:
  explicit settings_pages(std::shared_ptr<settings::portal> portal);

  /// True for the paths the page owns.
  static bool owns(std::string_view path);

  /// Every route, "METHOD /path" (HEAD implied by GET).
  static std::vector<std::string> routes();

  /// Answers one request.
  void handle(page_request req, page_responder respond) const;

private:
  void login(const page_request& req, const page_responder& respond) const;
  void logout(const page_request& req, const page_responder& respond) const;
  void sign_out_everywhere(const page_request& req,
                           const page_responder& respond) const;
  void page(const page_request& req, const page_responder& respond) const;
  void billing(const page_request& req, const page_responder& respond) const;
  void create(const page_request& req, const page_responder& respond) const;
  void revoke(const page_request& req, const std::string& key_id,
              const page_responder& respond) const;
  void set_password(const page_request& req,
                    const page_responder& respond) const;
  void profile(const page_request& req, const page_responder& respond) const;
  void save_profile(const page_request& req,
                    const page_responder& respond) const;
  void change_password(const page_request& req,
                       const page_responder& respond) const;

  std::shared_ptr<settings::portal> portal_;
};

} // namespace purse::http
