// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/auth_failures.hpp"

#include <functional>

#include "purse/actors/user_settings.hpp"

namespace purse {

api_result too_many_failures(std::int64_t wait) {
  auto r = make_result(errc::too_many_requests, "null",
                       "Too many failed authentications from this address "
                       "or with this key; retry in "
                         + std::to_string(wait) + " s");
  r.retry_after = wait;
  return r;
}

namespace {

/// Past this many tracked names in a shard, idle ones are forgotten.
constexpr std::size_t max_tracked_per_shard = 1'000;

} // namespace

auth_failures::shard& auth_failures::shard_of(const std::string& name) {
  return shards_[std::hash<std::string>{}(name) % shards_.size()];
}

void auth_failures::drop_idle(shard& s, time_point now) {
  for (auto i = s.entries.begin(); i != s.entries.end();)
    i = i->second.window.idle(now) ? s.entries.erase(i) : std::next(i);
}

std::optional<std::int64_t> auth_failures::blocked(const std::string& name,
                                                   time_point now) {
  auto& s = shard_of(name);
  std::lock_guard<std::mutex> guard{s.mtx};
  auto i = s.entries.find(name);
  if (i == s.entries.end())
    return std::nullopt;
  auto st = i->second.window.peek(now);
  if (st.remaining > 0)
    return std::nullopt;
  return st.reset_seconds;
}

std::int64_t auth_failures::count(const std::string& name, time_point now) {
  auto& s = shard_of(name);
  std::lock_guard<std::mutex> guard{s.mtx};
  auto i = s.entries.find(name);
  if (i == s.entries.end())
    return 0;
  return limit_ - i->second.window.peek(now).remaining;
}

void auth_failures::record(const std::string& name, time_point now) {
  auto& s = shard_of(name);
  std::lock_guard<std::mutex> guard{s.mtx};
  if (s.entries.size() > max_tracked_per_shard)
    drop_idle(s, now);
  s.entries.try_emplace(name, entry{rate_window{limit_, rate_window_length}})
    .first->second.window.admit(now);
}

void auth_failures::prune(time_point now) {
  for (auto& s : shards_) {
    std::lock_guard<std::mutex> guard{s.mtx};
    drop_idle(s, now);
  }
}

} // namespace purse
