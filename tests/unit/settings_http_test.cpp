// SPDX-License-Identifier: GPL-2.0-or-later
// The HTTP details of the developer settings page: cookie names and
// attributes, cookie and form parsing, escaping, the same-origin check.

#include <boost/test/unit_test.hpp>

#include "settings_http.hpp"

using namespace purse::http::settings_http;

BOOST_AUTO_TEST_SUITE(settings_http)

BOOST_AUTO_TEST_CASE(cookies_are_host_prefixed_and_secure_over_tls_only) {
  BOOST_TEST(session_cookie(true) == "__Host-purse_session");
  BOOST_TEST(session_cookie(false) == "purse_session");
  auto tls = set_cookie(session_cookie(true), "abc", true);
  BOOST_TEST(tls
             == "__Host-purse_session=abc; Path=/; HttpOnly; "
                "SameSite=Strict; Secure");
  auto plain = set_cookie("purse_session", "", false, 0);
  BOOST_TEST(plain
             == "purse_session=; Path=/; HttpOnly; SameSite=Strict; "
                "Max-Age=0");
}

BOOST_AUTO_TEST_CASE(a_cookie_is_found_by_its_exact_name) {
  auto header = "a=1; purse_session=xyz; purse_session_x=no";
  BOOST_TEST(cookie_value(header, "purse_session") == "xyz");
  BOOST_TEST(cookie_value(header, "a") == "1");
  BOOST_TEST(cookie_value(header, "session") == "");
  BOOST_TEST(cookie_value("", "a") == "");
}

BOOST_AUTO_TEST_CASE(forms_decode_and_refuse_bad_escapes_and_repeats) {
  auto f = parse_form("name=my+script%21&days=7&empty=&flag");
  BOOST_REQUIRE(f.has_value());
  BOOST_TEST(f->at("name") == "my script!");
  BOOST_TEST(f->at("days") == "7");
  BOOST_TEST(f->at("empty") == "");
  BOOST_TEST(f->at("flag") == "");
  BOOST_TEST(!parse_form("a=%zz").has_value());
  BOOST_TEST(!parse_form("a=%4").has_value());
  BOOST_TEST(!parse_form("a=1&a=2").has_value());
  BOOST_TEST(parse_form("")->empty());
}

BOOST_AUTO_TEST_CASE(html_escaping_covers_markup_and_quotes) {
  BOOST_TEST(escape("<a href=\"x\">'&'</a>")
             == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
}

BOOST_AUTO_TEST_CASE(a_post_must_come_from_this_site) {
  BOOST_TEST(same_origin("http://127.0.0.1:8080", "", "127.0.0.1:8080", false));
  BOOST_TEST(same_origin("https://Purse.Example", "", "purse.example", true));
  BOOST_TEST(!same_origin("http://purse.example", "", "purse.example", true));
  BOOST_TEST(!same_origin("https://evil.example", "", "purse.example", true));
  BOOST_TEST(!same_origin("null", "", "purse.example", false));
  BOOST_TEST(
    !same_origin("http://purse.example.evil", "", "purse.example", false));
  // Without Origin, the Referer decides; without both, refused.
  BOOST_TEST(same_origin("", "http://h:1/settings/developer", "h:1", false));
  BOOST_TEST(!same_origin("", "http://other:1/", "h:1", false));
  BOOST_TEST(!same_origin("", "", "h:1", false));
}

BOOST_AUTO_TEST_SUITE_END()
