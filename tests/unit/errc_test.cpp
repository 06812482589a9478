// SPDX-License-Identifier: GPL-2.0-or-later
// Outcome names are stable: stored idempotent answers are read back by
// name, so a new outcome must never change what an old name means.

#include <boost/test/unit_test.hpp>

#include <set>
#include <string>

#include "purse/actors/errc.hpp"

using namespace purse;

BOOST_AUTO_TEST_SUITE(outcome_names)

BOOST_AUTO_TEST_CASE(each_outcome_has_its_released_name) {
  // The released names; this list only ever grows.
  const std::pair<errc, std::string> released[] = {
    {errc::ok, "ok"},
    {errc::created, "created"},
    {errc::bad_request, "bad_request"},
    {errc::unauthenticated, "unauthenticated"},
    {errc::payment_required, "payment_required"},
    {errc::forbidden, "forbidden"},
    {errc::not_found, "not_found"},
    {errc::conflict, "conflict"},
    {errc::too_large, "too_large"},
    {errc::unprocessable, "unprocessable"},
    {errc::too_many_requests, "too_many_requests"},
    {errc::internal, "internal"},
    {errc::unavailable, "unavailable"},
    {errc::timeout, "timeout"},
    {errc::quota_exceeded, "quota_exceeded"},
    {errc::gone, "gone"},
  };
  std::set<std::string> seen;
  for (auto& [code, name] : released) {
    BOOST_TEST(errc_name(code) == name);
    errc back = errc::internal;
    BOOST_TEST(errc_from_name(name, back));
    BOOST_TEST(static_cast<int>(back) == static_cast<int>(code));
    BOOST_TEST(seen.insert(name).second);
  }
}

BOOST_AUTO_TEST_CASE(each_failure_has_its_released_public_code) {
  // meta.error of the envelope: documented in README and openapi.json;
  // this list only ever grows.
  const std::pair<errc, std::string> released[] = {
    {errc::bad_request, "malformed_request"},
    {errc::unauthenticated, "unauthenticated"},
    {errc::payment_required, "plan_upgrade_required"},
    {errc::forbidden, "forbidden"},
    {errc::not_found, "not_found"},
    {errc::conflict, "conflict"},
    {errc::too_large, "content_too_large"},
    {errc::unprocessable, "validation_failed"},
    {errc::too_many_requests, "rate_limited"},
    {errc::internal, "internal_error"},
    {errc::unavailable, "unavailable"},
    {errc::timeout, "timeout"},
    {errc::quota_exceeded, "quota_exceeded"},
    {errc::gone, "cursor_expired"},
  };
  std::set<std::string> seen;
  for (auto& [code, name] : released) {
    BOOST_TEST(error_code(code) == name);
    BOOST_TEST(seen.insert(name).second);
  }
  BOOST_TEST(error_code(errc::ok) == std::string{});
  BOOST_TEST(error_code(errc::created) == std::string{});
}

BOOST_AUTO_TEST_CASE(unknown_names_are_refused) {
  errc out = errc::ok;
  BOOST_TEST(!errc_from_name("", out));
  BOOST_TEST(!errc_from_name("OK", out));
  BOOST_TEST(!errc_from_name("not_modified", out));
  BOOST_TEST(static_cast<int>(out) == static_cast<int>(errc::ok));
}

BOOST_AUTO_TEST_SUITE_END()
