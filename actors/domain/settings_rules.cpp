// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/settings_rules.hpp"

#include <algorithm>
#include <charconv>
#include <iterator>

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

std::string grouped(std::int64_t n) {
  // The magnitude as unsigned: -INT64_MIN does not fit the signed type.
  auto magnitude = n < 0 ? 0 - static_cast<std::uint64_t>(n)
                         : static_cast<std::uint64_t>(n);
  auto digits = std::to_string(magnitude);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0)
      out += ',';
    out += digits[i];
  }
  return n < 0 ? "-" + out : out;
}

std::string human_bytes(std::int64_t bytes) {
  if (bytes < 1024)
    return std::to_string(std::max<std::int64_t>(bytes, 0))
           + (bytes == 1 ? " byte" : " bytes");
  static constexpr const char* units[] = {"KiB", "MiB", "GiB",
                                          "TiB", "PiB", "EiB"};
  auto n = static_cast<std::uint64_t>(bytes);
  std::size_t u = 0;
  std::uint64_t unit = 1024;
  while (u + 1 < std::size(units) && n / unit >= 1024) {
    unit *= 1024;
    ++u;
  }
  auto out = grouped(static_cast<std::int64_t>(n / unit));
  if (auto rest = n % unit; rest != 0)
    out += "." + std::to_string(rest * 10 / unit); // rest < unit <= 2^60
  return out + " " + units[u];
}

std::int64_t percent_used(std::int64_t used, std::int64_t limit) {
  if (used <= 0)
    return 0;
  if (limit <= 0 || used >= limit)
    return 100;
  // used < limit: no overflow in the division's operands.
  return static_cast<std::int64_t>(static_cast<long double>(used) * 100
                                   / static_cast<long double>(limit));
}

} // namespace purse::settings
