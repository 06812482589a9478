// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// What a user's profile may hold: a name, a default currency and a time
// zone. One set of rules for every door that writes a profile:
// `purse-admin user create` and the settings page's profile form. The
// currency and the time zone are checked as the API checks them in a
// body or a query (find_currency, find_time_zone). Pure; unit-tested in
// tests/unit/profile_rules_test.cpp.

#include <optional>
#include <string_view>

#include "purse/actors/outcome.hpp"

namespace purse::profile {

/// Most bytes a user's name may have.
constexpr std::size_t max_name_bytes = 200;

/// Why `name` cannot be a user's name (field "name"), or nothing. Empty is
/// allowed.
std::optional<failure> name_problem(std::string_view name);

/// Why `code` cannot be a default currency (field "currency_code"), or
/// nothing: an active ISO 4217 code, upper case, as the API takes them.
std::optional<failure> currency_problem(std::string_view code);

/// Why `zone` cannot be a time zone (field "timezone"), or nothing: an
/// IANA name this server knows ("Europe/Berlin", "UTC"), as the reports
/// take them.
std::optional<failure> timezone_problem(std::string_view zone);

/// The first problem of a whole profile, in the order name, currency,
/// time zone (the order of the page's form), or nothing.
std::optional<failure> profile_problem(std::string_view name,
                                       std::string_view currency_code,
                                       std::string_view timezone);

} // namespace purse::profile
