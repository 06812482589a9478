// SPDX-License-Identifier: GPL-2.0-or-later
// /proc/<pid>/stat is read by field position after the command name, which
// may itself hold spaces and parentheses.

#include <boost/test/unit_test.hpp>

#include "process_metrics.hpp"

using namespace purse::http;

BOOST_AUTO_TEST_SUITE(process_metrics)

BOOST_AUTO_TEST_CASE(stat_fields_are_counted_after_the_last_parenthesis) {
  // utime 250 and stime 150 ticks, started 12345 ticks after boot, 8 MiB of
  // virtual memory, 300 resident pages.
  auto line = std::string{"4242 (a (b) c) S 1 4242 4242 0 -1 4194560 900 0 0 "
                          "0 250 150 0 0 20 0 7 0 12345 8388608 300 "
                          "18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 "
                          "0 0 0 0 0\n"};
  auto stat = parse_proc_stat(line, 100, 4096);
  BOOST_REQUIRE(stat);
  BOOST_TEST(stat->cpu_seconds == 4.0);
  BOOST_TEST(stat->started_after_boot == 123.45);
  BOOST_TEST(stat->virtual_bytes == 8388608.0);
  BOOST_TEST(stat->resident_bytes == 300.0 * 4096);
}

BOOST_AUTO_TEST_CASE(a_truncated_stat_is_no_stat) {
  BOOST_TEST(!parse_proc_stat("4242 (purse-server) S 1 2 3", 100, 4096));
  BOOST_TEST(!parse_proc_stat("", 100, 4096));
  BOOST_TEST(!parse_proc_stat("4242 (x) S 1 2 3 4 5 6 7 8 9 10 11 12 13 14 "
                              "15 16 17 18 19 20 21 22 23",
                              0, 4096));
}

BOOST_AUTO_TEST_CASE(this_process_has_a_stat) {
  std::string out;
  append_process_metrics(out);
  BOOST_TEST(out.find("\nprocess_cpu_seconds_total ") != std::string::npos);
  BOOST_TEST(out.find("# TYPE process_start_time_seconds gauge")
             != std::string::npos);
  BOOST_TEST(out.find("e+") == std::string::npos, out);
}

BOOST_AUTO_TEST_SUITE_END()
