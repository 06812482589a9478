// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The HTML of the developer settings page: server-rendered, no inline
// script or style (the page's CSP allows its own two files only), every
// value escaped. One function per page state.

#include <string>

#include "purse/actors/settings_portal.hpp"

namespace purse::http::settings_html {

/// What the settings page says besides its data.
struct notices {
  /// A key's secret, shown once after it was created.
  std::string secret;
  std::string created_key_id;
  /// A plain message (e.g. "The key was revoked").
  std::string info;
  /// An error about the create form, and the input it names.
  std::string error;
  std::string error_field;
  /// What the create form had (kept after a refusal).
  std::string name;
  std::string days;
};

/// What the profile page says besides its data.
struct profile_notices {
  /// What just happened ("Your profile was saved").
  std::string info;
  /// An error about the profile form, the input it names, and what the
  /// form had (kept after a refusal).
  std::string profile_error;
  std::string profile_field;
  std::string name;
  std::string currency_code;
  std::string timezone;
  /// True when the form's values above replace the stored ones.
  bool typed = false;
  /// An error about the password form and the input it names (typed
  /// passwords are never sent back).
  std::string password_error;
  std::string password_field;
};

/// The sign-in form; `message` (an error, may be empty) above it, and
/// `notice` (what just happened, e.g. signed out everywhere; may be empty).
std::string login_page(const std::string& csrf, const std::string& message,
                       const std::string& email,
                       const std::string& notice = {});

/// The developer settings page.
std::string settings_page(const settings::page_view& page, const notices& n);

/// The profile page: name, default currency and time zone, and the
/// password change.
std::string profile_page(const settings::page_view& page,
                         const profile_notices& n);

/// The plan page (the default `--upgrade-url`): the user's plan, whether
/// it includes the API, and how plans are changed (by the operator, with
/// `purse-admin user set-plan`; Purse takes no payments).
std::string billing_page(const settings::page_view& page);

/// The confirmation before revoking `key`.
std::string revoke_page(const settings::page_view& page,
                        const settings::key_view& key);

/// The form to set a password through a link.
std::string set_password_page(const std::string& link_token,
                              const std::string& csrf,
                              const std::string& message);

/// A page with a title, a message and one link.
std::string message_page(const std::string& title, const std::string& text,
                         const std::string& link, const std::string& link_text);

} // namespace purse::http::settings_html
