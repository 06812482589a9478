// SPDX-License-Identifier: GPL-2.0-or-later
#include "webhook_rules.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <memory>
#include <stdexcept>

#include <arpa/inet.h>
#include <curl/curl.h>
#include <netinet/in.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

namespace purse::webhooks {

namespace {

constexpr char hex_digits[] = "0123456789abcdef";

std::string to_hex(const unsigned char* bytes, std::size_t n) {
  std::string out;
  out.reserve(n * 2);
  for (std::size_t i = 0; i < n; ++i) {
    out += hex_digits[bytes[i] >> 4];
    out += hex_digits[bytes[i] & 0x0f];
  }
  return out;
}

// -- addresses ----------------------------------------------------------------

/// Whether the IPv4 address `a` (network order, as 4 bytes) lies in
/// prefix/length.
bool in_v4(const unsigned char* a, std::uint32_t prefix, int length) {
  std::uint32_t v = (std::uint32_t{a[0]} << 24) | (std::uint32_t{a[1]} << 16)
                    | (std::uint32_t{a[2]} << 8) | std::uint32_t{a[3]};
  std::uint32_t mask = length == 0 ? 0 : ~std::uint32_t{0} << (32 - length);
  return (v & mask) == (prefix & mask);
}

constexpr std::uint32_t v4(unsigned a, unsigned b, unsigned c, unsigned d) {
  return (a << 24) | (b << 16) | (c << 8) | d;
}

bool v4_allowed(const unsigned char* a) {
  struct range {
    std::uint32_t prefix;
    int length;
  };
  static constexpr range refused[] = {
    {v4(0, 0, 0, 0), 8},      // "this network"
    {v4(10, 0, 0, 0), 8},     // private
    {v4(100, 64, 0, 0), 10},  // shared address space (carrier-grade NAT)
    {v4(127, 0, 0, 0), 8},    // loopback
    {v4(169, 254, 0, 0), 16}, // link-local (cloud metadata services)
    {v4(172, 16, 0, 0), 12},  // private
    {v4(192, 0, 0, 0), 24},   // IETF protocol assignments
    {v4(192, 168, 0, 0), 16}, // private
    {v4(198, 18, 0, 0), 15},  // benchmarking
    {v4(224, 0, 0, 0), 4},    // multicast
    {v4(240, 0, 0, 0), 4},    // reserved, and 255.255.255.255 broadcast
  };
  return std::none_of(std::begin(refused), std::end(refused),
                      [&](const range& r) {
                        return in_v4(a, r.prefix, r.length);
                      });
}

bool v6_allowed(const unsigned char* a) {
  static constexpr unsigned char zeros[16] = {};
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, which holds :: and
  // ::1: judged as 0.0.0.0/8 they are refused too).
  if (std::memcmp(a, zeros, 10) == 0
      && ((a[10] == 0xff && a[11] == 0xff) || (a[10] == 0 && a[11] == 0)))
    return v4_allowed(a + 12);
  // 64:ff9b::/96, the well-known NAT64 prefix: the IPv4 address is the
  // last four bytes.
  static constexpr unsigned char nat64[12] = {0x00, 0x64, 0xff, 0x9b, 0, 0,
                                              0,    0,    0,    0,    0, 0};
  if (std::memcmp(a, nat64, 12) == 0)
    return v4_allowed(a + 12);
  // 2002::/16, 6to4: the IPv4 address is bytes 2 to 5.
  if (a[0] == 0x20 && a[1] == 0x02)
    return v4_allowed(a + 2);
  // 2001:0::/32, Teredo: the client's IPv4 address is the last four
  // bytes, each inverted; the server's is bytes 4 to 7. Both are judged.
  if (a[0] == 0x20 && a[1] == 0x01 && a[2] == 0 && a[3] == 0) {
    unsigned char client[4];
    for (int i = 0; i < 4; ++i)
      client[i] = static_cast<unsigned char>(~a[12 + i]);
    return v4_allowed(a + 4) && v4_allowed(client);
  }
  if ((a[0] & 0xfe) == 0xfc) // fc00::/7 unique local
    return false;
  if (a[0] == 0xfe && (a[1] & 0xc0) == 0x80) // fe80::/10 link-local
    return false;
  if (a[0] == 0xff) // ff00::/8 multicast
    return false;
  return true;
}

// -- URLs ---------------------------------------------------------------------

struct url_deleter {
  void operator()(CURLU* u) const {
    curl_url_cleanup(u);
  }
};
struct curl_string_deleter {
  void operator()(char* s) const {
    curl_free(s);
  }
};
using curl_string = std::unique_ptr<char, curl_string_deleter>;

/// The part, or nullopt when the URL has none (or on any other error).
std::optional<std::string> url_part(CURLU* u, CURLUPart part,
                                    unsigned flags = 0) {
  char* raw = nullptr;
  if (curl_url_get(u, part, &raw, flags) != CURLUE_OK || raw == nullptr)
    return std::nullopt;
  curl_string owned(raw);
  return std::string(owned.get());
}

} // namespace

std::array<unsigned char, 32> hmac_sha256(std::string_view key,
                                          std::string_view data) {
  std::array<unsigned char, 32> out{};
  unsigned int length = 0;
  // A null data pointer with length 0 is not accepted everywhere: point
  // at something.
  static const unsigned char empty = 0;
  const auto* bytes = data.empty()
                        ? &empty
                        : reinterpret_cast<const unsigned char*>(data.data());
  if (HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), bytes,
           data.size(), out.data(), &length)
        == nullptr
      || length != out.size())
    throw std::runtime_error("HMAC-SHA256 failed");
  return out;
}

std::string webhook_signature(std::string_view secret,
                              std::int64_t unix_seconds,
                              std::string_view body) {
  auto t = std::to_string(unix_seconds);
  std::string signed_text;
  signed_text.reserve(t.size() + 1 + body.size());
  signed_text.append(t).append(".").append(body);
  auto mac = hmac_sha256(secret, signed_text);
  return "t=" + t + ",v1=" + to_hex(mac.data(), mac.size());
}

std::string new_webhook_secret() {
  unsigned char bytes[32];
  if (RAND_bytes(bytes, sizeof bytes) != 1)
    throw std::runtime_error("the CSPRNG failed");
  auto out = "whsec_" + to_hex(bytes, sizeof bytes);
  OPENSSL_cleanse(bytes, sizeof bytes);
  return out;
}

std::optional<std::int64_t>
next_attempt_after(int attempts_made, std::int64_t first_attempt_at,
                   std::int64_t now, std::int64_t first_delay) {
  // Doubling stops at the cap, so a large count cannot overflow the delay.
  std::int64_t delay = std::clamp<std::int64_t>(first_delay, 1,
                                                max_retry_delay_s);
  for (int n = 1; n < attempts_made && delay < max_retry_delay_s; ++n)
    delay *= 2;
  delay = std::min(delay, max_retry_delay_s);
  std::int64_t next = now + delay;
  if (next - first_attempt_at > retry_window_s)
    return std::nullopt;
  return next;
}

bool valid_event_name(std::string_view name) {
  if (name == "*")
    return true;
  auto dot = name.find('.');
  if (dot == std::string_view::npos)
    return false;
  auto type = name.substr(0, dot);
  auto verb = name.substr(dot + 1);
  constexpr std::string_view types[] = {"transaction", "account", "category",
                                        "tag", "file"};
  constexpr std::string_view verbs[] = {"*", "created", "updated", "deleted",
                                        "voided"};
  return std::find(std::begin(types), std::end(types), type) != std::end(types)
         && std::find(std::begin(verbs), std::end(verbs), verb)
              != std::end(verbs);
}

namespace {

std::atomic<bool> policy_http{false};
std::atomic<bool> policy_private{false};

} // namespace

void set_url_policy(url_policy policy) {
  policy_http = policy.allow_http;
  policy_private = policy.allow_private;
}

url_policy current_url_policy() {
  return {policy_http.load(), policy_private.load()};
}

bool webhook_address_allowed(const sockaddr& address, bool allow_private) {
  if (address.sa_family == AF_INET) {
    if (allow_private)
      return true;
    sockaddr_in in;
    std::memcpy(&in, &address, sizeof in);
    return v4_allowed(reinterpret_cast<const unsigned char*>(&in.sin_addr));
  }
  if (address.sa_family == AF_INET6) {
    if (allow_private)
      return true;
    sockaddr_in6 in6;
    std::memcpy(&in6, &address, sizeof in6);
    return v6_allowed(in6.sin6_addr.s6_addr);
  }
  return false;
}

bool webhook_address_allowed(std::string_view ip_text, bool allow_private) {
  std::string text(ip_text); // inet_pton wants a terminated string
  unsigned char bytes[16];
  if (inet_pton(AF_INET, text.c_str(), bytes) == 1)
    return allow_private || v4_allowed(bytes);
  if (inet_pton(AF_INET6, text.c_str(), bytes) == 1)
    return allow_private || v6_allowed(bytes);
  return false;
}

std::variant<webhook_url, std::string> parse_webhook_url(std::string_view url,
                                                         bool allow_http) {
  if (url.empty())
    return std::string("the URL is empty");
  if (url.size() > max_url_length)
    return "the URL is longer than " + std::to_string(max_url_length)
           + " characters";
  for (unsigned char c : url)
    // Non-ASCII too: libcurl would take an international host name, but
    // resolve it under another spelling (punycode) than the one vetted.
    if (c <= 0x20 || c >= 0x7f)
      return std::string(
        "the URL holds a space, a control character or a non-ASCII "
        "character (percent-encode them; write an international host name "
        "in its xn-- form)");

  // libcurl forgives slashes ("https:/host", "https:///host" read as
  // https://host/): a webhook's URL is written out in full.
  auto after_scheme = url.find("://");
  if (after_scheme == std::string_view::npos)
    return std::string(allow_http ? "the URL must start with https:// or "
                                    "http://"
                                  : "the URL must start with https://");
  if (after_scheme + 3 == url.size() || url[after_scheme + 3] == '/'
      || url[after_scheme + 3] == '\\')
    return std::string("the URL has no host");

  std::unique_ptr<CURLU, url_deleter> u(curl_url());
  if (!u)
    throw std::bad_alloc();
  std::string text(url);
  // No flags: a URL without a scheme is refused rather than guessed, and
  // only schemes this libcurl speaks are taken.
  auto rc = curl_url_set(u.get(), CURLUPART_URL, text.c_str(), 0);
  if (rc != CURLUE_OK) {
    switch (rc) {
      case CURLUE_BAD_SCHEME:
      case CURLUE_UNSUPPORTED_SCHEME:
      case CURLUE_NO_SCHEME:
        return std::string(allow_http ? "the URL must start with https:// or "
                                        "http://"
                                      : "the URL must start with https://");
      case CURLUE_BAD_PORT_NUMBER:
        return std::string("the URL's port is not a number from 1 to 65535");
      case CURLUE_NO_HOST:
        return std::string("the URL has no host");
      case CURLUE_BAD_HOSTNAME:
      case CURLUE_BAD_IPV6:
        return std::string(
          "the URL's host is not a valid host name or address");
      default:
        return std::string("the URL is malformed");
    }
  }

  auto scheme = url_part(u.get(), CURLUPART_SCHEME).value_or("");
  if (!(scheme == "https" || (allow_http && scheme == "http")))
    return std::string(allow_http
                         ? "the URL must start with https:// or http://"
                         : "the URL must start with https://");
  if (url_part(u.get(), CURLUPART_USER) || url_part(u.get(), CURLUPART_PASSWORD)
      || url_part(u.get(), CURLUPART_OPTIONS))
    return std::string(
      "the URL must not hold a user name or password (user:pass@)");
  if (url_part(u.get(), CURLUPART_FRAGMENT))
    return std::string("the URL must not have a fragment (#...)");
  if (url_part(u.get(), CURLUPART_ZONEID))
    return std::string("the URL's host must not have a zone id (%...)");
  auto host = url_part(u.get(), CURLUPART_HOST);
  if (!host || host->empty())
    return std::string("the URL has no host");
  auto port_text = url_part(u.get(), CURLUPART_PORT, CURLU_DEFAULT_PORT);
  long port = port_text ? std::strtol(port_text->c_str(), nullptr, 10) : 0;
  if (port < 1 || port > 65535)
    return std::string("the URL's port is not a number from 1 to 65535");

  webhook_url out;
  out.scheme = std::move(scheme);
  out.host = std::move(*host);
  out.port = static_cast<std::uint16_t>(port);
  out.target = url_part(u.get(), CURLUPART_PATH).value_or("/");
  if (auto query = url_part(u.get(), CURLUPART_QUERY))
    out.target += "?" + *query;
  out.normalized = url_part(u.get(), CURLUPART_URL).value_or(text);
  return out;
}

} // namespace purse::webhooks
