// SPDX-License-Identifier: GPL-2.0-or-later
// A webhook's body without actors or a database: reading and checking it,
// applying it to a row, and the JSON of webhooks and deliveries.

#include <boost/test/unit_test.hpp>

#include "purse/actors/json.hpp"
#include "resources/webhook_input.hpp"

using namespace purse;
using namespace purse::resources;
using persistence::webhook_delivery_row;
using persistence::webhook_row;

namespace {

const webhooks::url_policy strict{};

/// Reads a body; the errors as their JSON, or "" when the body was read.
std::string errors_of(const std::string& json, bool full = true,
                      webhooks::url_policy policy = strict) {
  body_reader body{json};
  if (read_webhook_input(body, full, policy))
    return "";
  return body.errors().to_json();
}

webhook_input input_of(const std::string& json, bool full = true) {
  body_reader body{json};
  auto in = read_webhook_input(body, full, strict);
  BOOST_TEST_REQUIRE(in.has_value(), body.errors().to_json());
  return *in;
}

bool has_error(const std::string& errors, const std::string& field) {
  return errors.find("\"" + field + "\":[") != std::string::npos;
}

} // namespace

BOOST_AUTO_TEST_SUITE(webhook_input_rules)

BOOST_AUTO_TEST_CASE(a_create_needs_an_https_url_and_known_events) {
  BOOST_TEST(errors_of(R"({"url":"https://hooks.example.com/x",)"
                       R"("events":["*"]})")
             == "");
  auto none = errors_of("{}");
  BOOST_TEST(has_error(none, "url"));
  BOOST_TEST(has_error(none, "events"));
  // A PATCH needs neither.
  BOOST_TEST(errors_of(R"({"active":false})", false) == "");
  for (auto bad : {R"("http://hooks.example.com/x")", R"("ftp://example.com/")",
                   R"("https://user:pw@example.com/")",
                   R"("https://example.com/#frag")", R"("not a url")", "42"})
    BOOST_TEST(has_error(errors_of(std::string{R"({"url":)"} + bad
                                   + R"(,"events":["*"]})"),
                         "url"),
               bad);
  // --webhook-allow-http lets http:// through.
  BOOST_TEST(errors_of(R"({"url":"http://hooks.example.com/x","events":["*"]})",
                       true, {true, false})
             == "");
  for (auto bad : {R"([])", R"(["transaction.archived"])", R"(["*", 3])",
                   R"("*")", R"(["budget.created"])"})
    BOOST_TEST(has_error(errors_of(std::string{R"({"url":"https://e.com/",)"}
                                   + R"("events":)" + bad + "}"),
                         "events"),
               bad);
  BOOST_TEST(has_error(errors_of(R"({"url":"https://e.com/","events":["*"],)"
                                 R"("colour":"red"})"),
                       "colour"));
}

BOOST_AUTO_TEST_CASE(events_are_kept_in_order_without_duplicates_up_to_20) {
  auto in = input_of(R"({"url":"https://e.com/","events":["tag.*",)"
                     R"("transaction.created","tag.*"]})");
  std::vector<std::string> want{"tag.*", "transaction.created"};
  BOOST_TEST(*in.events == want, boost::test_tools::per_element());
  std::string twenty, twenty_one;
  const char* types[] = {"transaction", "account", "category", "tag", "file"};
  const char* verbs[] = {"created", "updated", "deleted", "voided", "*"};
  int n = 0;
  for (auto t : types)
    for (auto v : verbs) {
      auto name = std::string{"\""} + t + "." + v + "\"";
      if (n < 20)
        twenty += (twenty.empty() ? "" : ",") + name;
      if (n < 21)
        twenty_one += (twenty_one.empty() ? "" : ",") + name;
      ++n;
    }
  BOOST_TEST(errors_of(R"({"url":"https://e.com/","events":[)" + twenty + "]}")
             == "");
  BOOST_TEST(has_error(
    errors_of(R"({"url":"https://e.com/","events":[)" + twenty_one + "]}"),
    "events"));
}

BOOST_AUTO_TEST_CASE(descriptions_are_up_to_500_characters_and_null_clears) {
  std::string five_hundred;
  for (int i = 0; i < 500; ++i)
    five_hundred += "\xc3\xa9"; // é: two bytes, one character
  auto base = std::string{R"({"url":"https://e.com/","events":["*"],)"};
  BOOST_TEST(errors_of(base + R"("description":")" + five_hundred + "\"}")
             == "");
  BOOST_TEST(
    has_error(errors_of(base + R"("description":")" + five_hundred + "x\"}"),
              "description"));
  BOOST_TEST(has_error(errors_of(base + R"("description":7})"), "description"));
  webhook_row row;
  row.description = "old";
  row.active = false;
  apply_webhook_input(input_of(R"({"description":null})", false), row, false);
  BOOST_TEST(row.description.empty());
  BOOST_TEST(!row.active); // a PATCH leaves what it does not name
  row.description = "old";
  apply_webhook_input(input_of(R"({"url":"https://e.com/a","events":["*"]})"),
                      row, true);
  BOOST_TEST(row.description.empty()); // a PUT sets every field
  BOOST_TEST(row.active);
  BOOST_TEST(row.url == "https://e.com/a");
  BOOST_TEST(row.events == "*");
}

BOOST_AUTO_TEST_CASE(the_secret_is_written_only_when_asked) {
  webhook_row row;
  row.id = "w1";
  row.url = "https://e.com/";
  row.events = "transaction.*,tag.created";
  row.secret = "whsec_abc";
  auto listed = encode_webhook(row, false);
  BOOST_TEST(listed.find("whsec_") == std::string::npos);
  BOOST_TEST(listed.find(R"("events":["transaction.*","tag.created"])")
             != std::string::npos);
  BOOST_TEST(listed.find(R"("description":null)") != std::string::npos);
  BOOST_TEST(encode_webhook(row, true).find(R"("secret":"whsec_abc")")
             != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_delivery_shows_its_last_answer_and_next_attempt) {
  webhook_delivery_row d;
  d.event_id = "e1";
  d.type = "tag.created";
  d.status = "pending";
  d.next_attempt_at = 1'700'000'000;
  auto pending = encode_delivery(d);
  BOOST_TEST(pending.find(R"("last_status_code":null)") != std::string::npos);
  BOOST_TEST(pending.find(R"("next_attempt_at":"2023-11-14T22:13:20Z")")
             != std::string::npos);
  d.status = "delivered";
  d.last_status_code = 204;
  d.attempts = 2;
  auto done = encode_delivery(d);
  BOOST_TEST(done.find(R"("last_status_code":204)") != std::string::npos);
  BOOST_TEST(done.find(R"("next_attempt_at":null)") != std::string::npos);
  BOOST_TEST(done.find(R"("attempts":2)") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
