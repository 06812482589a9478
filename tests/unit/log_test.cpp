// SPDX-License-Identifier: GPL-2.0-or-later
// Log lines stay valid JSON whatever a request held: fields are made valid
// UTF-8 first, invalid bytes written as \xNN. Times carry milliseconds.

#include <chrono>
#include <string>

#include <boost/test/unit_test.hpp>

#include "purse/actors/log.hpp"

using namespace purse;

BOOST_AUTO_TEST_SUITE(log_lines)

BOOST_AUTO_TEST_CASE(valid_utf8_passes_unchanged) {
  for (std::string ok :
       {std::string{"/api/public/v1/me/tags"}, std::string{"caf\xc3\xa9"}, // é
        std::string{"\xe2\x82\xac"},            // €
        std::string{"\xf0\x9f\x92\xb0 money"}}) // 💰
    BOOST_TEST(loggable(ok) == ok);
}

BOOST_AUTO_TEST_CASE(every_invalid_byte_is_escaped) {
  BOOST_TEST(loggable("/me/\xff\xfe") == "/me/\\xff\\xfe");
  // A lone continuation byte, a truncated sequence, an overlong form, a
  // surrogate, and a code point past U+10FFFF.
  BOOST_TEST(loggable("\x80") == "\\x80");
  BOOST_TEST(loggable("a\xc3") == "a\\xc3");
  BOOST_TEST(loggable("\xc0\xaf") == "\\xc0\\xaf");
  BOOST_TEST(loggable("\xed\xa0\x80") == "\\xed\\xa0\\x80");
  BOOST_TEST(loggable("\xf4\x90\x80\x80") == "\\xf4\\x90\\x80\\x80");
  // Valid text around an invalid byte is kept.
  BOOST_TEST(loggable("caf\xc3\xa9\xff!") == "caf\xc3\xa9\\xff!");
}

BOOST_AUTO_TEST_CASE(times_are_utc_with_milliseconds) {
  using namespace std::chrono;
  system_clock::time_point t{milliseconds(1'764'043'506'789)};
  BOOST_TEST(log_time(t) == "2025-11-25T04:05:06.789Z");
  BOOST_TEST(log_time(system_clock::time_point{milliseconds(5)})
             == "1970-01-01T00:00:00.005Z");
  BOOST_TEST(log_time(system_clock::time_point{seconds(60)})
             == "1970-01-01T00:01:00.000Z");
}

BOOST_AUTO_TEST_SUITE_END()
