// SPDX-License-Identifier: GPL-2.0-or-later
// multipart uploads: the filename* parameter (RFC 8187 ext-value) decoded
// to UTF-8 text, and refused when it is not well formed.

#include <boost/test/unit_test.hpp>

#include "multipart.hpp"

using purse::http::decode_ext_value;

BOOST_AUTO_TEST_SUITE(multipart)

BOOST_AUTO_TEST_CASE(ext_values_decode_to_utf8) {
  BOOST_TEST(*decode_ext_value("UTF-8''na%C3%AFve%20plan.pdf")
             == "na\xc3\xafve plan.pdf");
  BOOST_TEST(*decode_ext_value("utf-8'en'%E2%82%AC%20rates.csv")
             == "\xe2\x82\xac rates.csv");
  // ISO-8859-1 becomes UTF-8: 0xE9 is é.
  BOOST_TEST(*decode_ext_value("iso-8859-1''caf%E9.txt") == "caf\xc3\xa9.txt");
  BOOST_TEST(*decode_ext_value("UTF-8''plain.txt") == "plain.txt");
}

BOOST_AUTO_TEST_CASE(malformed_ext_values_are_refused) {
  for (auto bad : {"plain.txt", "UTF-8'plain.txt", "koi8-r''x.txt",
                   "UTF-8''%E2%82", "UTF-8''%ZZ.txt", "UTF-8''a%2",
                   "UTF-8''sp ace.txt", "UTF-8''%FF.txt", "UTF-8''q\"uote"})
    BOOST_TEST(!decode_ext_value(bad), bad);
}

BOOST_AUTO_TEST_SUITE_END()
