// SPDX-License-Identifier: GPL-2.0-or-later
// The developer settings page's pure rules: sessions' idle and absolute
// ends, a key's state and days left, the lifetime a form asks for, the
// delay of a sign-in for an account under attack, and the password policy.

#include <boost/test/unit_test.hpp>

#include "purse/actors/password.hpp"
#include "purse/actors/settings_rules.hpp"

using namespace purse;
using namespace purse::settings;

BOOST_AUTO_TEST_SUITE(settings_rules)

BOOST_AUTO_TEST_CASE(a_session_ends_when_idle_or_at_its_absolute_end) {
  // Signed in at 1000, absolute end at 1000 + 43200, idle limit 1800.
  BOOST_TEST(session_alive(1000, 1000, 44'200, 1800));
  BOOST_TEST(session_alive(2799, 1000, 44'200, 1800));
  BOOST_TEST(!session_alive(2800, 1000, 44'200, 1800));
  // Active all along, still ended at the absolute end.
  BOOST_TEST(session_alive(44'199, 44'100, 44'200, 1800));
  BOOST_TEST(!session_alive(44'200, 44'199, 44'200, 1800));
}

BOOST_AUTO_TEST_CASE(a_key_is_revoked_expired_or_active) {
  BOOST_TEST(key_state(100, 200, 0) == std::string{"active"});
  BOOST_TEST(key_state(200, 200, 0) == std::string{"expired"});
  BOOST_TEST(key_state(100, 200, 50) == std::string{"revoked"});
  BOOST_TEST(key_state(300, 200, 50) == std::string{"revoked"});
}

BOOST_AUTO_TEST_CASE(days_left_round_up_and_stop_at_zero) {
  BOOST_TEST(days_left(0, 30 * 86'400) == 30);
  BOOST_TEST(days_left(1, 30 * 86'400) == 30);
  BOOST_TEST(days_left(86'400, 30 * 86'400) == 29);
  BOOST_TEST(days_left(30 * 86'400 - 1, 30 * 86'400) == 1);
  BOOST_TEST(days_left(30 * 86'400, 30 * 86'400) == 0);
  BOOST_TEST(days_left(31 * 86'400, 30 * 86'400) == 0);
}

BOOST_AUTO_TEST_CASE(a_lifetime_is_1_to_365_days_defaulting_to_30) {
  BOOST_TEST(parse_days("", 30, 365).value() == 30);
  BOOST_TEST(parse_days("  ", 30, 365).value() == 30);
  BOOST_TEST(parse_days("1", 30, 365).value() == 1);
  BOOST_TEST(parse_days(" 365 ", 30, 365).value() == 365);
  for (auto bad : {"0", "366", "-1", "7.5", "1e2", "seven", "12x", "+3",
                   "99999999999999999999"})
    BOOST_TEST(!parse_days(bad, 30, 365).has_value(), bad);
}

BOOST_AUTO_TEST_CASE(emails_compare_trimmed_and_ignoring_ascii_case) {
  BOOST_TEST(normal_email(" Ada@Example.ORG ") == "ada@example.org");
}

BOOST_AUTO_TEST_CASE(passwords_need_12_characters_of_utf8_text) {
  BOOST_TEST(password_problem("short").has_value());
  BOOST_TEST(password_problem("elevenchars").has_value());
  BOOST_TEST(!password_problem("twelve chars").has_value());
  // Characters, not bytes: twelve two-byte letters are enough, eleven not.
  std::string umlauts;
  for (int i = 0; i < 11; ++i)
    umlauts += "\xc3\xa4";
  BOOST_TEST(password_problem(umlauts).has_value());
  BOOST_TEST(!password_problem(umlauts + "\xc3\xa4").has_value());
  BOOST_TEST(password_problem("twelve chars\xff").has_value());
  BOOST_TEST(password_problem(std::string(1025, 'a')).has_value());
}

BOOST_AUTO_TEST_CASE(argon2id_hashes_verify_only_their_password) {
  auto hash = hash_password("correct horse battery");
  BOOST_TEST(hash.rfind("$argon2id$", 0) == 0u);
  BOOST_TEST(hash.find("correct") == std::string::npos);
  BOOST_TEST(verify_password(hash, "correct horse battery"));
  BOOST_TEST(!verify_password(hash, "correct horse batterY"));
  BOOST_TEST(!verify_password("", "correct horse battery"));
  BOOST_TEST(!verify_password("$argon2id$garbage", "x"));
  // Salted: the same password never hashes the same twice.
  BOOST_TEST(hash_password("correct horse battery") != hash);
}

BOOST_AUTO_TEST_CASE(tokens_are_43_url_safe_characters_and_differ) {
  auto a = random_token();
  auto b = random_token();
  BOOST_TEST(a.size() == 43u);
  BOOST_TEST(a != b);
  BOOST_TEST(a.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnop"
                                 "qrstuvwxyz0123456789-_")
             == std::string::npos);
}

BOOST_AUTO_TEST_CASE(an_attacked_account_is_slowed_down_up_to_a_cap) {
  using ms = std::chrono::milliseconds;
  constexpr ms cap{3000};
  // The first ten failures cost nothing ...
  BOOST_TEST(sign_in_delay(0, 10, cap).count() == 0);
  BOOST_TEST(sign_in_delay(9, 10, cap).count() == 0);
  // ... then every attempt waits, twice as long per further failure ...
  BOOST_TEST(sign_in_delay(10, 10, cap).count() == 250);
  BOOST_TEST(sign_in_delay(11, 10, cap).count() == 500);
  BOOST_TEST(sign_in_delay(13, 10, cap).count() == 2000);
  // ... never longer than the cap, however many failures.
  BOOST_TEST(sign_in_delay(14, 10, cap).count() == 3000);
  BOOST_TEST(sign_in_delay(1'000'000, 10, cap).count() == 3000);
  BOOST_TEST(sign_in_delay(50, 10, ms{0}).count() == 0);
}

BOOST_AUTO_TEST_CASE(counts_read_with_thousands_separated) {
  BOOST_TEST(grouped(0) == "0");
  BOOST_TEST(grouped(250) == "250");
  BOOST_TEST(grouped(1000) == "1,000");
  BOOST_TEST(grouped(100000) == "100,000");
  BOOST_TEST(grouped(1234567) == "1,234,567");
  BOOST_TEST(grouped(-2500) == "-2,500");
  BOOST_TEST(grouped(INT64_MIN) == "-9,223,372,036,854,775,808");
}

BOOST_AUTO_TEST_CASE(sizes_read_in_binary_units_never_rounded_up) {
  BOOST_TEST(human_bytes(0) == "0 bytes");
  BOOST_TEST(human_bytes(1) == "1 byte");
  BOOST_TEST(human_bytes(1023) == "1023 bytes");
  BOOST_TEST(human_bytes(1024) == "1 KiB");
  BOOST_TEST(human_bytes(1536) == "1.5 KiB");
  BOOST_TEST(human_bytes(2047) == "1.9 KiB");
  BOOST_TEST(human_bytes(10 * 1024 * 1024) == "10 MiB");
  BOOST_TEST(human_bytes(1073741824) == "1 GiB");
  BOOST_TEST(human_bytes(1073741825) == "1.0 GiB");
  BOOST_TEST(human_bytes(10737418240) == "10 GiB");
  BOOST_TEST(human_bytes(1024LL * 1024 * 1024 * 1024 * 1024) == "1 PiB");
  BOOST_TEST(human_bytes(INT64_MAX) == "7.9 EiB");
  BOOST_TEST(human_bytes(-5) == "0 bytes");
}

BOOST_AUTO_TEST_CASE(percent_used_is_whole_and_within_0_and_100) {
  BOOST_TEST(percent_used(0, 1000) == 0);
  BOOST_TEST(percent_used(250, 1000) == 25);
  BOOST_TEST(percent_used(999, 1000) == 99);
  BOOST_TEST(percent_used(1000, 1000) == 100);
  BOOST_TEST(percent_used(1500, 1000) == 100);
  BOOST_TEST(percent_used(1, 0) == 100);
  BOOST_TEST(percent_used(0, 0) == 0);
  BOOST_TEST(percent_used(INT64_MAX - 1, INT64_MAX) == 99);
}

BOOST_AUTO_TEST_SUITE_END()
