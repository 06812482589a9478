// SPDX-License-Identifier: GPL-2.0-or-later
// What makes two requests "the same request" for an idempotency key.

#include <boost/test/unit_test.hpp>

#include "idempotency.hpp"

using namespace purse;

namespace {

api_call upload(std::string bytes) {
  api_call c;
  c.resource = "files";
  c.op = operation::create;
  c.is_read = false;
  c.upload.present = true;
  c.upload.name = "r.pdf";
  c.upload.bytes = std::move(bytes);
  return c;
}

} // namespace

BOOST_AUTO_TEST_SUITE(fingerprints)

BOOST_AUTO_TEST_CASE(the_same_upload_is_the_same_request) {
  BOOST_TEST(request_fingerprint(upload("abc"))
             == request_fingerprint(upload("abc")));
}

BOOST_AUTO_TEST_CASE(uploads_differing_in_any_part_differ) {
  auto base = request_fingerprint(upload("abc"));
  BOOST_TEST(request_fingerprint(upload("abd")) != base);
  auto named = upload("abc");
  named.upload.name = "s.pdf";
  BOOST_TEST(request_fingerprint(named) != base);
  auto attached = upload("abc");
  attached.upload.transaction_id = "t";
  BOOST_TEST(request_fingerprint(attached) != base);
  auto typed = upload("abc");
  typed.upload.content_type = "application/pdf";
  BOOST_TEST(request_fingerprint(typed) != base);
  // The same bytes sent as the JSON form are another request.
  auto json = upload("");
  json.upload = {};
  json.body = R"({"name":"r.pdf","content_base64":"YWJj"})";
  BOOST_TEST(request_fingerprint(json) != base);
}

BOOST_AUTO_TEST_CASE(the_key_and_the_caller_are_not_part_of_it) {
  auto a = upload("abc");
  auto b = upload("abc");
  b.idempotency_key = "other";
  b.client_address = "10.0.0.1";
  BOOST_TEST(request_fingerprint(a) == request_fingerprint(b));
}

BOOST_AUTO_TEST_SUITE_END()
