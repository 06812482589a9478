// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Webhooks' rules, without I/O: the signature of a delivery, a new signing
// secret, the retry schedule, which addresses a delivery may reach and
// which URLs and events a webhook may have. The webhooks resource checks
// its input with them; the deliverer (runtime/webhook_deliverer.hpp) and
// the sender (runtime/webhook_sender.hpp) apply the rest.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include <sys/socket.h>

namespace purse::webhooks {

// -- signature ------------------------------------------------------------------

/// HMAC-SHA256 of `data` with `key` (OpenSSL).
std::array<unsigned char, 32> hmac_sha256(std::string_view key,
                                          std::string_view data);

/// The `Purse-Signature` header's value of a delivery sent at
/// `unix_seconds`: "t=<unix_seconds>,v1=<hex>", where <hex> is the
/// lowercase hex of HMAC-SHA256("<unix_seconds>.<body>") keyed with the
/// webhook's secret (the secret's text as given, "whsec_" included).
std::string webhook_signature(std::string_view secret,
                              std::int64_t unix_seconds, std::string_view body);

/// A new signing secret: "whsec_" and 64 lowercase hex digits (32 bytes of
/// OpenSSL's CSPRNG, as API keys are made). Throws when the CSPRNG fails.
std::string new_webhook_secret();

// -- retry schedule -------------------------------------------------------------

/// Delay after the first failed attempt; each further failure doubles it.
constexpr std::int64_t first_retry_delay_s = 30;
/// The longest delay between two attempts.
constexpr std::int64_t max_retry_delay_s = 60 * 60;
/// How long after its first attempt a delivery is still tried.
constexpr std::int64_t retry_window_s = 24 * 60 * 60;

/// When to try a delivery again after its attempt number `attempts_made`
/// (1 for the first) failed at `now`; nullopt when it is not tried again
/// (it is then failed).
///
/// The delay after failed attempt n is min(30 s * 2^(n-1), 1 h), with no
/// jitter: 30 s, 60 s, 120 s, 240 s, 480 s, 960 s, 1920 s, then 3600 s
/// for every later attempt. The next attempt is `now` plus that delay,
/// unless it would fall more than 24 h after `first_attempt_at`: then
/// nullopt. With attempts that take no time, they run at 0, 30, 90, 210,
/// 450, 930, 1890, 3810 s after the first, then every hour up to 83010 s:
/// 30 attempts in all; the next (86610 s) is past the day. An
/// `attempts_made` below 1 is taken as 1.
///
/// `first_delay` (seconds, at least 1) replaces the 30 s first delay, the
/// later ones doubling from it up to the same hour (tests and closed
/// networks shorten it with --webhook-first-retry).
std::optional<std::int64_t>
next_attempt_after(int attempts_made, std::int64_t first_attempt_at,
                   std::int64_t now,
                   std::int64_t first_delay = first_retry_delay_s);

// -- events ---------------------------------------------------------------------

/// The most event names a webhook may take.
constexpr std::size_t max_events = 20;

/// Whether `name` is an event a webhook may take: "*", "<type>.*" or
/// "<type>.<verb>", with type one of transaction, account, category, tag,
/// file and verb one of created, updated, deleted, voided.
bool valid_event_name(std::string_view name);

// -- policy ---------------------------------------------------------------------

/// What the server lets webhooks reach (its --webhook-allow-http and
/// --webhook-allow-private flags).
struct url_policy {
  bool allow_http = false;
  bool allow_private = false;
};

/// Sets the process's policy; the server calls it once at start, before
/// it serves (the webhooks resource reads it when it checks a URL).
void set_url_policy(url_policy policy);

/// The process's policy (both off until set).
url_policy current_url_policy();

// -- addresses ------------------------------------------------------------------

/// Whether a delivery may connect to this address. Unless `allow_private`,
/// refused are IPv4 0.0.0.0/8, 10/8, 100.64/10, 127/8, 169.254/16,
/// 172.16/12, 192.0.0/24, 192.168/16, 198.18/15, 224/4, 240/4 (which holds
/// 255.255.255.255), and IPv6 ::, ::1, fc00::/7, fe80::/10, ff00::/8; an
/// IPv6 address that carries an IPv4 one (::ffff:a.b.c.d mapped, ::a.b.c.d
/// compatible, 64:ff9b::/96 NAT64, 2002::/16 6to4, and 2001::/32 Teredo,
/// whose server and inverted client addresses are both judged) is judged
/// as that IPv4 address. An
/// address of another family is refused, even with `allow_private`.
bool webhook_address_allowed(const sockaddr& address, bool allow_private);

/// The same for an address's text (dotted IPv4 or IPv6, without brackets);
/// text that is not an address is refused.
bool webhook_address_allowed(std::string_view ip_text, bool allow_private);

// -- URLs -----------------------------------------------------------------------

/// The longest webhook URL, in bytes.
constexpr std::size_t max_url_length = 2048;

/// A webhook URL taken apart (by libcurl's URL parser).
struct webhook_url {
  std::string scheme; ///< "https", or "http" where allowed
  /// The host as libcurl's parser gives it; an IPv6 literal keeps its
  /// brackets ("[2001:db8::1]").
  std::string host;
  std::uint16_t port = 0; ///< the URL's, else 443 (https) or 80 (http)
  std::string target;     ///< path and query: "/hooks?x=1"
  std::string normalized; ///< the whole URL as libcurl writes it back
};

/// `url` taken apart, or a message for the client that says what is wrong
/// with it: it must be at most 2048 bytes of ASCII, without spaces or
/// control characters, https (http too where `allow_http`), with a host, and
/// without user name, password or fragment.
std::variant<webhook_url, std::string> parse_webhook_url(std::string_view url,
                                                         bool allow_http);

} // namespace purse::webhooks
