// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/quotas.hpp"

#include <charconv>

#include "purse/actors/roles.hpp"

namespace purse {

const std::vector<std::string>& quota_table::names() {
  static const std::vector<std::string> all = [] {
    std::vector<std::string> out;
    for (auto& q : all_quotas())
      out.push_back(q.name);
    return out;
  }();
  return all;
}

const quota_spec* quota_table::find(std::string_view name) {
  for (auto& q : all_quotas())
    if (q.name == name)
      return &q;
  return nullptr;
}

quota_table quota_table::defaults() {
  quota_table t;
  for (auto& q : all_quotas()) {
    t.limits_["free"][q.name] = q.defaults.free;
    t.limits_["solo"][q.name] = q.defaults.solo;
    t.limits_["family"][q.name] = q.defaults.family;
  }
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
    if (find(name) == nullptr) {
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
