// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Where a webhook URL leads: its host resolved and every address vetted
// against the address rules (webhook_rules.hpp). The webhooks resource
// checks a URL with it when it is set; the sender again before each
// delivery, and connects only to the addresses vetted then. It blocks on
// the resolver for up to 5 s: call it on a worker thread.

#include <string>
#include <vector>

#include "webhook_rules.hpp"

namespace purse::webhooks {

/// A host's addresses, or why the host may not be reached.
struct destination {
  /// The host without an IPv6 literal's brackets.
  std::string host;
  /// Its addresses as text, each allowed (empty when refused).
  std::vector<std::string> addresses;
  /// Why it is refused (empty when allowed); names the host and the
  /// refused address, never more of the URL.
  std::string error;
};

/// Resolves `url`'s host (an address literal is taken as it is) and
/// refuses it when it has no address or when any of its addresses is one
/// webhooks may not reach (unless `allow_private`).
destination vet_destination(const webhook_url& url, bool allow_private);

/// Whether `host` (without brackets) is an IPv4 or IPv6 address literal.
bool is_ip_literal(const std::string& host);

} // namespace purse::webhooks
