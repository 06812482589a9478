// SPDX-License-Identifier: GPL-2.0-or-later
// What connections are counted by, and the cap on open connections as the
// acceptor applies it: an accept that made no connection (a peer that
// reset before it was looked at) is never counted past the next accept on
// its slot.

#include <vector>

#include <boost/test/unit_test.hpp>

#include "accept_limiter.hpp"
#include "client_address.hpp"
#include "connection_guard.hpp"

using namespace purse::http;

namespace {

/// Records what the limiter asks of the acceptor.
struct recording_acceptor final
  : restinio::connection_count_limits::impl::acceptor_callback_iface_t {
  std::vector<std::size_t> accepted;
  std::vector<std::size_t> scheduled;
  void call_accept_now(std::size_t slot) noexcept override {
    accepted.push_back(slot);
  }
  void schedule_next_accept_attempt(std::size_t slot) noexcept override {
    scheduled.push_back(slot);
  }
};

} // namespace

BOOST_AUTO_TEST_SUITE(connection_limits)

BOOST_AUTO_TEST_CASE(accepts_that_made_no_connection_are_not_counted) {
  recording_acceptor a;
  accept_limiter limiter{
    &a, restinio::connection_count_limits::max_parallel_connections_t{2},
    restinio::connection_count_limits::max_active_accepts_t{1}};
  // Thousands of accepts whose peers were gone before a connection was
  // made: the acceptor asks for the next accept on the slot each time.
  for (int i = 0; i < 5000; ++i)
    limiter.accept_next(0);
  BOOST_TEST(a.accepted.size() == 5000u);
  // Two real connections fill the cap; the slot waits...
  limiter.increment_parallel_connections();
  limiter.accept_next(0);
  limiter.increment_parallel_connections();
  limiter.accept_next(0);
  BOOST_TEST(a.accepted.size() == 5001u);
  BOOST_TEST(limiter.connections() == 2u);
  // ...until one of them ends.
  limiter.decrement_parallel_connections();
  BOOST_TEST(a.scheduled == std::vector<std::size_t>{0});
  limiter.accept_next(0);
  BOOST_TEST(a.accepted.size() == 5002u);
}

BOOST_AUTO_TEST_CASE(ipv6_clients_are_counted_by_their_slash_64) {
  auto group = [](const char* text) {
    return address_group(asio::ip::make_address(text));
  };
  BOOST_TEST(group("2001:db8:1:2:aaaa::1") == "2001:db8:1:2::/64");
  BOOST_TEST(group("2001:db8:1:2:ffff:1:2:3") == group("2001:db8:1:2::9"));
  BOOST_TEST(group("2001:db8:1:3::1") != group("2001:db8:1:2::1"));
  BOOST_TEST(group("203.0.113.7") == "203.0.113.7");
  BOOST_TEST(group("::ffff:203.0.113.7") == "203.0.113.7");
}

BOOST_AUTO_TEST_CASE(past_the_cap_as_many_again_are_answered_then_refused) {
  trusted_proxies none;
  guard_limits limits;
  limits.max_per_address = 2;
  connection_guard guard{limits, none, gate_rules{}};
  using verdict = connection_guard::admission::verdict;
  std::vector<connection_guard::admission> held;
  auto from = [](const char* text) {
    return asio::ip::make_address(text);
  };
  for (auto expected : {verdict::serve, verdict::serve, verdict::answer_busy,
                        verdict::answer_busy, verdict::refuse}) {
    held.push_back(guard.admit(from("2001:db8::1")));
    BOOST_TEST((held.back().what == expected));
  }
  // Another host of the same /64 shares the count; another /64 does not.
  BOOST_TEST((guard.admit(from("2001:db8::2:3")).what == verdict::refuse));
  BOOST_TEST((guard.admit(from("2001:db8:0:1::1")).what == verdict::serve));
  // A slot given back is a slot again.
  held.erase(held.begin());
  BOOST_TEST((guard.admit(from("2001:db8::1")).what == verdict::serve));
}

BOOST_AUTO_TEST_CASE(the_forwarded_scheme_is_the_nearest_proxys) {
  BOOST_TEST(forwarded_proto("", "https") == "https");
  BOOST_TEST(forwarded_proto("", "http, HTTPS") == "https");
  BOOST_TEST(forwarded_proto("for=1.2.3.4;proto=https", "http") == "https");
  BOOST_TEST(forwarded_proto("proto=https, for=5.6.7.8;proto=http", "")
             == "http");
  BOOST_TEST(forwarded_proto("for=1.2.3.4;proto=\"https\"", "") == "https");
  BOOST_TEST(forwarded_proto("", "").empty());
}

BOOST_AUTO_TEST_SUITE_END()
