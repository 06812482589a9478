// SPDX-License-Identifier: GPL-2.0-or-later
#include "routes.hpp"

#include <algorithm>

#include "purse/actors/resource_routes.hpp"

namespace purse::http {

namespace {

using mount = route_shape::mount;

const resource_route* find(std::string_view name, mount where) {
  for (auto& r : resource_routes())
    if (r.name == name && r.shape.where == where)
      return &r;
  return nullptr;
}

bool contains(const std::vector<std::string_view>& xs, std::string_view x) {
  return std::find(xs.begin(), xs.end(), x) != xs.end();
}

std::vector<std::string_view> split(std::string_view path) {
  std::vector<std::string_view> out;
  while (!path.empty()) {
    auto slash = path.find('/');
    out.push_back(path.substr(0, slash));
    if (slash == std::string_view::npos)
      break;
    path.remove_prefix(slash + 1);
    if (path.empty())
      out.emplace_back(); // a trailing slash leaves an empty segment
  }
  return out;
}

/// The methods a path of `r` answers, for Allow; `rest` is the number of
/// segments after the collection name (0 collection, 1 item).
std::string allowed(const route_shape& s, std::size_t rest) {
  std::string out = "GET, HEAD";
  if (rest == 0 && s.creatable && s.named_items.empty()
      && s.where == mount::collection)
    out += ", POST";
  if (rest == 1 && s.editable)
    out += ", PATCH, PUT";
  if (rest == 1 && s.deletable)
    out += ", DELETE";
  return out;
}

/// Builds matches for one resource.
class matcher {
public:
  matcher(std::string_view method, const resource_route& r)
    : method_(method), shape_(r.shape) {
    m_.call.resource = std::string{r.name};
    m_.call.is_read = is_get();
    m_.shape = &r.shape;
  }

  bool is_get() const {
    return method_ == "GET" || method_ == "HEAD";
  }

  route_match call(operation op, std::string_view id = {},
                   std::string_view action = {}) {
    m_.what = route_match::kind::call;
    m_.call.op = op;
    m_.call.id = std::string{id};
    m_.call.action = std::string{action};
    return std::move(m_);
  }

  route_match refuse(std::string allow) {
    m_.what = route_match::kind::method_not_allowed;
    m_.allow = std::move(allow);
    return std::move(m_);
  }

  /// A read-only document (profile, usage) or reference list (currencies).
  route_match document(operation op) {
    return is_get() ? call(op) : refuse("GET, HEAD");
  }

  /// `<scope>/<name>[/<segments>...]` of a collection.
  route_match collection(const std::vector<std::string_view>& rest,
                         std::string team) {
    m_.call.team = std::move(team);
    if (rest.size() > 2 || (!rest.empty() && rest[0].empty()))
      return {};
    if (!shape_.named_items.empty() && rest.size() == 1
        && !contains(shape_.named_items, rest[0]))
      return {};
    if (rest.empty()) {
      if (is_get())
        return call(operation::list);
      if (method_ == "POST" && shape_.creatable)
        return call(operation::create);
      return refuse(allowed(shape_, 0));
    }
    if (rest.size() == 1 && contains(shape_.collection_actions, rest[0]))
      return method_ == "POST" ? call(operation::action, {}, rest[0])
                               : refuse("POST");
    if (rest.size() == 1 && contains(shape_.collection_downloads, rest[0]))
      return is_get() ? call(operation::list, {}, rest[0])
                      : refuse("GET, HEAD");
    if (rest.size() == 1) {
      if (is_get())
        return call(operation::read, rest[0]);
      if (method_ == "PATCH" && shape_.editable)
        return call(operation::update, rest[0]);
      if (method_ == "PUT" && shape_.editable)
        return call(operation::replace, rest[0]);
      if (method_ == "DELETE" && shape_.deletable)
        return call(operation::remove, rest[0]);
      return refuse(allowed(shape_, 1));
    }
    if (!shape_.named_items.empty())
      return {};
    auto action = rest[1];
    if (contains(shape_.downloads, action))
      return is_get() ? call(operation::read, rest[0], action)
                      : refuse("GET, HEAD");
    if (contains(shape_.actions, action))
      return method_ == "POST" ? call(operation::action, rest[0], action)
                               : refuse("POST");
    return {};
  }

private:
  std::string_view method_;
  const route_shape& shape_;
  route_match m_;
};

} // namespace

route_match match_route(std::string_view method, std::string_view path) {
  if (path.substr(0, api_prefix.size()) != api_prefix)
    return {};
  path.remove_prefix(api_prefix.size());
  if (path.empty() || path.front() != '/')
    return {};
  path.remove_prefix(1);
  if (!path.empty() && path.back() == '/')
    path.remove_suffix(1);
  auto segs = split(path);
  if (segs.size() == 1) {
    if (segs[0] == "me") {
      for (auto& r : resource_routes())
        if (r.shape.where == mount::personal_root)
          return matcher{method, r}.document(operation::read);
      return {};
    }
    if (auto r = find(segs[0], mount::global))
      return matcher{method, *r}.document(operation::list);
    return {};
  }
  if (segs.size() == 2 && segs[0] == "teams" && !segs[1].empty()) {
    for (auto& r : resource_routes())
      if (r.shape.where == mount::team_root) {
        auto m = matcher{method, r}.document(operation::read);
        m.call.team = std::string{segs[1]};
        return m;
      }
    return {};
  }
  std::string team;
  std::size_t i = 0;
  if (segs.size() >= 2 && segs[0] == "me") {
    i = 1;
  } else if (segs.size() >= 3 && segs[0] == "teams" && !segs[1].empty()) {
    team = std::string{segs[1]};
    i = 2;
  } else {
    return {};
  }
  std::vector<std::string_view> rest(segs.begin() + i + 1, segs.end());
  if (auto doc = find(segs[i], mount::document)) {
    if (!rest.empty())
      return {};
    auto m = matcher{method, *doc}.document(operation::read);
    m.call.team = team;
    return m;
  }
  if (auto r = find(segs[i], mount::collection))
    return matcher{method, *r}.collection(rest, std::move(team));
  return {};
}

std::vector<std::string> route_list() {
  std::vector<std::string> out;
  for (auto& r : resource_routes()) {
    if (r.shape.where == mount::personal_root)
      out.push_back("GET /me");
    else if (r.shape.where == mount::team_root)
      out.push_back("GET /teams/{team}");
    else if (r.shape.where == mount::global)
      out.push_back("GET /" + std::string{r.name});
  }
  for (auto doc : {"/openapi.json", "/docs", "/docs/{asset}"})
    out.push_back(std::string{"GET "} + doc);
  for (std::string scope : {"/me", "/teams/{team}"}) {
    for (auto& r : resource_routes()) {
      auto& s = r.shape;
      if (s.where != mount::collection && s.where != mount::document)
        continue;
      auto base = scope + "/" + std::string{r.name};
      auto item = base + "/{id}";
      out.push_back("GET " + base);
      if (s.where == mount::document)
        continue;
      if (!s.named_items.empty()) {
        for (auto name : s.named_items)
          out.push_back("GET " + base + "/" + std::string{name});
        continue;
      }
      if (s.creatable)
        out.push_back("POST " + base);
      for (auto action : s.collection_actions)
        out.push_back("POST " + base + "/" + std::string{action});
      for (auto name : s.collection_downloads)
        out.push_back("GET " + base + "/" + std::string{name});
      out.push_back("GET " + item);
      if (s.editable) {
        out.push_back("PATCH " + item);
        out.push_back("PUT " + item);
      }
      if (s.deletable)
        out.push_back("DELETE " + item);
      for (auto action : s.actions)
        out.push_back("POST " + item + "/" + std::string{action});
      for (auto name : s.downloads)
        out.push_back("GET " + item + "/" + std::string{name});
    }
  }
  return out;
}

} // namespace purse::http
