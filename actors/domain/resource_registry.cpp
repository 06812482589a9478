// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/resource_routes.hpp"
#include "resource.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

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
const resource& budgets_resource();
const resource& changes_resource();
const resource& webhooks_resource();

} // namespace resources

namespace {

/// The built-in resources, in display order (quotas, routes, /me/usage).
const std::vector<const resource*>& built_in() {
  static const std::vector<const resource*> table{
    &resources::transactions_resource(), &resources::accounts_resource(),
    &resources::categories_resource(),   &resources::tags_resource(),
    &resources::budgets_resource(),      &resources::profile_resource(),
    &resources::usage_resource(),        &resources::files_resource(),
    &resources::reports_resource(),      &resources::currencies_resource(),
    &resources::team_resource(),         &resources::changes_resource(),
    &resources::webhooks_resource(),
  };
  return table;
}

/// The resources added by register_resource(), and whether the registry
/// was read (after which it stays as it is).
struct added_resources {
  std::vector<const resource*> list;
  bool sealed = false;
};

added_resources& added() {
  static added_resources state;
  return state;
}

} // namespace

void register_resource(const resource& r) {
  auto& extra = added();
  if (extra.sealed)
    throw std::logic_error("register_resource(" + std::string{r.name()}
                           + "): the registry was already read");
  auto named = [&](const resource* res) {
    return res->name() == r.name();
  };
  if (std::any_of(built_in().begin(), built_in().end(), named)
      || std::any_of(extra.list.begin(), extra.list.end(), named))
    throw std::logic_error("register_resource(" + std::string{r.name()}
                           + "): a resource has this name");
  extra.list.push_back(&r);
}

const std::vector<const resource*>& all_resources() {
  static const std::vector<const resource*> table = [] {
    auto out = built_in();
    auto& extra = added();
    extra.sealed = true;
    out.insert(out.end(), extra.list.begin(), extra.list.end());
    return out;
  }();
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
