// SPDX-License-Identifier: GPL-2.0-or-later
// The webhook sender against real servers on 127.0.0.1 (plain HTTP and
// TLS with a CA made for the test): what arrives, what counts as
// delivered, timeouts, redirects, and the URL and address policy applied
// before any connection.

#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>

#include <boost/test/unit_test.hpp>

#include "support/https_receiver.hpp"
#include "webhook_rules.hpp"
#include "webhook_sender.hpp"

using namespace purse::webhooks;
using namespace std::chrono_literals;

namespace {

using purse::test::https_receiver;
using purse::test::test_ca;

sender_options local_plain() {
  sender_options o;
  o.allow_http = true;
  o.allow_private = true;
  o.timeout = 5s;
  o.user_agent = "Purse-Webhooks-Test";
  return o;
}

const std::string secret = "whsec_00112233445566778899aabbccddeeff";
const std::string body = R"({"id":"evt_01","type":"transaction.created"})";
constexpr std::int64_t now = 1'700'000'123;

} // namespace

BOOST_AUTO_TEST_SUITE(webhook_sender_tests)

BOOST_AUTO_TEST_CASE(a_delivery_arrives_signed) {
  https_receiver server(204);
  webhook_sender sender(local_plain());
  auto r = sender.send(server.url("127.0.0.1", "/in?x=1"), "evt_01", body,
                       secret, now);
  BOOST_TEST(r.delivered);
  BOOST_TEST(r.status_code == 204);
  BOOST_TEST(r.error == "");
  auto got = server.requests();
  BOOST_TEST_REQUIRE(got.size() == 1u);
  const auto& req = got[0];
  BOOST_TEST(req.method == "POST");
  BOOST_TEST(req.target == "/in?x=1");
  BOOST_TEST(req.body == body);
  BOOST_TEST(req.headers.at("content-type") == "application/json");
  BOOST_TEST(req.headers.at("purse-event-id") == "evt_01");
  BOOST_TEST(req.headers.at("user-agent") == "Purse-Webhooks-Test");
  BOOST_TEST(req.headers.count("expect") == 0u);
  // The receiver's check: t, then v1 = HMAC-SHA256(secret, "<t>.<body>").
  const auto& sig = req.headers.at("purse-signature");
  auto comma = sig.find(",v1=");
  BOOST_TEST_REQUIRE(sig.rfind("t=", 0) == 0);
  BOOST_TEST_REQUIRE(comma != std::string::npos);
  BOOST_TEST(sig.substr(2, comma - 2) == std::to_string(now));
  auto mac = hmac_sha256(secret, std::to_string(now) + "." + req.body);
  std::string hex;
  for (auto b : mac) {
    hex += "0123456789abcdef"[b >> 4];
    hex += "0123456789abcdef"[b & 15];
  }
  BOOST_TEST(sig.substr(comma + 4) == hex);
}

BOOST_AUTO_TEST_CASE(a_host_name_is_resolved_and_delivered_to) {
  https_receiver server(200);
  webhook_sender sender(local_plain());
  auto r = sender.send(server.url("localhost", "/"), "evt_02", body, secret,
                       now);
  BOOST_TEST(r.delivered, r.error);
  BOOST_TEST(server.requests().size() == 1u);
}

BOOST_AUTO_TEST_CASE(a_server_error_is_not_delivered) {
  https_receiver server(500);
  webhook_sender sender(local_plain());
  auto r = sender.send(server.url("127.0.0.1", "/"), "evt_03", body, secret,
                       now);
  BOOST_TEST(!r.delivered);
  BOOST_TEST(r.status_code == 500);
  BOOST_TEST(r.error == "the endpoint answered 500");
  BOOST_TEST(server.requests().size() == 1u);
}

BOOST_AUTO_TEST_CASE(a_redirect_is_not_followed) {
  https_receiver server(302);
  auto elsewhere = server.url("127.0.0.1", "/elsewhere");
  https_receiver redirecting(302, "Location: " + elsewhere + "\r\n");
  webhook_sender sender(local_plain());
  auto r = sender.send(redirecting.url("127.0.0.1", "/in"), "evt_04", body,
                       secret, now);
  BOOST_TEST(!r.delivered);
  BOOST_TEST(r.status_code == 302);
  BOOST_TEST(r.error
             == "the endpoint answered 302 (redirects are not followed)");
  BOOST_TEST(redirecting.requests().size() == 1u);
  BOOST_TEST(server.connections() == 0);
}

BOOST_AUTO_TEST_CASE(a_silent_server_times_out) {
  https_receiver server(0);
  auto options = local_plain();
  options.timeout = 1s;
  webhook_sender sender(options);
  auto start = std::chrono::steady_clock::now();
  auto r = sender.send(server.url("127.0.0.1", "/"), "evt_05", body, secret,
                       now);
  auto took_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::steady_clock::now() - start)
                   .count();
  BOOST_TEST(!r.delivered);
  BOOST_TEST(r.status_code == 0);
  BOOST_TEST(r.error.find("timed out") != std::string::npos, r.error);
  BOOST_TEST(took_ms >= 900);
  BOOST_TEST(took_ms < 4000);
  BOOST_TEST(server.requests().size() == 1u); // it did arrive, unanswered
}

BOOST_AUTO_TEST_CASE(each_attempt_gets_its_own_answer) {
  // The receiver's queue (as the end-to-end retry tests use it): 500, no
  // answer at all, then its default.
  https_receiver server(200);
  server.queue_answers({500, 0});
  auto options = local_plain();
  options.timeout = 1s;
  webhook_sender sender(options);
  auto url = server.url("127.0.0.1", "/retry");
  auto first = sender.send(url, "evt_11", body, secret, now);
  auto second = sender.send(url, "evt_11", body, secret, now + 1);
  auto third = sender.send(url, "evt_11", body, secret, now + 2);
  BOOST_TEST(!first.delivered);
  BOOST_TEST(first.status_code == 500);
  BOOST_TEST(!second.delivered);
  BOOST_TEST(second.status_code == 0);
  BOOST_TEST(second.error.find("timed out") != std::string::npos, second.error);
  BOOST_TEST(third.delivered, third.error);
  BOOST_TEST(third.status_code == 200);
  auto got = server.requests();
  BOOST_TEST_REQUIRE(got.size() == 3u);
  BOOST_TEST(got[0].answered == 500);
  BOOST_TEST(got[1].answered == 0);
  BOOST_TEST(got[2].answered == 200);
  BOOST_TEST((got[0].arrived <= got[1].arrived));
  BOOST_TEST((got[1].arrived <= got[2].arrived));
  for (const auto& r : got)
    BOOST_TEST(r.headers.at("purse-event-id") == "evt_11");
}

BOOST_AUTO_TEST_CASE(private_addresses_are_refused_before_connecting) {
  https_receiver server(200);
  auto options = local_plain();
  options.allow_private = false;
  webhook_sender sender(options);
  for (const char* host : {"127.0.0.1", "localhost"}) {
    auto r = sender.send(server.url(host, "/"), "evt_06", body, secret, now);
    BOOST_TEST(!r.delivered);
    BOOST_TEST(r.status_code == 0);
    BOOST_TEST(r.error.find("an address webhooks may not reach")
                 != std::string::npos,
               r.error);
  }
  std::this_thread::sleep_for(100ms);
  BOOST_TEST(server.connections() == 0);
}

BOOST_AUTO_TEST_CASE(http_is_refused_unless_allowed) {
  https_receiver server(200);
  auto options = local_plain();
  options.allow_http = false;
  webhook_sender sender(options);
  auto r = sender.send(server.url("127.0.0.1", "/"), "evt_07", body, secret,
                       now);
  BOOST_TEST(!r.delivered);
  BOOST_TEST(r.error == "refused URL: the URL must start with https://");
  std::this_thread::sleep_for(100ms);
  BOOST_TEST(server.connections() == 0);
}

BOOST_AUTO_TEST_CASE(errors_never_hold_the_secret) {
  https_receiver server(500);
  webhook_sender sender(local_plain());
  for (auto url : {server.url("127.0.0.1", "/"),
                   std::string("https://user:pw@example.com/"),
                   std::string("http://127.0.0.1:1/")}) {
    auto r = sender.send(url, "evt_08", body, secret, now);
    BOOST_TEST(!r.delivered);
    BOOST_TEST(!r.error.empty());
    BOOST_TEST(r.error.find(secret) == std::string::npos, r.error);
  }
}

BOOST_AUTO_TEST_CASE(tls_with_the_extra_ca_is_delivered) {
  test_ca pki;
  https_receiver server(pki, 200);
  sender_options options;
  options.allow_private = true; // https only
  options.timeout = 5s;
  options.extra_ca_file = pki.ca_file();
  webhook_sender sender(options);
  for (const char* host : {"127.0.0.1", "localhost"}) {
    auto r = sender.send(server.url(host, "/tls"), "evt_09", body, secret, now);
    BOOST_TEST(r.delivered, host << ": " << r.error);
    BOOST_TEST(r.status_code == 200);
  }
  auto got = server.requests();
  BOOST_TEST_REQUIRE(got.size() == 2u);
  BOOST_TEST(got[0].body == body);
  BOOST_TEST(got[0].headers.at("purse-signature")
             == webhook_signature(secret, now, body));
}

BOOST_AUTO_TEST_CASE(tls_without_the_ca_fails_on_the_certificate) {
  test_ca pki;
  https_receiver server(pki, 200);
  sender_options options;
  options.allow_private = true;
  options.timeout = 5s;
  webhook_sender sender(options);
  auto r = sender.send(server.url("127.0.0.1", "/tls"), "evt_10", body, secret,
                       now);
  BOOST_TEST(!r.delivered);
  BOOST_TEST(r.status_code == 0);
  BOOST_TEST(r.error.find("certificate") != std::string::npos, r.error);
  BOOST_TEST(server.requests().empty());
}

BOOST_AUTO_TEST_CASE(a_ca_file_without_certificates_is_refused) {
  test_ca pki;
  sender_options options;
  options.extra_ca_file = pki.key_file(); // a key, not a certificate
  BOOST_CHECK_THROW(webhook_sender{options}, std::runtime_error);
  options.extra_ca_file = pki.dir() + "/missing.pem";
  BOOST_CHECK_THROW(webhook_sender{options}, std::runtime_error);
}

BOOST_AUTO_TEST_SUITE_END()
