// SPDX-License-Identifier: GPL-2.0-or-later
// The changes feed's cursors: what encode_change_cursor writes decodes to
// the same (xid, id), and nothing else this service did not make decodes.

#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "change_cursor.hpp"

using purse::resources::change_cursor;
using purse::resources::decode_change_cursor;
using purse::resources::encode_change_cursor;

BOOST_AUTO_TEST_SUITE(change_cursors)

BOOST_AUTO_TEST_CASE(a_cursor_decodes_to_what_was_encoded) {
  const std::int64_t big = std::numeric_limits<std::int64_t>::max();
  for (auto c : {change_cursor{0, 0}, change_cursor{1, 2},
                 change_cursor{7861, 42}, change_cursor{big, big}}) {
    auto text = encode_change_cursor(c);
    auto back = decode_change_cursor(text);
    BOOST_TEST_REQUIRE(back.has_value(), text);
    BOOST_TEST(back->xid == c.xid);
    BOOST_TEST(back->id == c.id);
  }
  BOOST_TEST(encode_change_cursor({7861, 42}) == "c1~7861~42");
}

BOOST_AUTO_TEST_CASE(anything_else_is_not_a_cursor) {
  const std::vector<std::string> texts{"",
                                       "c1",
                                       "c1~",
                                       "c1~1",
                                       "c1~1~",
                                       "c1~~2",
                                       "c1~1~2~3",
                                       "c2~1~2",
                                       "v1~1~2",
                                       "C1~1~2",
                                       "c1~-1~2",
                                       "c1~1~-2",
                                       "c1~+1~2",
                                       "c1~01~2",
                                       "c1~1~2 ",
                                       "c1~1.5~2",
                                       "c1~9223372036854775808~1",
                                       "c1~99999999999999999999~1",
                                       "c1~0x10~1",
                                       "c1 1 2",
                                       "c1~1~" + std::string(80, '1')};
  for (auto& text : texts)
    BOOST_TEST(!decode_change_cursor(text).has_value(), "'" << text << "'");
}

BOOST_AUTO_TEST_SUITE_END()
