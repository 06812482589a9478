// SPDX-License-Identifier: GPL-2.0-or-later
// The one place the domain's typed facts become HTTP: statuses, headers,
// bodies.

#include <boost/test/unit_test.hpp>

#include "response.hpp"

using namespace purse;
using namespace purse::http;

namespace {

std::string header(const outgoing& out, const std::string& name) {
  std::string found;
  int seen = 0;
  for (auto& [k, v] : out.headers)
    if (k == name) {
      found = v;
      ++seen;
    }
  BOOST_TEST(seen <= 1);
  return found;
}

} // namespace

BOOST_AUTO_TEST_SUITE(responses)

BOOST_AUTO_TEST_CASE(a_bucket_state_becomes_the_rate_limit_headers) {
  auto r = make_result(errc::ok, "[]");
  r.rate.present = true;
  r.rate.read = false;
  r.rate.limit = 30;
  r.rate.remaining = 29;
  r.rate.reset_seconds = 60;
  r.rate.read_quota = 120;
  r.rate.write_quota = 30;
  auto out = from_result(r);
  BOOST_TEST(out.status.code == 200);
  BOOST_TEST(header(out, "RateLimit-Policy")
             == R"("read";q=120;w=60, "write";q=30;w=60)");
  BOOST_TEST(header(out, "RateLimit") == R"("write";r=29;t=60)");
  BOOST_TEST(header(out, "RateLimit-Limit") == "30");
  BOOST_TEST(header(out, "RateLimit-Remaining") == "29");
  BOOST_TEST(header(out, "RateLimit-Reset") == "60");
  BOOST_TEST(header(out, "Retry-After").empty());
}

BOOST_AUTO_TEST_CASE(no_bucket_no_rate_headers_and_retry_after_when_said) {
  auto r = make_result(errc::unavailable);
  r.retry_after = 5;
  auto out = from_result(r);
  BOOST_TEST(out.status.code == 503);
  BOOST_TEST(header(out, "RateLimit").empty());
  BOOST_TEST(header(out, "Retry-After") == "5");
}

BOOST_AUTO_TEST_CASE(a_replay_says_so) {
  auto r = make_result(errc::created, "{}");
  r.replayed = true;
  BOOST_TEST(header(from_result(r), "Idempotent-Replayed") == "true");
  BOOST_TEST(
    header(from_result(make_result(errc::created)), "Idempotent-Replayed")
      .empty());
}

BOOST_AUTO_TEST_CASE(a_download_is_raw_with_its_validator_and_name) {
  auto r = make_result(errc::ok, "bytes");
  r.download.media_type = "application/pdf";
  r.download.version = "abc";
  r.download.filename = "a.pdf";
  auto out = from_result(r);
  BOOST_TEST(out.status.code == 200);
  BOOST_TEST(out.raw_type == "application/pdf");
  BOOST_TEST(out.data == "bytes");
  BOOST_TEST(header(out, "ETag") == "\"abc\"");
  BOOST_TEST(header(out, "Content-Disposition")
             == "attachment; filename=\"a.pdf\"");
  r.download.unchanged = true;
  r.data.clear();
  auto cached = from_result(r);
  BOOST_TEST(cached.status.code == 304);
  BOOST_TEST(!cached.has_body);
  BOOST_TEST(header(cached, "ETag") == "\"abc\"");
}

BOOST_AUTO_TEST_CASE(transport_answers_have_their_own_statuses) {
  BOOST_TEST(transport_answer(transport_status::method_not_allowed).status.code
             == 405);
  BOOST_TEST(
    transport_answer(transport_status::payload_too_large, "big").message
    == "big");
  BOOST_TEST(transport_answer(transport_status::uri_too_long).status.code
             == 414);
  BOOST_TEST(
    transport_answer(transport_status::unsupported_media_type).status.code
    == 415);
  BOOST_TEST(!transport_answer(transport_status::not_modified).has_body);
}

BOOST_AUTO_TEST_CASE(every_outcome_maps_to_its_status) {
  BOOST_TEST(status_of(errc::ok).code == 200);
  BOOST_TEST(status_of(errc::created).code == 201);
  BOOST_TEST(status_of(errc::unauthenticated).code == 401);
  BOOST_TEST(status_of(errc::payment_required).code == 402);
  BOOST_TEST(status_of(errc::forbidden).code == 403);
  BOOST_TEST(status_of(errc::not_found).code == 404);
  BOOST_TEST(status_of(errc::unprocessable).code == 422);
  BOOST_TEST(status_of(errc::too_many_requests).code == 429);
  BOOST_TEST(status_of(errc::too_large).code == 413);
  BOOST_TEST(status_of(transport_status::headers_too_large).code == 431);
  BOOST_TEST(status_of(transport_status::not_modified).code == 304);
  BOOST_TEST(status_of(errc::internal).code == 500);
}

BOOST_AUTO_TEST_CASE(reason_phrases_are_rfc_9110s_from_one_table) {
  auto reason = [](http_status s) {
    return std::string{s.reason};
  };
  BOOST_TEST(reason(status_of(errc::unprocessable)) == "Unprocessable Content");
  BOOST_TEST(reason(status_of(errc::quota_exceeded))
             == "Unprocessable Content");
  BOOST_TEST(reason(status_of(errc::too_large)) == "Content Too Large");
  BOOST_TEST(reason(status_of(transport_status::payload_too_large))
             == "Content Too Large");
  // The settings pages take theirs from the same table.
  BOOST_TEST(reason(status_line(422)) == "Unprocessable Content");
  BOOST_TEST(reason(status_line(303)) == "See Other");
  // Every status the API maps to is in the table, never the fallback.
  for (auto code : {errc::ok, errc::created, errc::bad_request,
                    errc::unauthenticated, errc::payment_required,
                    errc::forbidden, errc::not_found, errc::conflict,
                    errc::too_many_requests, errc::unavailable, errc::timeout})
    BOOST_TEST(status_of(code).code != 500, errc_name(code));
  // A code the server never sends is an internal error, not a guess.
  BOOST_TEST(status_line(418).code == 500);
}

BOOST_AUTO_TEST_SUITE_END()
