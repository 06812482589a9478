// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/resource_routes.hpp"
#include "resource.hpp"

namespace purse {

namespace resources {

// Each resource defines its accessor in its own file.
const resource& transactions_resource();
const resource& accounts_resource();
const resource& categories_resource();
const resource& tags_resource();
const resource& profile_resource();
const resource& usage_resource();
const resource& files_resource();
const resource& reports_resource();
const resource& currencies_resource();
const resource& team_resource();

} // namespace resources

const std::vector<const resource*>& all_resources() {
  static const std::vector<const resource*> table{
    &resources::transactions_resource(), &resources::accounts_resource(),
    &resources::categories_resource(),   &resources::tags_resource(),
    &resources::profile_resource(),      &resources::usage_resource(),
    &resources::files_resource(),        &resources::reports_resource(),
    &resources::currencies_resource(),   &resources::team_resource(),
  };
  return table;
}

const std::vector<quota_spec>& all_quotas() {
  static const std::vector<quota_spec> quotas = [] {
    std::vector<quota_spec> out;
    for (auto res : all_resources())
      for (auto& q : res->quotas())
        out.push_back(q);
    return out;
  }();
  return quotas;
}

const std::vector<resource_route>& resource_routes() {
  static const std::vector<resource_route> routes = [] {
    std::vector<resource_route> out;
    for (auto res : all_resources())
      out.push_back({res->name(), res->shape()});
    return out;
  }();
  return routes;
}

const resource* find_resource(std::string_view name) {
  for (auto res : all_resources())
    if (res->name() == name)
      return res;
  return nullptr;
}

} // namespace purse
