// SPDX-License-Identifier: GPL-2.0-or-later
// Memory stays bounded: the actors of users and scopes seen once are
// stopped after the idle time, and the server's resident memory comes back
// down after 10,000 distinct keys each made one call.

#include <boost/test/unit_test.hpp>

#include <atomic>
#include <chrono>
#include <fstream>
#include <regex>
#include <thread>

#include "purse/actors/api_key.hpp"
#include "purse/actors/ids.hpp"
#include "purse/persistence/store.hpp"
#include "support/e2e.hpp"

using namespace purse;
using namespace purse::test;

namespace {

constexpr int distinct_users = 10'000;

/// Resident memory of a process in KiB (VmRSS).
long resident_kib(int pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmRSS:", 0) == 0)
      return std::stol(line.substr(6));
  return -1;
}

/// Creates users with one key each straight in the database (the CLI would
/// take minutes for 10,000) and returns their secrets.
std::vector<std::string> many_keys(int n) {
  persistence::store st({database_url(), 1});
  std::vector<std::string> secrets;
  auto now = std::chrono::duration_cast<std::chrono::seconds>(
               std::chrono::system_clock::now().time_since_epoch())
               .count();
  st.write([&](persistence::session& s) {
    for (int i = 0; i < n; ++i) {
      persistence::user_row u;
      u.id = new_id();
      u.email = "evict-" + u.id + "@example.test";
      u.name = "Evict";
      u.plan = "solo";
      u.currency_code = "USD";
      u.timezone = "UTC";
      u.created_at = now;
      s.insert(u);
      auto key = generate_api_key();
      persistence::api_key_row k;
      k.id = new_id();
      k.lookup_id = key.lookup_id;
      k.secret_hash = key.secret_hash;
      k.user_id = u.id;
      k.name = "evict";
      k.audience = "public-api";
      k.created_at = now;
      k.expires_at = now + 86400;
      s.insert(k);
      secrets.push_back(key.secret);
    }
  });
  return secrets;
}

/// What the server's "idle_actors_stopped" log lines add up to.
struct eviction_log {
  long users = 0;
  long scopes = 0;
  long users_left = -1;
  long scopes_left = -1;

  static eviction_log of(const std::string& log) {
    static const std::regex line{
      R"("event":"idle_actors_stopped".*"keys":(\d+),"scopes":(\d+),)"
      R"("keys_left":(\d+),"scopes_left":(\d+))"};
    eviction_log out;
    for (std::sregex_iterator i{log.begin(), log.end(), line}, end; i != end;
         ++i) {
      out.users += std::stol((*i)[1]);
      out.scopes += std::stol((*i)[2]);
      out.users_left = std::stol((*i)[3]);
      out.scopes_left = std::stol((*i)[4]);
    }
    return out;
  }
};

} // namespace

BOOST_AUTO_TEST_SUITE(eviction)

BOOST_AUTO_TEST_CASE(memory_returns_after_ten_thousand_users_go_idle) {
  server_process server({"--idle-timeout", "60"});
  http_client client{server.base_url()};
  auto keys = many_keys(distinct_users);
  // Warm up (pools, caches) with a few users, then take the baseline.
  for (int i = 0; i < 50; ++i)
    BOOST_REQUIRE(client.get(v1("/me/tags"), keys[i]).status == 200);
  auto baseline = resident_kib(server.pid());
  std::vector<std::thread> workers;
  std::atomic<int> failures{0};
  for (int t = 0; t < 4; ++t)
    workers.emplace_back([&, t] {
      http_client c{server.base_url()};
      for (int i = t; i < distinct_users; i += 4)
        if (c.get(v1("/me/tags"), keys[i]).status != 200)
          ++failures;
    });
  for (auto& w : workers)
    w.join();
  BOOST_REQUIRE(failures == 0);
  auto peak = resident_kib(server.pid());
  BOOST_TEST_MESSAGE("resident KiB: baseline " << baseline << ", after "
                                               << distinct_users << " users "
                                               << peak);
  // The idle time (60 s) plus a sweep interval (15 s) and some slack: wait
  // until the server says it stopped every user's actor.
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(150);
  eviction_log evicted;
  while (std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::seconds(3));
    evicted = eviction_log::of(server.log());
    if (evicted.users >= distinct_users && evicted.users_left == 0
        && evicted.scopes_left == 0)
      break;
  }
  BOOST_TEST(evicted.users >= distinct_users);
  BOOST_TEST(evicted.scopes >= distinct_users);
  BOOST_TEST(evicted.users_left == 0);
  BOOST_TEST(evicted.scopes_left == 0);
  // The next sweep (15 s later) hands the freed memory back.
  auto settled = resident_kib(server.pid());
  for (int i = 0; i < 15 && settled > baseline + 24 * 1024; ++i) {
    std::this_thread::sleep_for(std::chrono::seconds(3));
    settled = resident_kib(server.pid());
  }
  BOOST_TEST_MESSAGE("resident KiB after the idle time: " << settled);
#if defined(__SANITIZE_ADDRESS__)
  // AddressSanitizer quarantines freed memory and its allocator hands
  // little back to the system, so resident memory says nothing about
  // eviction in a sanitizer build; the release build of the same suite
  // (deploy/test.sh) checks it.
  BOOST_TEST_MESSAGE("resident memory bound not checked under ASan");
#else
  // Bounded: what stays (allocator caches, connection buffers) is far less
  // than what 10,000 users' actors took (about 56 MiB here).
  BOOST_TEST(peak > baseline); // the users did cost memory while active
  BOOST_TEST(settled <= baseline + 24 * 1024);
  BOOST_TEST(settled - baseline <= (peak - baseline) / 2);
#endif
  // And the server still serves them (state reloads on next use).
  BOOST_TEST(client.get(v1("/me/tags"), keys[7]).status == 200);
}

BOOST_AUTO_TEST_SUITE_END()
