// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The rules of a webhook's body as plain functions: reading and checking
// it, applying it to a row, and the JSON of webhooks and their deliveries.
// No actor, no database; unit-tested directly.

#include <optional>
#include <string>
#include <vector>

#include "purse/actors/json.hpp"
#include "purse/persistence/rows.hpp"
#include "webhook_rules.hpp"

namespace purse::resources {

/// The longest description, in characters.
constexpr std::size_t max_webhook_description = 500;

/// Body fields (absent: unchanged).
struct webhook_input {
  /// The URL as libcurl writes it back; its host is not resolved yet.
  std::optional<std::string> url;
  /// Known names, duplicates dropped, in the order given.
  std::optional<std::vector<std::string>> events;
  /// The description; an explicit null (or, on a full write, an absent
  /// one) clears it.
  std::optional<std::string> description;
  bool clear_description = false;
  std::optional<bool> active;
};

/// Reads and checks a body; `full` (create, PUT) requires url and events.
/// URLs follow `policy` (http:// only where it allows). Empty when
/// `body.errors()` says what is wrong.
std::optional<webhook_input> read_webhook_input(body_reader& body, bool full,
                                                webhooks::url_policy policy);

/// Applies input to a row (a full write sets active to true when the body
/// does not say).
void apply_webhook_input(const webhook_input& in, persistence::webhook_row& row,
                         bool full);

/// A webhook as its GET writes it; with its signing secret when
/// `with_secret` (the create's answer only).
std::string encode_webhook(const persistence::webhook_row& row,
                           bool with_secret);

/// One delivery as GET .../webhooks/{id}/deliveries lists it.
std::string encode_delivery(const persistence::webhook_delivery_row& row);

} // namespace purse::resources
