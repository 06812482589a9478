// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The two static files of the developer settings page: its stylesheet and
// the small script that adds the copy button (the page works without it).

#include <string_view>

namespace purse::http::settings_assets {

/// The stylesheet, served at /settings/assets/settings.css.
std::string_view stylesheet();

/// The script, served at /settings/assets/settings.js.
std::string_view script();

} // namespace purse::http::settings_assets
