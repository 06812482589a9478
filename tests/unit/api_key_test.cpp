// API key secrets, time and ids.

#include <set>

#include <boost/test/unit_test.hpp>

#include "purse/actors/api_key.hpp"
#include "purse/actors/ids.hpp"
#include "purse/actors/timestamp.hpp"

using namespace purse;

BOOST_AUTO_TEST_SUITE(api_keys)

BOOST_AUTO_TEST_CASE(a_generated_key_parses_back_to_its_lookup_and_hash) {
  auto k = generate_api_key();
  BOOST_TEST(k.secret.rfind("purse_", 0) == 0u);
  BOOST_TEST(k.secret.size() == 68u);
  BOOST_TEST(k.lookup_id.size() == 12u);
  BOOST_TEST(k.secret_hash.size() == 64u);
  BOOST_TEST(k.secret.find(k.secret_hash) == std::string::npos);
  auto p = parse_api_key(k.secret);
  BOOST_REQUIRE(p);
  BOOST_TEST(p->lookup_id == k.lookup_id);
  BOOST_TEST(p->secret_hash == k.secret_hash);
}

BOOST_AUTO_TEST_CASE(keys_are_unique) {
  std::set<std::string> secrets;
  std::set<std::string> lookups;
  for (int i = 0; i < 1000; ++i) {
    auto k = generate_api_key();
    secrets.insert(k.secret);
    lookups.insert(k.lookup_id);
  }
  BOOST_TEST(secrets.size() == 1000u);
  BOOST_TEST(lookups.size() == 1000u);
}

BOOST_AUTO_TEST_CASE(the_checksum_catches_any_single_typo) {
  auto k = generate_api_key();
  for (std::size_t i = 6; i < k.secret.size(); ++i) {
    if (k.secret[i] == '_')
      continue;
    auto typo = k.secret;
    typo[i] = typo[i] == 'x' ? 'y' : 'x';
    BOOST_TEST(!parse_api_key(typo), "position " << i);
  }
  auto swapped = k.secret;
  std::swap(swapped[20], swapped[21]);
  if (swapped != k.secret)
    BOOST_TEST(!parse_api_key(swapped));
}

BOOST_AUTO_TEST_CASE(malformed_tokens_are_refused) {
  auto k = generate_api_key();
  BOOST_TEST(!parse_api_key(""));
  BOOST_TEST(!parse_api_key("purse_"));
  BOOST_TEST(!parse_api_key(k.secret.substr(1)));
  BOOST_TEST(!parse_api_key(k.secret + "a"));
  BOOST_TEST(!parse_api_key("pursf_" + k.secret.substr(6)));
  auto bad_char = k.secret;
  bad_char[30] = '-';
  BOOST_TEST(!parse_api_key(bad_char));
}

BOOST_AUTO_TEST_CASE(constant_time_equality_is_equality) {
  BOOST_TEST(constant_time_equal("abc", "abc"));
  BOOST_TEST(!constant_time_equal("abc", "abd"));
  BOOST_TEST(!constant_time_equal("abc", "abcd"));
  BOOST_TEST(constant_time_equal("", ""));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(time_and_ids)

BOOST_AUTO_TEST_CASE(rfc3339_is_parsed_to_utc_seconds) {
  BOOST_TEST(*parse_rfc3339("1970-01-01T00:00:00Z") == 0);
  BOOST_TEST(*parse_rfc3339("2026-01-31T12:00:00Z") == 1769860800);
  BOOST_TEST(*parse_rfc3339("2026-01-31T14:00:00+02:00") == 1769860800);
  BOOST_TEST(*parse_rfc3339("2026-01-31t12:00:00.999z") == 1769860800);
  BOOST_TEST(*parse_rfc3339("2026-01-01T01:00:00+02:00")
             == *parse_rfc3339("2025-12-31T23:00:00Z"));
}

BOOST_AUTO_TEST_CASE(impossible_dates_and_times_are_refused) {
  for (auto bad : {"2026-02-29T00:00:00Z", "2026-13-01T00:00:00Z",
                   "2026-04-31T00:00:00Z", "2026-01-01T24:00:00Z",
                   "2026-01-01T00:60:00Z", "2026-01-01T00:00:00",
                   "2026-01-01 00:00:00Z", "2026-1-01T00:00:00Z",
                   "2026-01-01T00:00:00.Z", "2026-01-01T00:00:00+2:00",
                   "1899-12-31T00:00:00Z", "yesterday", ""})
    BOOST_TEST(!parse_rfc3339(bad), bad);
  BOOST_TEST(parse_rfc3339("2024-02-29T00:00:00Z").has_value());
  BOOST_TEST(parse_rfc3339("2000-02-29T00:00:00Z").has_value());
  BOOST_TEST(!parse_rfc3339("1900-02-29T00:00:00Z"));
}

BOOST_AUTO_TEST_CASE(dates_and_formatting) {
  BOOST_TEST(*parse_date("2026-03-01") == 1772323200);
  BOOST_TEST(!parse_date("2026-03-01T00:00:00Z"));
  BOOST_TEST(*parse_date_or_time("2026-03-01") == 1772323200);
  BOOST_TEST(format_utc(0) == "1970-01-01T00:00:00Z");
  BOOST_TEST(format_utc(1769860800) == "2026-01-31T12:00:00Z");
  BOOST_TEST(format_utc(951782400) == "2000-02-29T00:00:00Z");
  for (std::int64_t t : {0LL, 86399LL, 1769860800LL, 4102444799LL})
    BOOST_TEST(*parse_rfc3339(format_utc(t)) == t);
}

BOOST_AUTO_TEST_CASE(ids_are_uuid_v7_and_time_ordered) {
  auto a = new_id();
  BOOST_TEST(is_uuid(a));
  BOOST_TEST(a[14] == '7');
  BOOST_TEST((a[19] == '8' || a[19] == '9' || a[19] == 'a' || a[19] == 'b'));
  std::string previous = a;
  for (int i = 0; i < 100; ++i) {
    auto next = new_id();
    // The first 48 bits are the millisecond: never earlier than before.
    BOOST_TEST(next.substr(0, 13) >= previous.substr(0, 13));
    BOOST_TEST(next != previous);
    previous = next;
  }
  BOOST_TEST(!is_uuid("nope"));
  BOOST_TEST(!is_uuid("01a20765-33b1-7ce3-9f2e-a46437637ddcX"));
  BOOST_TEST(!is_uuid("01a20765x33b1-7ce3-9f2e-a46437637ddc"));
}

BOOST_AUTO_TEST_SUITE_END()
