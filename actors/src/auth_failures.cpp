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

/// Past this many tracked addresses in a shard, idle ones are forgotten.
constexpr std::size_t max_tracked_per_shard = 1'000;

} // namespace

auth_failures::shard& auth_failures::shard_of(const std::string& address) {
  return shards_[std::hash<std::string>{}(address) % shards_.size()];
}

std::optional<std::int64_t> auth_failures::blocked(const std::string& address,
                                                   time_point now) {
  auto& s = shard_of(address);
  std::lock_guard<std::mutex> guard{s.mtx};
  auto i = s.windows.find(address);
  if (i == s.windows.end())
    return std::nullopt;
  auto st = i->second.peek(now);
  if (st.remaining > 0)
    return std::nullopt;
  return st.reset_seconds;
}

void auth_failures::record(const std::string& address, time_point now) {
  auto& s = shard_of(address);
  std::lock_guard<std::mutex> guard{s.mtx};
  if (s.windows.size() > max_tracked_per_shard)
    for (auto i = s.windows.begin(); i != s.windows.end();)
      i = i->second.idle(now) ? s.windows.erase(i) : std::next(i);
  s.windows.try_emplace(address, limit_, rate_window_length)
    .first->second.admit(now);
}

void auth_failures::prune(time_point now) {
  for (auto& s : shards_) {
    std::lock_guard<std::mutex> guard{s.mtx};
    for (auto i = s.windows.begin(); i != s.windows.end();)
      i = i->second.idle(now) ? s.windows.erase(i) : std::next(i);
  }
}

} // namespace purse
