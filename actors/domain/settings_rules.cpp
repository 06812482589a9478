// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/settings_rules.hpp"

#include <algorithm>
#include <charconv>

#include "purse/actors/blanks.hpp"

namespace purse::settings {

bool session_alive(std::int64_t now, std::int64_t last_seen_at,
                   std::int64_t expires_at, std::int64_t idle_seconds) {
  return now < expires_at && now - last_seen_at < idle_seconds;
}

const char* key_state(std::int64_t now, std::int64_t expires_at,
                      std::int64_t revoked_at) {
  if (revoked_at != 0)
    return "revoked";
  if (expires_at <= now)
    return "expired";
  return "active";
}

std::int64_t days_left(std::int64_t now, std::int64_t expires_at) {
  if (expires_at <= now)
    return 0;
  return (expires_at - now + 86'399) / 86'400;
}

std::optional<std::int64_t>
parse_days(std::string_view text, std::int64_t fallback, std::int64_t max) {
  text = trim_blanks(text);
  if (text.empty())
    return fallback;
  std::int64_t v = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || ptr != text.data() + text.size() || v < 1 || v > max)
    return std::nullopt;
  return v;
}

std::chrono::milliseconds sign_in_delay(std::int64_t failures,
                                        std::int64_t free_failures,
                                        std::chrono::milliseconds cap) {
  if (failures < free_failures)
    return std::chrono::milliseconds{0};
  auto delay = first_sign_in_delay;
  for (auto n = failures - free_failures; n > 0 && delay < cap; --n)
    delay *= 2;
  return std::min(delay, cap);
}

std::string normal_email(std::string_view email) {
  std::string out{trim_blanks(email)};
  for (auto& c : out)
    if (c >= 'A' && c <= 'Z')
      c = static_cast<char>(c - 'A' + 'a');
  return out;
}

} // namespace purse::settings
