// SPDX-License-Identifier: GPL-2.0-or-later
// CSV fields and records as RFC 4180 writes them (the transactions'
// export, issue 28, part 4).

#include <boost/test/unit_test.hpp>

#include <string>

#include "resources/csv.hpp"

using purse::resources::append_csv_field;
using purse::resources::append_csv_record;

namespace {

std::string field(std::string_view f) {
  std::string out;
  append_csv_field(out, f);
  return out;
}

} // namespace

BOOST_AUTO_TEST_SUITE(csv)

BOOST_AUTO_TEST_CASE(plain_fields_are_written_as_they_are) {
  BOOST_TEST(field("") == "");
  BOOST_TEST(field("Groceries") == "Groceries");
  BOOST_TEST(field("-12.50") == "-12.50");
  BOOST_TEST(field("caf\xC3\xA9 ; tab\there 'x'")
             == "caf\xC3\xA9 ; tab\there 'x'");
  BOOST_TEST(field(" spaced ") == " spaced ");
}

BOOST_AUTO_TEST_CASE(commas_quotes_and_line_ends_are_quoted) {
  BOOST_TEST(field("a,b") == "\"a,b\"");
  BOOST_TEST(field("say \"hi\"") == "\"say \"\"hi\"\"\"");
  BOOST_TEST(field("\"") == "\"\"\"\"");
  BOOST_TEST(field("two\nlines") == "\"two\nlines\"");
  BOOST_TEST(field("cr\rhere") == "\"cr\rhere\"");
  BOOST_TEST(field("crlf\r\n") == "\"crlf\r\n\"");
  BOOST_TEST(field("Lunch, \"big\"\nday") == "\"Lunch, \"\"big\"\"\nday\"");
}

BOOST_AUTO_TEST_CASE(records_join_fields_with_commas_and_end_with_crlf) {
  std::string out;
  append_csv_record(out, {"id", "", "a,b", "x"});
  append_csv_record(out, {""});
  BOOST_TEST(out == "id,,\"a,b\",x\r\n\r\n");
}

BOOST_AUTO_TEST_SUITE_END()
