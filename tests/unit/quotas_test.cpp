// SPDX-License-Identifier: GPL-2.0-or-later
// The quota table and its configuration syntax; the registry is its only
// source, and the README's table says what the registry declares.

#include <fstream>
#include <map>
#include <sstream>

#include <boost/test/unit_test.hpp>

#include "purse/actors/quotas.hpp"
#include "resource.hpp"

using namespace purse;

BOOST_AUTO_TEST_SUITE(quotas)

BOOST_AUTO_TEST_CASE(defaults_grow_with_the_plan) {
  auto t = quota_table::defaults();
  for (auto& name : quota_table::names()) {
    BOOST_TEST(t.limit("free", name) <= t.limit("solo", name), name);
    BOOST_TEST(t.limit("solo", name) <= t.limit("family", name), name);
  }
  BOOST_TEST(t.limit("solo", "accounts") == 25);
  BOOST_TEST(t.limit("gold", "accounts") == 0);
  BOOST_TEST(t.limit("solo", "widgets") == 0);
}

BOOST_AUTO_TEST_CASE(overrides_change_only_what_they_name) {
  auto t = quota_table::defaults();
  std::string error;
  BOOST_TEST(t.apply("solo.tags=3,family.accounts=0", error));
  BOOST_TEST(t.limit("solo", "tags") == 3);
  BOOST_TEST(t.limit("family", "accounts") == 0);
  BOOST_TEST(t.limit("solo", "accounts") == 25);
}

BOOST_AUTO_TEST_CASE(malformed_overrides_are_refused_with_a_reason) {
  for (auto bad :
       {"solo.tags", "solo=3", "gold.tags=3", "solo.widgets=3", "solo.tags=-1",
        "solo.tags=x", "solo.tags=3x", "tags.solo=3"}) {
    auto t = quota_table::defaults();
    std::string error;
    BOOST_TEST(!t.apply(bad, error), bad);
    BOOST_TEST(!error.empty());
  }
}

BOOST_AUTO_TEST_CASE(every_quota_a_create_uses_is_declared) {
  auto t = quota_table::defaults();
  std::map<std::string, int> declared;
  for (auto& q : all_quotas())
    ++declared[q.name];
  for (auto& [name, times] : declared)
    BOOST_TEST(times == 1, name << " is declared " << times << " times");
  for (auto* res : all_resources()) {
    if (res->quota() == nullptr)
      continue; // no quota: the default, and creates just work
    auto* spec = quota_table::find(res->quota());
    BOOST_TEST_REQUIRE(spec != nullptr, res->name());
    BOOST_TEST((spec->counted == quota_spec::usage::scope_count), res->name());
    BOOST_TEST(t.limit("family", res->quota()) > 0, res->name());
  }
  // Transactions have no quota.
  BOOST_TEST(find_resource("transactions")->quota() == nullptr);
}

namespace {

/// "10 MiB" as the README writes it, in bytes; plain numbers as they are.
std::int64_t readme_number(std::string text) {
  std::int64_t unit = 1;
  for (auto [suffix, factor] : {std::pair{" GiB", std::int64_t{1} << 30},
                                std::pair{" MiB", std::int64_t{1} << 20}})
    if (text.size() > 4 && text.compare(text.size() - 4, 4, suffix) == 0) {
      unit = factor;
      text.resize(text.size() - 4);
    }
  return std::stoll(text) * unit;
}

std::string trim(const std::string& s) {
  auto b = s.find_first_not_of(' ');
  auto e = s.find_last_not_of(' ');
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

} // namespace

BOOST_AUTO_TEST_CASE(the_readme_table_is_the_registrys) {
  std::ifstream readme{std::string{PURSE_SOURCE_DIR} + "/README.md"};
  BOOST_TEST_REQUIRE(readme.good());
  // | name (note) | free | solo | family |, under the quota table's head.
  std::map<std::string, std::vector<std::int64_t>> table;
  bool in_table = false;
  for (std::string line; std::getline(readme, line);) {
    if (line.rfind("| Quota (per scope) | free | solo | family |", 0) == 0) {
      in_table = true;
      continue;
    }
    if (!in_table || line.rfind("|---", 0) == 0)
      continue;
    if (line.empty() || line[0] != '|')
      break;
    std::vector<std::string> cells;
    std::stringstream row{line.substr(1)};
    for (std::string cell; std::getline(row, cell, '|');)
      cells.push_back(trim(cell));
    BOOST_TEST_REQUIRE(cells.size() >= 4u, line);
    auto name = cells[0].substr(0, cells[0].find(' '));
    table[name] = {readme_number(cells[1]), readme_number(cells[2]),
                   readme_number(cells[3])};
  }
  auto t = quota_table::defaults();
  BOOST_TEST(table.size() == quota_table::names().size());
  for (auto& name : quota_table::names()) {
    BOOST_TEST_REQUIRE(table.count(name) == 1u, name << " is not in README");
    BOOST_TEST(table[name][0] == t.limit("free", name), name);
    BOOST_TEST(table[name][1] == t.limit("solo", name), name);
    BOOST_TEST(table[name][2] == t.limit("family", name), name);
  }
}

BOOST_AUTO_TEST_SUITE_END()
