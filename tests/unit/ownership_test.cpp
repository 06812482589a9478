// SPDX-License-Identifier: GPL-2.0-or-later
// Rendezvous ownership: the same owner whatever the order of the members,
// keys spread evenly, and a membership change moves only what it must.

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "purse/cluster/ownership.hpp"

using namespace purse;

namespace {

std::vector<std::string> keys(int n) {
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i)
    out.push_back("scope-" + std::to_string(i));
  return out;
}

std::map<std::string, std::string>
owners(const std::vector<std::string>& ks,
       const std::vector<std::string>& members) {
  std::map<std::string, std::string> out;
  for (auto& k : ks)
    out[k] = owner_of(k, members);
  return out;
}

} // namespace

BOOST_AUTO_TEST_SUITE(ownership)

BOOST_AUTO_TEST_CASE(no_members_no_owner) {
  BOOST_TEST(owner_of("scope", {}).empty());
  BOOST_TEST(owner_of("scope", {"a"}) == "a");
}

BOOST_AUTO_TEST_CASE(the_weight_is_stable_and_separates_node_from_key) {
  // Fixed values: a build or machine that computes another weight would
  // disagree with the others about every owner.
  BOOST_TEST(ownership_weight("node-a", "scope-1")
             == ownership_weight("node-a", "scope-1"));
  BOOST_TEST(ownership_weight("node-a", "scope-1")
             != ownership_weight("node-b", "scope-1"));
  // ("ab", "c") and ("a", "bc") are different pairs.
  BOOST_TEST(ownership_weight("ab", "c") != ownership_weight("a", "bc"));
  // SHA-256 of "a", NUL, "b" begins with these 8 bytes (openssl dgst).
  BOOST_TEST(ownership_weight("a", "b") == 0x59b271ae1bbcb1d3ULL);
}

BOOST_AUTO_TEST_CASE(every_order_of_members_gives_the_same_owner) {
  std::vector<std::string> members{"n1", "n2", "n3", "n4"};
  auto ks = keys(500);
  auto first = owners(ks, members);
  std::sort(members.begin(), members.end());
  do {
    BOOST_TEST((owners(ks, members) == first));
  } while (std::next_permutation(members.begin(), members.end()));
}

BOOST_AUTO_TEST_CASE(keys_spread_evenly) {
  std::vector<std::string> members{"node-1", "node-2", "node-3"};
  std::map<std::string, int> count;
  for (auto& [k, owner] : owners(keys(30000), members))
    ++count[owner];
  BOOST_TEST(count.size() == 3u);
  for (auto& [node, n] : count)
    BOOST_TEST((n > 9000 && n < 11000), node << " owns " << n);
}

BOOST_AUTO_TEST_CASE(a_change_moves_only_what_it_must) {
  auto ks = keys(20000);
  std::vector<std::string> three{"node-1", "node-2", "node-3"};
  std::vector<std::string> two{"node-1", "node-3"};
  std::vector<std::string> four{"node-1", "node-2", "node-3", "node-4"};
  auto before = owners(ks, three);
  // node-2 leaves: only its keys move.
  int moved = 0;
  for (auto& [k, owner] : owners(ks, two)) {
    if (owner != before[k]) {
      BOOST_TEST(before[k] == "node-2");
      ++moved;
    } else {
      BOOST_TEST(owner != "node-2");
    }
  }
  BOOST_TEST(moved > 0);
  // node-4 joins: only keys that go to node-4 move, about a quarter.
  moved = 0;
  for (auto& [k, owner] : owners(ks, four))
    if (owner != before[k]) {
      BOOST_TEST(owner == "node-4");
      ++moved;
    }
  BOOST_TEST((moved > 4000 && moved < 6000), moved << " moved");
}

BOOST_AUTO_TEST_SUITE_END()
