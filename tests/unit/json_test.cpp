// SPDX-License-Identifier: GPL-2.0-or-later
// Reading request bodies field by field, and writing JSON.

#include <boost/test/unit_test.hpp>

#include "envelope.hpp"
#include "purse/actors/json.hpp"

using namespace purse;

BOOST_AUTO_TEST_SUITE(json)

BOOST_AUTO_TEST_CASE(numbers_keep_their_exact_source_text) {
  body_reader r{R"({"a":0.1,"b":1e3,"c":-12.50,"d":"12.50"})"};
  BOOST_REQUIRE(r.syntax_error().empty());
  BOOST_TEST(*r.number_text("a", true) == "0.1");
  BOOST_TEST(*r.number_text("b", true) == "1e3");
  BOOST_TEST(*r.number_text("c", true) == "-12.50");
  // A string that looks like a number is not a number, and vice versa.
  BOOST_TEST(!r.number_text("d", true));
  BOOST_TEST(!r.text("a", true));
  BOOST_TEST(r.errors().to_json()
             == R"({"a":["must be a string"],"d":["must be a number"]})");
}

BOOST_AUTO_TEST_CASE(numbers_no_double_holds_keep_their_text_too) {
  std::string digits(10000, '9');
  body_reader r{R"({"a":1e400,"b":[-2E-999,0],"c":"x\"1e400","d":)" + digits
                + "}"};
  BOOST_REQUIRE(r.syntax_error().empty());
  BOOST_TEST(*r.number_text("a", true) == "1e400");
  BOOST_TEST(*r.number_text("d", true) == digits);
  BOOST_TEST(*r.text("c", true) == "x\"1e400");
  // Not numbers by JSON's grammar: still the parser's to refuse.
  for (auto bad : {R"({"a":01})", R"({"a":-})", R"({"a":1.})", R"({"a":.5})",
                   R"({"a":1e})", R"({"a":+1})", R"({"a":1 2})"})
    BOOST_TEST(!body_reader{bad}.syntax_error().empty(), bad);
}

BOOST_AUTO_TEST_CASE(required_missing_null_and_unknown_fields_are_recorded) {
  body_reader r{R"({"x":null,"extra":1})"};
  BOOST_TEST(!r.text("x", true));
  BOOST_TEST(!r.text("y", true));
  BOOST_TEST(r.is_null("x"));
  BOOST_TEST(!r.is_null("y"));
  r.reject_unknown({"x", "y"});
  BOOST_TEST(r.errors().to_json()
             == R"({"extra":["is not a known field"],"x":["is required"],)"
                R"("y":["is required"]})");
}

BOOST_AUTO_TEST_CASE(syntax_errors_are_reported_not_thrown) {
  for (auto bad : {"", "   ", "{", "[]", "1", "\"s\"", "{\"a\":1} x",
                   "{\"a\":\"\xc3\x28\"}", "{'a':1}"})
    BOOST_TEST(!body_reader{bad}.syntax_error().empty(), bad);
  std::string deep(40, '[');
  BOOST_TEST(
    body_reader{"{\"a\":" + deep + "}"}.syntax_error().find("nests deeper")
    != std::string::npos);
  BOOST_TEST(body_reader{"{\"a\":\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\"}"}
               .syntax_error()
               .empty());
}

BOOST_AUTO_TEST_CASE(parse_errors_name_the_byte_of_the_body_as_sent) {
  // The numbers before the error keep their length: nothing is rewritten.
  auto at = [](const std::string& body) {
    return body_reader{body}.syntax_error();
  };
  BOOST_TEST(at(R"({"a":12345678,"b":x})").find("(at byte 18)")
               != std::string::npos,
             at(R"({"a":12345678,"b":x})"));
  BOOST_TEST(at(R"({"a":1e400,"b":1.})").find("(at byte 17)")
               != std::string::npos,
             at(R"({"a":1e400,"b":1.})"));
  std::string bad_utf8 = "{\"n\":100000,\"a\":\"\xc3\x28\"}";
  BOOST_TEST(at(bad_utf8).find("(at byte 17)") != std::string::npos,
             at(bad_utf8));
}

BOOST_AUTO_TEST_CASE(nesting_stops_at_the_limit_however_deep_the_body) {
  auto nested = [](int depth) {
    return std::string(depth, '[') + std::string(depth, ']');
  };
  // The object itself is the first level.
  BOOST_TEST(body_reader{"{\"a\":" + nested(body_reader::max_depth - 1) + "}"}
               .syntax_error()
               .empty());
  for (int depth : {body_reader::max_depth, 1000000})
    BOOST_TEST(body_reader{"{\"a\":" + nested(depth) + "}"}.syntax_error().find(
                 "nests deeper than 32 levels")
               != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_repeated_key_is_refused_never_first_or_last_wins) {
  body_reader top{R"({"amount":1,"amount":2})"};
  BOOST_TEST(top.syntax_error().find(R"(repeats the key "amount")")
             != std::string::npos);
  // In a nested object too; the same key in two objects is fine.
  BOOST_TEST(!body_reader{R"({"a":{"x":1,"x":1}})"}.syntax_error().empty());
  BOOST_TEST(
    body_reader{R"({"a":{"x":1},"b":{"x":1},"x":2})"}.syntax_error().empty());
  // A long key is not echoed.
  std::string key(100, 'k');
  auto long_key = body_reader{"{\"" + key + "\":1,\"" + key + "\":2}"};
  BOOST_TEST(long_key.syntax_error().find("repeats a key")
             != std::string::npos);
  BOOST_TEST(long_key.syntax_error().find(key) == std::string::npos);
}

BOOST_AUTO_TEST_CASE(strings_respect_their_length_limit) {
  body_reader r{R"({"s":"abcdef"})"};
  BOOST_TEST(!r.text("s", true, 5));
  BOOST_TEST(r.errors().to_json()
             == R"({"s":["must be at most 5 bytes long"]})");
}

BOOST_AUTO_TEST_CASE(arrays_must_hold_only_strings) {
  body_reader r{R"({"a":["x","y"],"b":["x",1],"c":"x"})"};
  BOOST_TEST(r.text_array("a", true, 5)->size() == 2u);
  BOOST_TEST(!r.text_array("b", true, 5));
  BOOST_TEST(!r.text_array("c", true, 5));
  BOOST_TEST(!r.text_array("a", true, 1));
}

BOOST_AUTO_TEST_CASE(pages_report_whether_more_follow) {
  BOOST_TEST(page_json({"{}", "{}"}, 1, 2, 3)
             == R"({"items":[{},{}],"pagination":{"page":1,"per_page":2,)"
                R"("total":3,"has_more":true}})");
  BOOST_TEST(page_json({}, 5, 2, 3)
             == R"({"items":[],"pagination":{"page":5,"per_page":2,)"
                R"("total":3,"has_more":false}})");
}

BOOST_AUTO_TEST_CASE(raw_json_goes_in_as_written_with_its_separators) {
  // raw_json copies the text as one block after the writer places the comma
  // or colon: at the top, after a key, between array items, nested, empty
  // containers and text that is not ASCII all come out byte for byte.
  std::string item = R"({"n":"caf\u00e9 é 💶","a":[1,{"b":null}]})";
  json_writer top;
  top.raw_json(item);
  BOOST_TEST(top.str() == item);

  json_writer w;
  w.reserve(4); // smaller than the document: the buffer still grows
  w.begin_object().key("items").begin_array();
  w.raw_json(item).raw_json("{}").raw_json("[]");
  w.end_array().key("x").raw_json(item).key("y").value(std::int64_t{2});
  w.end_object();
  BOOST_TEST(w.str()
             == R"({"items":[)" + item + R"(,{},[]],"x":)" + item
                  + R"(,"y":2})");

  // A page of many items (the buffer grows past its first reservation).
  std::vector<std::string> items(300, item);
  auto page = page_json(items, 1, 300, 300);
  BOOST_TEST(page.size() > 300 * item.size());
  body_reader r{page};
  BOOST_TEST(r.syntax_error().empty());
}

BOOST_AUTO_TEST_CASE(the_envelope_mirrors_the_status) {
  BOOST_TEST(http::envelope(422, "Validation failed", R"({"a":["x"]})")
             == R"({"meta":{"code":422,"message":"Validation failed"},)"
                R"("data":{"a":["x"]}})");
  BOOST_TEST(http::envelope(200, "OK", "")
             == R"({"meta":{"code":200,)"
                R"("message":"OK"},"data":null})");
}

BOOST_AUTO_TEST_CASE(an_error_envelope_adds_its_code_and_request_id) {
  BOOST_TEST(http::envelope(422, "Validation failed", R"({"a":["x"]})",
                            "validation_failed", "req-1")
             == R"({"meta":{"code":422,"message":"Validation failed",)"
                R"("error":"validation_failed","request_id":"req-1"},)"
                R"("data":{"a":["x"]}})");
}

BOOST_AUTO_TEST_CASE(a_402_envelope_says_whose_plan_failed) {
  BOOST_TEST(http::envelope(402, "No plan", "null", "plan_upgrade_required",
                            "req-2", "team_owner")
             == R"({"meta":{"code":402,"message":"No plan",)"
                R"("error":"plan_upgrade_required","request_id":"req-2",)"
                R"("plan_required_of":"team_owner"},"data":null})");
}

BOOST_AUTO_TEST_SUITE_END()
