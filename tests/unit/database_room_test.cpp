// SPDX-License-Identifier: GPL-2.0-or-later
// A server's default pool fits the room PostgreSQL has when it starts.

#include <vector>

#include <boost/test/unit_test.hpp>

#include "purse/actors/database_room.hpp"

using purse::database_room;
using purse::pool_within;

BOOST_AUTO_TEST_SUITE(database_room_suite)

BOOST_AUTO_TEST_CASE(a_roomy_database_takes_the_whole_default) {
  // PostgreSQL's defaults (100, 3 reserved), nothing else connected.
  BOOST_TEST(pool_within(24, database_room{100, 3, 1}) == 24u);
  BOOST_TEST(pool_within(64, database_room{400, 3, 1}) == 64u);
}

BOOST_AUTO_TEST_CASE(servers_started_one_after_another_stay_under_the_limit) {
  // 16-core machines (24 each) on PostgreSQL's default 100: each server
  // takes what is left beside its own other connections and a tenth of
  // max_connections, so their sum stays under it.
  std::int64_t in_use = 1;
  std::int64_t total = 0;
  std::vector<std::size_t> pools;
  for (int server = 0; server < 4; ++server) {
    auto pool = pool_within(24, database_room{100, 3, in_use});
    pools.push_back(pool);
    // The asking connection stays open: it is one of those beside.
    auto opened = static_cast<std::int64_t>(pool)
                  + purse::connections_beside_pool;
    in_use += opened;
    total += opened;
  }
  BOOST_TEST(pools[0] == 24u);
  BOOST_TEST(pools[1] == 24u);
  BOOST_TEST(pools[2] == 24u);
  // 1 + 3 × 29 = 88 in use: 100 − 3 − 88 − 4 − 10 leaves none; the floor.
  BOOST_TEST(pools[3] == 2u);
  // All four servers' connections fit beside the reserved ones.
  BOOST_TEST(total <= 100 - 3);
}

BOOST_AUTO_TEST_CASE(
  a_full_database_still_gets_the_floor_and_small_wants_stay) {
  BOOST_TEST(pool_within(8, database_room{20, 3, 19}) == 2u);
  BOOST_TEST(pool_within(1, database_room{20, 3, 19}) == 1u);
  BOOST_TEST(pool_within(8, database_room{200, 3, 150}) == 8u);
  // 200 − 3 − 185 − 4 − 20 < 2.
  BOOST_TEST(pool_within(8, database_room{200, 3, 185}) == 2u);
  // 100 − 3 − 70 − 4 − 10 = 13.
  BOOST_TEST(pool_within(24, database_room{100, 3, 70}) == 13u);
}

BOOST_AUTO_TEST_SUITE_END()
