// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/quotas.hpp"

#include <charconv>

#include "purse/actors/roles.hpp"

namespace purse {

namespace {

constexpr std::int64_t mib = 1024 * 1024;

} // namespace

const std::vector<std::string>& quota_table::names() {
  static const std::vector<std::string> all{
    "accounts",           "categories",     "tags",        "files",
    "file_storage_bytes", "max_file_bytes", "team_members"};
  return all;
}

quota_table quota_table::defaults() {
  quota_table t;
  t.limits_["free"]
    = {{"accounts", 2},    {"categories", 20},        {"tags", 20},
       {"files", 0},       {"file_storage_bytes", 0}, {"max_file_bytes", 0},
       {"team_members", 1}};
  t.limits_["solo"] = {{"accounts", 25},
                       {"categories", 200},
                       {"tags", 500},
                       {"files", 1000},
                       {"file_storage_bytes", 1024 * mib},
                       {"max_file_bytes", 10 * mib},
                       {"team_members", 2}};
  t.limits_["family"] = {{"accounts", 100},
                         {"categories", 500},
                         {"tags", 2000},
                         {"files", 10000},
                         {"file_storage_bytes", 10 * 1024 * mib},
                         {"max_file_bytes", 25 * mib},
                         {"team_members", 6}};
  return t;
}

std::int64_t quota_table::limit(std::string_view plan,
                                std::string_view quota) const {
  auto p = limits_.find(plan);
  if (p == limits_.end())
    return 0;
  auto q = p->second.find(quota);
  return q == p->second.end() ? 0 : q->second;
}

bool quota_table::apply(std::string_view spec, std::string& error) {
  while (!spec.empty()) {
    auto comma = spec.find(',');
    auto item = spec.substr(0, comma);
    spec = comma == std::string_view::npos ? std::string_view{}
                                           : spec.substr(comma + 1);
    auto dot = item.find('.');
    auto eq = item.find('=');
    if (dot == std::string_view::npos || eq == std::string_view::npos
        || eq < dot) {
      error = "quota '" + std::string{item} + "' must look like solo.tags=500";
      return false;
    }
    auto plan = item.substr(0, dot);
    auto name = item.substr(dot + 1, eq - dot - 1);
    auto number = item.substr(eq + 1);
    std::int64_t value = -1;
    auto [ptr, ec] = std::from_chars(number.data(),
                                     number.data() + number.size(), value);
    if (!is_plan(plan)) {
      error = "unknown plan '" + std::string{plan} + "' in quota '"
              + std::string{item} + "'";
      return false;
    }
    bool known = false;
    for (auto& n : names())
      known = known || n == name;
    if (!known) {
      error = "unknown quota '" + std::string{name} + "'";
      return false;
    }
    if (number.empty() || ec != std::errc{}
        || ptr != number.data() + number.size() || value < 0) {
      error = "quota '" + std::string{item} + "' needs a whole number >= 0";
      return false;
    }
    limits_[std::string{plan}][std::string{name}] = value;
  }
  return true;
}

} // namespace purse
