// SPDX-License-Identifier: GPL-2.0-or-later
// Every message type that crosses an actor boundary survives CAF's binary
// serialization unchanged: the middleman makes it a wire format.

#include <boost/test/unit_test.hpp>

#include <limits>
#include <vector>

#include <caf/binary_deserializer.hpp>
#include <caf/binary_serializer.hpp>
#include <caf/deep_to_string.hpp>

#include "purse/actors/api_call.hpp"
#include "purse/actors/api_result.hpp"
#include "purse/actors/db_outcome.hpp"
#include "purse/actors/key_state.hpp"

using namespace purse;

namespace {

/// Serializes `x`, reads it back into a default value, and checks that
/// both print the same (deep_to_string visits every inspected field).
template <class T>
void check_round_trip(T x) {
  std::vector<char> buf;
  caf::binary_serializer sink{nullptr, buf};
  BOOST_REQUIRE(!sink(x));
  T y;
  caf::binary_deserializer source{nullptr, buf};
  BOOST_REQUIRE(!source(y));
  BOOST_TEST(caf::deep_to_string(y) == caf::deep_to_string(x));
  BOOST_TEST(caf::deep_to_string(y) != caf::deep_to_string(T{}));
}

rate_limit_state some_rate() {
  rate_limit_state r;
  r.present = true;
  r.read = false;
  r.limit = 30;
  r.remaining = 7;
  r.reset_seconds = 42;
  r.read_quota = 120;
  r.write_quota = 30;
  r.window_seconds = 60;
  return r;
}

api_call some_call() {
  api_call c;
  c.resource = "files";
  c.op = operation::action;
  c.id = "0193e2a4-0000-7000-8000-000000000001";
  c.action = "void";
  c.team = "team-1";
  c.query = {{"page", "2"}, {"q", "caf\xc3\xa9"}};
  c.body = R"({"name":"x"})";
  c.is_read = false;
  c.upload.present = true;
  c.upload.name = "r.pdf";
  c.upload.content_type = "application/pdf";
  c.upload.bytes = std::string("%PDF\0\x01\xff", 7);
  c.upload.transaction_id = "tx";
  c.upload.other_fields = {"extra"};
  c.known_version = "abc";
  c.idempotency_key = "k-1";
  c.client_address = "::1";
  c.key_id = "key";
  c.caller_id = "user";
  c.caller_timezone = "Europe/Berlin";
  c.role = "admin";
  c.scope_id = "team-1";
  c.plan = "family";
  c.key_json = "{}";
  c.rate = some_rate();
  return c;
}

api_result some_result() {
  auto r = make_result(errc::too_many_requests, R"({"a":1})", "slow down");
  r.rate = some_rate();
  r.retry_after = 9;
  r.replayed = true;
  r.download.media_type = "image/png";
  r.download.version = "f00d";
  r.download.filename = "a.png";
  r.download.unchanged = true;
  r.plan_required_of = "team_owner";
  return r;
}

} // namespace

BOOST_AUTO_TEST_SUITE(inspect_round_trips)

BOOST_AUTO_TEST_CASE(api_call_round_trips) {
  check_round_trip(some_call());
}

BOOST_AUTO_TEST_CASE(api_result_round_trips) {
  check_round_trip(some_result());
}

BOOST_AUTO_TEST_CASE(key_state_round_trips) {
  key_state k;
  k.key_found = true;
  k.key_id = "id";
  k.secret_hash = "hash";
  k.audience = "public-api";
  k.expires_at = std::numeric_limits<std::int64_t>::max();
  k.revoked_at = 5;
  k.user_id = "u";
  k.user_plan = "solo";
  k.user_timezone = "Asia/Tokyo";
  k.team_found = true;
  k.team_role = "viewer";
  k.team_owner_plan = "family";
  check_round_trip(k);
}

BOOST_AUTO_TEST_CASE(db_outcome_round_trips) {
  db_outcome o;
  o.result = some_result();
  o.count_deltas = {{"transactions", 1}, {"file_storage_bytes", -4096}};
  check_round_trip(o);
}

BOOST_AUTO_TEST_CASE(the_parts_round_trip_alone) {
  check_round_trip(some_rate());
  check_round_trip(some_result().download);
  check_round_trip(some_call().upload);
}

BOOST_AUTO_TEST_SUITE_END()
