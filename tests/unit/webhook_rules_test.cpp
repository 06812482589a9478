// SPDX-License-Identifier: GPL-2.0-or-later
// Webhooks' rules: the delivery signature (HMAC-SHA256), new secrets, the
// retry schedule, the address policy and the URL check.

#include <cstdint>
#include <cstring>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include <arpa/inet.h>
#include <netinet/in.h>

#include <boost/test/unit_test.hpp>

#include "webhook_rules.hpp"

using namespace purse::webhooks;

namespace {

std::string hex(const std::array<unsigned char, 32>& bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  for (auto b : bytes) {
    out += digits[b >> 4];
    out += digits[b & 15];
  }
  return out;
}

std::string url_error(std::string_view url, bool allow_http = false) {
  auto r = parse_webhook_url(url, allow_http);
  if (auto* e = std::get_if<std::string>(&r))
    return *e;
  return "";
}

webhook_url url_of(std::string_view url, bool allow_http = false) {
  auto r = parse_webhook_url(url, allow_http);
  BOOST_TEST_REQUIRE(std::holds_alternative<webhook_url>(r), url);
  return std::get<webhook_url>(r);
}

} // namespace

BOOST_AUTO_TEST_SUITE(webhook_rules)

BOOST_AUTO_TEST_CASE(hmac_sha256_matches_rfc_4231_test_case_2) {
  BOOST_TEST(hex(hmac_sha256("Jefe", "what do ya want for nothing?"))
             == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec"
                "3843");
}

BOOST_AUTO_TEST_CASE(the_signature_header_signs_t_dot_body) {
  // Cross-checked with (one command line):
  //   printf '%s' '1700000000.{"id":"evt_1","type":"transaction.created"}'
  //   | openssl dgst -sha256 -hmac whsec_0123456789abcdef
  BOOST_TEST(webhook_signature("whsec_0123456789abcdef", 1700000000,
                               R"({"id":"evt_1","type":"transaction.created"})")
             == "t=1700000000,v1=3bde1ee554584f231723272e526e9dac49b0ba753aa0"
                "8367c863df4472874a62");
  // Another time, another signature; the empty body is signed too.
  BOOST_TEST(webhook_signature("k", 1, "{}")
             != webhook_signature("k", 2, "{}"));
  BOOST_TEST(webhook_signature("k", 5, "").rfind("t=5,v1=", 0) == 0);
  BOOST_TEST(webhook_signature("k", 5, "").size() == 7 + 64);
}

BOOST_AUTO_TEST_CASE(new_secrets_are_prefixed_hex_and_differ) {
  std::set<std::string> seen;
  for (int i = 0; i < 50; ++i) {
    auto s = new_webhook_secret();
    BOOST_TEST(s.size() == 6 + 64);
    BOOST_TEST(s.rfind("whsec_", 0) == 0);
    BOOST_TEST(s.find_first_not_of("0123456789abcdef", 6) == std::string::npos);
    seen.insert(s);
  }
  BOOST_TEST(seen.size() == 50u);
}

BOOST_AUTO_TEST_CASE(retries_double_from_30_s_up_to_an_hour_for_a_day) {
  const std::int64_t start = 1'700'000'000;
  std::vector<std::int64_t> at{start};
  // Attempts that take no time: each fails at the moment it runs.
  while (auto next = next_attempt_after(static_cast<int>(at.size()), start,
                                        at.back()))
    at.push_back(*next);
  std::vector<std::int64_t> offsets;
  for (auto t : at)
    offsets.push_back(t - start);
  std::vector<std::int64_t> first{0, 30, 90, 210, 450, 930, 1890, 3810, 7410};
  BOOST_TEST_REQUIRE(offsets.size() == 30u);
  BOOST_TEST(std::vector<std::int64_t>(offsets.begin(), offsets.begin() + 9)
               == first,
             boost::test_tools::per_element());
  for (std::size_t i = 8; i < offsets.size(); ++i)
    BOOST_TEST(offsets[i] - offsets[i - 1] == 3600);
  BOOST_TEST(offsets.back() == 83010);
  // The next would be 86610 s after the first attempt: past the day.
  BOOST_TEST(!next_attempt_after(30, start, start + 83010));
  // Exactly 24 h is still in; a second more is not.
  BOOST_TEST(next_attempt_after(30, start, start + 86400 - 3600).value()
             == start + 86400);
  BOOST_TEST(!next_attempt_after(30, start, start + 86401 - 3600));
  // Slow attempts push the next one from when they failed.
  BOOST_TEST(next_attempt_after(1, start, start + 10).value() == start + 40);
  // Huge counts stay at the cap (no overflow); nonsense counts act as 1.
  BOOST_TEST(next_attempt_after(1'000'000, start, start).value()
             == start + 3600);
  BOOST_TEST(next_attempt_after(0, start, start).value() == start + 30);
}

BOOST_AUTO_TEST_CASE(a_shorter_first_retry_doubles_the_same_way) {
  const std::int64_t start = 1'700'000'000;
  // --webhook-first-retry 1: 1, 2, 4, 8 s ... up to the hour.
  for (int n = 1; n <= 5; ++n)
    BOOST_TEST(next_attempt_after(n, start, start, 1).value()
               == start + (std::int64_t{1} << (n - 1)));
  BOOST_TEST(next_attempt_after(12, start, start, 1).value() == start + 2048);
  BOOST_TEST(next_attempt_after(13, start, start, 1).value() == start + 3600);
  BOOST_TEST(next_attempt_after(1'000'000, start, start, 1).value()
             == start + 3600);
  // The day still ends the retries; a delay below 1 s is taken as 1 s.
  BOOST_TEST(!next_attempt_after(2, start, start + 86400, 1));
  BOOST_TEST(next_attempt_after(1, start, start, 0).value() == start + 1);
}

BOOST_AUTO_TEST_CASE(event_names_are_a_type_and_a_verb_or_wildcards) {
  for (auto name :
       {"*", "transaction.*", "transaction.created", "account.updated",
        "category.deleted", "tag.voided", "file.*"})
    BOOST_TEST(valid_event_name(name), name);
  for (auto name :
       {"", "transaction", "transaction.", ".created", "transactions.created",
        "transaction.archived", "Transaction.created", "transaction.created ",
        "*.created", "budget.created", "transaction.*.*"})
    BOOST_TEST(!valid_event_name(name), name);
}

BOOST_AUTO_TEST_CASE(addresses_refused_and_allowed) {
  struct row {
    const char* ip;
    bool allowed;
  };
  const row rows[] = {
    // IPv4: public
    {"8.8.8.8", true},
    {"1.1.1.1", true},
    {"93.184.216.34", true},
    {"100.63.255.255", true},
    {"100.128.0.0", true},
    {"172.15.255.255", true},
    {"172.32.0.0", true},
    {"192.0.1.1", true},
    {"192.169.0.1", true},
    {"198.17.255.255", true},
    {"198.20.0.0", true},
    {"223.255.255.255", true},
    {"169.253.255.255", true},
    {"11.0.0.1", true},
    // IPv4: refused
    {"0.0.0.0", false},
    {"0.1.2.3", false},
    {"10.0.0.1", false},
    {"10.255.255.255", false},
    {"100.64.0.1", false},
    {"100.127.255.255", false},
    {"127.0.0.1", false},
    {"127.255.255.254", false},
    {"169.254.169.254", false},
    {"172.16.0.1", false},
    {"172.31.255.255", false},
    {"192.0.0.8", false},
    {"192.168.1.1", false},
    {"198.18.0.1", false},
    {"198.19.255.255", false},
    {"224.0.0.1", false},
    {"239.255.255.250", false},
    {"240.0.0.1", false},
    {"255.255.255.255", false},
    // IPv6: public
    {"2001:4860:4860::8888", true},
    {"2606:4700:4700::1111", true},
    {"fbff::1", true},
    {"fec0::1", true},
    {"64:ff9b::808:808", true},  // NAT64 of 8.8.8.8
    {"::ffff:8.8.8.8", true},    // mapped 8.8.8.8
    {"::8.8.8.8", true},         // compatible 8.8.8.8
    {"64:ff9b:1::7f00:1", true}, // not the well-known /96
    {"2002:808:808::1", true},   // 6to4 of 8.8.8.8
    // Teredo: server 65.54.227.120, client 8.8.8.8 (inverted)
    {"2001:0:4136:e378:8000:63bf:f7f7:f7f7", true},
    // IPv6: refused
    {"::", false},
    {"::1", false},
    {"fc00::1", false},
    {"fdff:ffff::1", false},
    {"fe80::1", false},
    {"febf::1", false},
    {"ff02::1", false},
    {"ff0e::1", false},
    {"::ffff:127.0.0.1", false},
    {"::ffff:10.1.2.3", false},
    {"::ffff:169.254.169.254", false},
    {"::127.0.0.1", false},
    {"::192.168.0.1", false},
    {"64:ff9b::7f00:1", false}, // NAT64 of 127.0.0.1
    {"64:ff9b::a00:1", false},  // NAT64 of 10.0.0.1
    {"2002:7f00:1::1", false},  // 6to4 of 127.0.0.1
    {"2002:a00:1::", false},    // 6to4 of 10.0.0.1
    // Teredo with client 127.0.0.1, then with server 10.0.0.1
    {"2001:0:4136:e378:8000:63bf:80ff:fffe", false},
    {"2001:0:a00:1:8000:63bf:f7f7:f7f7", false},
  };
  for (const auto& r : rows) {
    BOOST_TEST(webhook_address_allowed(r.ip, false) == r.allowed, r.ip);
    BOOST_TEST(webhook_address_allowed(r.ip, true), r.ip);
  }
  // Not an address at all: refused either way.
  for (const char* text : {"", "localhost", "1.2.3", "[::1]", "::1%lo",
                           "1.2.3.4 ", "example.com"}) {
    BOOST_TEST(!webhook_address_allowed(text, false), text);
    BOOST_TEST(!webhook_address_allowed(text, true), text);
  }
}

BOOST_AUTO_TEST_CASE(socket_addresses_are_judged_alike) {
  sockaddr_storage s{};
  auto* in = reinterpret_cast<sockaddr_in*>(&s);
  in->sin_family = AF_INET;
  inet_pton(AF_INET, "127.0.0.1", &in->sin_addr);
  BOOST_TEST(!webhook_address_allowed(reinterpret_cast<sockaddr&>(s), false));
  BOOST_TEST(webhook_address_allowed(reinterpret_cast<sockaddr&>(s), true));
  inet_pton(AF_INET, "8.8.4.4", &in->sin_addr);
  BOOST_TEST(webhook_address_allowed(reinterpret_cast<sockaddr&>(s), false));

  s = {};
  auto* in6 = reinterpret_cast<sockaddr_in6*>(&s);
  in6->sin6_family = AF_INET6;
  inet_pton(AF_INET6, "::ffff:192.168.0.1", &in6->sin6_addr);
  BOOST_TEST(!webhook_address_allowed(reinterpret_cast<sockaddr&>(s), false));
  BOOST_TEST(webhook_address_allowed(reinterpret_cast<sockaddr&>(s), true));
  inet_pton(AF_INET6, "2001:db8::1", &in6->sin6_addr);
  BOOST_TEST(webhook_address_allowed(reinterpret_cast<sockaddr&>(s), false));

  s = {};
  s.ss_family = AF_UNIX;
  BOOST_TEST(!webhook_address_allowed(reinterpret_cast<sockaddr&>(s), true));
}

BOOST_AUTO_TEST_CASE(urls_are_taken_apart) {
  auto u = url_of("https://hooks.example.com/purse?x=1&y=2");
  BOOST_TEST(u.scheme == "https");
  BOOST_TEST(u.host == "hooks.example.com");
  BOOST_TEST(u.port == 443);
  BOOST_TEST(u.target == "/purse?x=1&y=2");

  u = url_of("https://hooks.example.com");
  BOOST_TEST(u.target == "/");
  BOOST_TEST(u.port == 443);

  u = url_of("https://[2001:db8::1]:8443/in");
  BOOST_TEST(u.host == "[2001:db8::1]");
  BOOST_TEST(u.port == 8443);
  BOOST_TEST(u.target == "/in");

  u = url_of("http://127.0.0.1:8080/hook", true);
  BOOST_TEST(u.scheme == "http");
  BOOST_TEST(u.host == "127.0.0.1");
  BOOST_TEST(u.port == 8080);

  u = url_of("http://example.com/", true);
  BOOST_TEST(u.port == 80);
  BOOST_TEST(url_of("HTTPS://example.com/").scheme == "https");
}

BOOST_AUTO_TEST_CASE(urls_refused_with_their_reasons) {
  const std::string https_only = "the URL must start with https://";
  const std::string bad_character
    = "the URL holds a space, a control character or a non-ASCII character "
      "(percent-encode them; write an international host name in its xn-- "
      "form)";
  BOOST_TEST(url_error("http://example.com/") == https_only);
  BOOST_TEST(url_error("ftp://example.com/") == https_only);
  BOOST_TEST(url_error("example.com/hook") == https_only);
  BOOST_TEST(url_error("ftp://example.com/", true)
             == "the URL must start with https:// or http://");
  BOOST_TEST(url_error("") == "the URL is empty");
  BOOST_TEST(url_error("https://user:pass@example.com/")
             == "the URL must not hold a user name or password (user:pass@)");
  BOOST_TEST(url_error("https://user@example.com/")
             == "the URL must not hold a user name or password (user:pass@)");
  BOOST_TEST(url_error("https://example.com/hook#frag")
             == "the URL must not have a fragment (#...)");
  BOOST_TEST(url_error("https:///hook") == "the URL has no host");
  BOOST_TEST(url_error("https://") == "the URL has no host");
  BOOST_TEST(url_error("https:/example.com/") == https_only);
  BOOST_TEST(url_error("https://example.com:99999/")
             == "the URL's port is not a number from 1 to 65535");
  BOOST_TEST(url_error("https://example.com/a b") == bad_character);
  BOOST_TEST(url_error("https://example.com/a\r\nX: y") == bad_character);
  BOOST_TEST(url_error("https://example.com/\x7f") == bad_character);
  BOOST_TEST(url_error("https://b\xc3\xbc"
                       "cher.example/")
             == bad_character);
  BOOST_TEST(url_error("https://xn--bcher-kva.example/") == "");
  BOOST_TEST(url_error("https://[::1/") != "");
  BOOST_TEST(url_error("https://[fe80::1%25eth0]/")
             == "the URL's host must not have a zone id (%...)");

  std::string longest = "https://example.com/";
  longest += std::string(max_url_length - longest.size(), 'a');
  BOOST_TEST(url_error(longest) == "");
  BOOST_TEST(url_error(longest + "a")
             == "the URL is longer than 2048 characters");
}

BOOST_AUTO_TEST_SUITE_END()
