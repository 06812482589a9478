// SPDX-License-Identifier: GPL-2.0-or-later
// Ids: UUIDv7 (RFC 9562) text, its version and variant bits, time order,
// and the canonical-UUID check used on path parameters.

#include <chrono>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "purse/actors/ids.hpp"

using namespace purse;

namespace {

std::int64_t unix_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch())
    .count();
}

/// The 48-bit millisecond in the first 12 hex digits of a UUIDv7.
std::int64_t ms_of(const std::string& id) {
  return static_cast<std::int64_t>(
    std::stoull(id.substr(0, 8) + id.substr(9, 4), nullptr, 16));
}

} // namespace

BOOST_AUTO_TEST_SUITE(ids)

BOOST_AUTO_TEST_CASE(a_new_id_is_a_canonical_lower_case_uuid) {
  auto id = new_id();
  BOOST_TEST(id.size() == 36u);
  BOOST_TEST(is_uuid(id));
  BOOST_TEST(id.find_first_not_of("0123456789abcdef-") == std::string::npos);
  for (std::size_t i : {8u, 13u, 18u, 23u})
    BOOST_TEST(id[i] == '-');
}

BOOST_AUTO_TEST_CASE(every_id_carries_version_7_and_the_rfc_variant) {
  for (int i = 0; i < 1000; ++i) {
    auto id = new_id();
    BOOST_TEST_REQUIRE(id[14] == '7', id);
    // Variant 10xx: the first hex digit of the fourth group is 8 to b.
    BOOST_TEST_REQUIRE(
      (id[19] == '8' || id[19] == '9' || id[19] == 'a' || id[19] == 'b'), id);
  }
}

BOOST_AUTO_TEST_CASE(the_first_48_bits_are_the_unix_millisecond) {
  auto before = unix_ms();
  auto id = new_id();
  auto after = unix_ms();
  // Ids would only run ahead of the clock after 2^41 in one millisecond.
  BOOST_TEST(ms_of(id) >= before);
  BOOST_TEST(ms_of(id) <= after);
}

BOOST_AUTO_TEST_CASE(successive_ids_strictly_increase_within_a_millisecond) {
  // Tens of thousands of ids: most share their millisecond with others.
  auto previous = new_id();
  for (int i = 0; i < 20'000; ++i) {
    auto next = new_id();
    BOOST_TEST_REQUIRE(next > previous, previous << " then " << next);
    previous = next;
  }
}

BOOST_AUTO_TEST_CASE(ids_minted_milliseconds_apart_order_by_time_prefix) {
  auto a = new_id();
  std::this_thread::sleep_for(std::chrono::milliseconds(3));
  auto b = new_id();
  BOOST_TEST(ms_of(b) > ms_of(a));
  BOOST_TEST(b.substr(0, 13) > a.substr(0, 13));
}

BOOST_AUTO_TEST_CASE(ids_from_several_threads_are_unique_and_ordered) {
  constexpr int threads = 4;
  constexpr int per_thread = 5'000;
  std::vector<std::vector<std::string>> minted(threads);
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t)
    workers.emplace_back([&minted, t] {
      for (int i = 0; i < per_thread; ++i)
        minted[static_cast<std::size_t>(t)].push_back(new_id());
    });
  for (auto& w : workers)
    w.join();
  std::set<std::string> all;
  for (auto& ids : minted) {
    for (std::size_t i = 1; i < ids.size(); ++i)
      BOOST_TEST_REQUIRE(ids[i] > ids[i - 1]);
    all.insert(ids.begin(), ids.end());
  }
  BOOST_TEST(all.size() == static_cast<std::size_t>(threads * per_thread));
}

BOOST_AUTO_TEST_CASE(the_random_bits_differ_between_ids) {
  // Same millisecond or not, the 74 bits after the time never repeat, and
  // the last 12 hex digits vary rather than count up by one.
  std::set<std::string> tails;
  for (int i = 0; i < 1000; ++i)
    tails.insert(new_id().substr(24));
  BOOST_TEST(tails.size() == 1000u);
}

BOOST_AUTO_TEST_CASE(canonical_uuids_of_any_case_are_accepted) {
  BOOST_TEST(is_uuid("01936f3e-8b2a-7c3d-9e4f-0123456789ab"));
  BOOST_TEST(is_uuid("01936F3E-8B2A-7C3D-9E4F-0123456789AB"));
  BOOST_TEST(is_uuid("01936f3E-8B2a-7c3D-9e4F-0123456789aB"));
  BOOST_TEST(is_uuid("00000000-0000-0000-0000-000000000000"));
  BOOST_TEST(is_uuid("550e8400-e29b-41d4-a716-446655440000")); // version 4
}

BOOST_AUTO_TEST_CASE(anything_else_is_not_a_uuid) {
  for (std::string_view bad :
       {"", "nope", "01936f3e-8b2a-7c3d-9e4f-0123456789a",
        "01936f3e-8b2a-7c3d-9e4f-0123456789abc",
        "01936f3e8b2a7c3d9e4f0123456789ab",
        "01936f3e-8b2a-7c3d-9e4f0-123456789ab",
        "01936f3ex8b2a-7c3d-9e4f-0123456789ab",
        "01936f3e-8b2a-7c3d-9e4f-0123456789ag",
        "g1936f3e-8b2a-7c3d-9e4f-0123456789ab",
        "{01936f3e-8b2a-7c3d-9e4f-0123456789ab}",
        "urn:uuid:01936f3e-8b2a-7c3d-9e4f-0123456789ab",
        " 1936f3e-8b2a-7c3d-9e4f-0123456789ab",
        "01936f3e-8b2a-7c3d-9e4f-0123456789a ",
        "------------------------------------",
        "../../../../../../../../etc/passwd00"})
    BOOST_TEST(!is_uuid(bad), '"' << bad << '"');
}

BOOST_AUTO_TEST_SUITE_END()
