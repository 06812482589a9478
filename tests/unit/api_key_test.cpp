// SPDX-License-Identifier: GPL-2.0-or-later
// API key tokens: shape, CSPRNG uniqueness, CRC32 checksum, SHA-256 hash
// and the offline checks a presented bearer token must pass.

#include <cstdint>
#include <set>
#include <string>
#include <string_view>

#include <boost/test/unit_test.hpp>

#include "purse/actors/api_key.hpp"
#include "purse/actors/placement_tag.hpp"

using namespace purse;

namespace {

constexpr std::string_view base62
  = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

// An independent bitwise CRC32 (reflected, polynomial 0xEDB88320), so the
// tests pin the token format rather than echo the implementation.
std::uint32_t crc32(std::string_view data) {
  std::uint32_t crc = 0xFFFFFFFFu;
  for (unsigned char c : data) {
    crc ^= c;
    for (int k = 0; k < 8; ++k)
      crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

std::string checksum_of(std::string_view head) {
  auto v = crc32(head);
  std::string out(6, '0');
  for (int i = 5; i >= 0; --i) {
    out[static_cast<std::size_t>(i)] = base62[v % 62];
    v /= 62;
  }
  return out;
}

/// `head` with a correct checksum appended: passes the checksum, so only
/// the other checks can refuse it.
std::string with_checksum(std::string head) {
  return head + checksum_of(head);
}

bool all_base62(std::string_view s) {
  return s.find_first_not_of(base62) == std::string_view::npos;
}

} // namespace

BOOST_AUTO_TEST_SUITE(api_keys)

BOOST_AUTO_TEST_CASE(the_reference_crc32_matches_the_standard_check_value) {
  BOOST_TEST(crc32("123456789") == 0xCBF43926u);
}

BOOST_AUTO_TEST_CASE(a_users_key_carries_the_placement_tag_of_the_users_scope) {
  // Fixed values: a build that computed another tag would place keys and
  // scopes where the other nodes and the proxy's routing do not look.
  BOOST_TEST(scope_tag("a") == "hbO");
  BOOST_TEST(scope_tag("01a207ed-0000-7000-8000-000000000000") == "QzU");
  auto user = std::string{"01a207ed-0000-7000-8000-000000000000"};
  auto first = generate_api_key(user);
  auto second = generate_api_key(user);
  BOOST_TEST(key_tag(first.lookup_id) == "QzU");
  BOOST_TEST(key_tag(second.lookup_id) == "QzU");
  // The rest stays random: two keys of one user differ.
  BOOST_TEST(first.lookup_id.size() == 12u);
  BOOST_TEST(first.lookup_id != second.lookup_id);
  BOOST_TEST(all_base62(first.lookup_id));
  BOOST_TEST(parse_api_key(first.secret).has_value());
}

BOOST_AUTO_TEST_CASE(a_generated_key_has_the_documented_shape) {
  auto k = generate_api_key();
  const auto& s = k.secret;
  BOOST_TEST(s.size() == 68u);
  BOOST_TEST(s.substr(0, 6) == "purse_");
  BOOST_TEST(s.substr(6, 12) == k.lookup_id);
  BOOST_TEST(s[18] == '_');
  BOOST_TEST(k.lookup_id.size() == 12u);
  BOOST_TEST(all_base62(k.lookup_id));
  BOOST_TEST(all_base62(s.substr(19))); // 43 body + 6 checksum
  BOOST_TEST(k.secret_hash.size() == 64u);
  BOOST_TEST(k.secret_hash.find_first_not_of("0123456789abcdef")
             == std::string::npos);
  BOOST_TEST(k.secret_hash == hash_secret(s));
}

BOOST_AUTO_TEST_CASE(the_checksum_is_crc32_of_everything_before_it) {
  for (int i = 0; i < 50; ++i) {
    auto s = generate_api_key().secret;
    BOOST_TEST(s.substr(62) == checksum_of(s.substr(0, 62)), s);
  }
}

BOOST_AUTO_TEST_CASE(the_body_encodes_32_random_bytes) {
  // 2^256 in base62 is 43 digits starting with 'y' (60): a body encoding
  // 32 bytes never starts with 'z', and over many keys the leading digit
  // spreads out instead of sticking to one value.
  std::set<char> leading;
  for (int i = 0; i < 200; ++i) {
    auto body = generate_api_key().secret.substr(19, 43);
    BOOST_TEST(body.front() != 'z');
    leading.insert(body.front());
  }
  BOOST_TEST(leading.size() > 20u);
}

BOOST_AUTO_TEST_CASE(a_generated_key_parses_back_to_its_lookup_and_hash) {
  auto k = generate_api_key();
  auto p = parse_api_key(k.secret);
  BOOST_REQUIRE(p);
  BOOST_TEST(p->lookup_id == k.lookup_id);
  BOOST_TEST(p->secret_hash == k.secret_hash);
}

BOOST_AUTO_TEST_CASE(a_well_formed_token_is_accepted_offline) {
  auto token = with_checksum("purse_ABCDEFabcdef_" + std::string(43, '7'));
  auto p = parse_api_key(token);
  BOOST_REQUIRE(p);
  BOOST_TEST(p->lookup_id == "ABCDEFabcdef");
  BOOST_TEST(p->secret_hash == hash_secret(token));
}

BOOST_AUTO_TEST_CASE(keys_are_unique) {
  std::set<std::string> secrets;
  std::set<std::string> lookups;
  std::set<std::string> hashes;
  for (int i = 0; i < 2000; ++i) {
    auto k = generate_api_key();
    secrets.insert(k.secret);
    lookups.insert(k.lookup_id);
    hashes.insert(k.secret_hash);
  }
  BOOST_TEST(secrets.size() == 2000u);
  BOOST_TEST(lookups.size() == 2000u);
  BOOST_TEST(hashes.size() == 2000u);
}

BOOST_AUTO_TEST_CASE(the_checksum_catches_any_single_changed_character) {
  auto k = generate_api_key();
  BOOST_REQUIRE(parse_api_key(k.secret));
  for (std::size_t i = 6; i < k.secret.size(); ++i) {
    if (i == 18)
      continue; // the separator; a changed one fails the shape check
    for (char c : base62) {
      if (c == k.secret[i])
        continue;
      auto typo = k.secret;
      typo[i] = c;
      BOOST_TEST_REQUIRE(!parse_api_key(typo), "position " << i << " as " << c);
    }
  }
}

BOOST_AUTO_TEST_CASE(the_checksum_catches_swapped_neighbours) {
  auto k = generate_api_key();
  for (std::size_t i = 6; i + 1 < 62; ++i) {
    auto swapped = k.secret;
    std::swap(swapped[i], swapped[i + 1]);
    if (swapped != k.secret)
      BOOST_TEST(!parse_api_key(swapped), "positions " << i);
  }
}

BOOST_AUTO_TEST_CASE(a_wrong_prefix_is_refused_even_with_a_valid_checksum) {
  auto body = "ABCDEFabcdef_" + std::string(43, '7');
  BOOST_REQUIRE(parse_api_key(with_checksum("purse_" + body)));
  for (std::string prefix :
       {"Purse_", "PURSE_", "pursf_", "purse-", "xpurse", "ghp_xx"})
    BOOST_TEST(!parse_api_key(with_checksum(prefix + body)), prefix);
  auto k = generate_api_key();
  BOOST_TEST(!parse_api_key("Bearer " + k.secret));
}

BOOST_AUTO_TEST_CASE(a_wrong_length_is_refused_even_with_a_valid_checksum) {
  auto k = generate_api_key();
  BOOST_TEST(!parse_api_key(""));
  BOOST_TEST(!parse_api_key("purse_"));
  BOOST_TEST(!parse_api_key(k.secret.substr(0, 67)));
  BOOST_TEST(!parse_api_key(k.secret.substr(1)));
  BOOST_TEST(!parse_api_key(k.secret + "a"));
  BOOST_TEST(!parse_api_key(k.secret + " "));
  BOOST_TEST(!parse_api_key(k.secret + k.secret));
  auto head = k.secret.substr(0, 62);
  BOOST_TEST(!parse_api_key(with_checksum(head + "A")));
  BOOST_TEST(!parse_api_key(with_checksum(head.substr(0, 61))));
  // Lookup id one longer, body one shorter: the total length is right.
  BOOST_TEST(!parse_api_key(
    with_checksum("purse_ABCDEFabcdefg_" + std::string(42, '7'))));
}

BOOST_AUTO_TEST_CASE(characters_outside_base62_are_refused) {
  auto lookup = std::string{"ABCDEFabcdef"};
  auto body = std::string(43, '7');
  BOOST_REQUIRE(parse_api_key(with_checksum("purse_" + lookup + "_" + body)));
  for (char bad : {'-', '_', '+', '/', '=', ' ', '.', '\0', '\x80'}) {
    auto b = body;
    b[20] = bad;
    BOOST_TEST(!parse_api_key(with_checksum("purse_" + lookup + "_" + b)));
    auto l = lookup;
    l[3] = bad;
    BOOST_TEST(!parse_api_key(with_checksum("purse_" + l + "_" + body)));
    // In place of the separator.
    if (bad != '_')
      BOOST_TEST(!parse_api_key(with_checksum("purse_" + lookup + bad + body)));
  }
  auto k = generate_api_key();
  auto in_checksum = k.secret;
  in_checksum[65] = '-';
  BOOST_TEST(!parse_api_key(in_checksum));
}

BOOST_AUTO_TEST_CASE(the_hash_is_lower_case_hex_sha256_of_the_whole_token) {
  BOOST_TEST(hash_secret("")
             == "e3b0c44298fc1c149afbf4c8996fb924"
                "27ae41e4649b934ca495991b7852b855");
  BOOST_TEST(hash_secret("abc")
             == "ba7816bf8f01cfea414140de5dae2223"
                "b00361a396177a9cb410ff61f20015ad");
  auto k = generate_api_key();
  BOOST_TEST(hash_secret(k.secret) != hash_secret(k.secret.substr(0, 67)));
  BOOST_TEST(hash_secret(k.secret) != hash_secret(k.lookup_id));
}

BOOST_AUTO_TEST_CASE(constant_time_equality_is_plain_equality) {
  BOOST_TEST(constant_time_equal("abc", "abc"));
  BOOST_TEST(constant_time_equal("", ""));
  BOOST_TEST(!constant_time_equal("abc", "xbc"));
  BOOST_TEST(!constant_time_equal("abc", "abx"));
  BOOST_TEST(!constant_time_equal("abc", "abcd"));
  BOOST_TEST(!constant_time_equal("abcd", "abc"));
  BOOST_TEST(!constant_time_equal("", "a"));
  BOOST_TEST(!constant_time_equal(std::string_view{"a\0b", 3},
                                  std::string_view{"a\0c", 3}));
  auto h = hash_secret("x");
  BOOST_TEST(constant_time_equal(h, hash_secret("x")));
  BOOST_TEST(!constant_time_equal(h, hash_secret("y")));
}

BOOST_AUTO_TEST_SUITE_END()
