#include "routes.hpp"

#include <array>
#include <vector>

namespace purse::http {

namespace {

/// One collection of a scope. A new resource is one line here.
struct resource_route {
  std::string_view name;
  /// Item actions (POST .../{id}/{action}).
  std::vector<std::string_view> actions;
  /// A read-only document rather than a collection (GET/HEAD only).
  bool singleton = false;
  /// Item sub-resources read with GET/HEAD (e.g. .../{id}/content).
  std::vector<std::string_view> read_actions = {};
  /// Only GET/HEAD on the collection and its items, which are these fixed
  /// names (reports).
  bool read_only = false;
  std::vector<std::string_view> fixed_items = {};
  /// Items can be read and deleted but not edited (files).
  bool immutable = false;
};

const std::array<resource_route, 7>& table() {
  static const std::array<resource_route, 7> routes{{
    {"transactions", {"void"}},
    {"accounts", {}},
    {"categories", {}},
    {"tags", {}},
    {"usage", {}, true},
    {"files", {}, false, {"content"}, false, {}, true},
    {"reports",
     {},
     false,
     {},
     true,
     {"total-spending", "categories-spending", "spending-trends", "dashboard"}},
  }};
  return routes;
}

const resource_route* find(std::string_view name) {
  for (auto& r : table())
    if (r.name == name)
      return &r;
  return nullptr;
}

std::vector<std::string_view> split(std::string_view path) {
  std::vector<std::string_view> out;
  while (!path.empty()) {
    auto slash = path.find('/');
    auto seg = path.substr(0, slash);
    out.push_back(seg);
    if (slash == std::string_view::npos)
      break;
    path.remove_prefix(slash + 1);
    if (path.empty())
      out.emplace_back(); // a trailing slash leaves an empty segment
  }
  return out;
}

route_match not_allowed(std::string allow) {
  route_match m;
  m.what = route_match::kind::method_not_allowed;
  m.allow = std::move(allow);
  return m;
}

} // namespace

route_match match_route(std::string_view method, std::string_view path) {
  route_match m;
  if (path.substr(0, api_prefix.size()) != api_prefix)
    return m;
  path.remove_prefix(api_prefix.size());
  if (path.empty() || path.front() != '/')
    return m;
  path.remove_prefix(1);
  if (!path.empty() && path.back() == '/')
    path.remove_suffix(1);
  auto segs = split(path);
  bool is_head = method == "HEAD";
  bool is_get = method == "GET" || is_head;
  if (segs.size() == 1 && segs[0] == "currencies") {
    // Reference data of no scope (answered in the caller's personal one).
    if (!is_get)
      return not_allowed("GET, HEAD");
    m.call.resource = "currencies";
    m.call.op = operation::list;
    m.call.is_read = true;
    m.what = route_match::kind::call;
    return m;
  }
  if (segs.size() == 1 && segs[0] == "me") {
    // The caller's profile: a document of the personal scope itself.
    if (!is_get)
      return not_allowed("GET, HEAD");
    m.call.resource = "profile";
    m.call.op = operation::read;
    m.call.is_read = true;
    m.what = route_match::kind::call;
    return m;
  }
  std::string team;
  std::size_t i = 0;
  if (segs.size() >= 2 && segs[0] == "me") {
    i = 1;
  } else if (segs.size() >= 3 && segs[0] == "teams" && !segs[1].empty()) {
    team = std::string{segs[1]};
    i = 2;
  } else {
    return m;
  }
  auto res = find(segs[i]);
  auto rest = segs.size() - i - 1; // segments after the collection name
  if (res == nullptr || rest > 2 || (rest >= 1 && segs[i + 1].empty())
      || (res->singleton && rest > 0))
    return m;
  auto& call = m.call;
  call.resource = std::string{res->name};
  call.team = team;
  call.is_read = is_get;
  if (res->read_only && rest == 1) {
    bool known = false;
    for (auto item : res->fixed_items)
      known = known || item == segs[i + 1];
    if (!known)
      return m;
  }
  if (res->singleton || (res->read_only && rest <= 1)) {
    if (!is_get)
      return not_allowed("GET, HEAD");
    if (rest == 1)
      call.id = std::string{segs[i + 1]};
    call.op = res->singleton || rest == 1 ? operation::read : operation::list;
  } else if (res->read_only) {
    return m;
  } else if (rest == 0) {
    if (is_get)
      call.op = operation::list;
    else if (method == "POST")
      call.op = operation::create;
    else
      return not_allowed("GET, HEAD, POST");
  } else if (rest == 1) {
    call.id = std::string{segs[i + 1]};
    if (is_get)
      call.op = operation::read;
    else if (res->immutable && method != "DELETE")
      return not_allowed("GET, HEAD, DELETE");
    else if (method == "PATCH")
      call.op = operation::update;
    else if (method == "PUT")
      call.op = operation::replace;
    else if (method == "DELETE")
      call.op = operation::remove;
    else
      return not_allowed("GET, HEAD, PATCH, PUT, DELETE");
  } else {
    auto action = segs[i + 2];
    bool known = false;
    bool readable = false;
    for (auto a : res->actions)
      known = known || a == action;
    for (auto a : res->read_actions)
      readable = readable || a == action;
    if (!known && !readable)
      return m;
    if (readable) {
      if (!is_get)
        return not_allowed("GET, HEAD");
      call.op = operation::read;
      call.id = std::string{segs[i + 1]};
      call.action = std::string{action};
      m.what = route_match::kind::call;
      return m;
    }
    if (method != "POST")
      return not_allowed("POST");
    call.op = operation::action;
    call.id = std::string{segs[i + 1]};
    call.action = std::string{action};
  }
  m.what = route_match::kind::call;
  return m;
}

std::vector<std::string> route_list() {
  std::vector<std::string> out{"GET /me", "GET /currencies",
                               "GET /openapi.json", "GET /docs",
                               "GET /docs/{asset}"};
  for (std::string scope : {"/me", "/teams/{team}"}) {
    for (auto& r : table()) {
      auto base = scope + "/" + std::string{r.name};
      auto item = base + "/{id}";
      out.push_back("GET " + base);
      if (r.singleton)
        continue;
      if (r.read_only) {
        for (auto name : r.fixed_items)
          out.push_back("GET " + base + "/" + std::string{name});
        continue;
      }
      out.push_back("POST " + base);
      for (auto method : {"GET", "PATCH", "PUT", "DELETE"})
        if (!r.immutable || method == std::string_view{"GET"}
            || method == std::string_view{"DELETE"})
          out.push_back(std::string{method} + " " + item);
      for (auto action : r.actions)
        out.push_back("POST " + item + "/" + std::string{action});
      for (auto action : r.read_actions)
        out.push_back("GET " + item + "/" + std::string{action});
    }
  }
  return out;
}

} // namespace purse::http
