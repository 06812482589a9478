// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/report_cache.hpp"

#include <algorithm>

namespace purse {

std::optional<api_result> report_cache::find(const std::string& key,
                                             time_point now) const {
  std::lock_guard<std::mutex> guard{mtx_};
  auto i = entries_.find(key);
  if (i == entries_.end() || now - i->second.at >= ttl)
    return std::nullopt;
  return i->second.result;
}

std::uint64_t report_cache::generation() const {
  std::lock_guard<std::mutex> guard{mtx_};
  return generation_;
}

void report_cache::fill(const std::string& key, std::uint64_t generation,
                        time_point at, api_result r) {
  std::lock_guard<std::mutex> guard{mtx_};
  if (generation != generation_)
    return;
  if (entries_.size() >= max_entries && entries_.count(key) == 0) {
    auto oldest = std::min_element(entries_.begin(), entries_.end(),
                                   [](auto& a, auto& b) {
                                     return a.second.at < b.second.at;
                                   });
    entries_.erase(oldest);
  }
  r.rate = {};
  entries_[key] = entry{std::move(r), at};
}

void report_cache::drop_all() {
  std::lock_guard<std::mutex> guard{mtx_};
  ++generation_;
  entries_.clear();
}

std::string report_cache_key(const api_call& call) {
  // Length-prefixed parts: no two different calls make the same key.
  std::string key;
  auto add = [&](const std::string& part) {
    key += std::to_string(part.size());
    key += ':';
    key += part;
  };
  add(call.resource);
  add(call.id);
  add(call.action);
  bool zone_given = false;
  for (auto& [name, value] : call.query) {
    add(name);
    add(value);
    zone_given = zone_given || name == "tz";
  }
  add(zone_given ? std::string{} : call.caller_timezone);
  return key;
}

} // namespace purse
