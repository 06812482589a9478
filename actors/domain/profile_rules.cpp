// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/profile_rules.hpp"

#include "purse/actors/calendar.hpp"
#include "purse/actors/currency.hpp"
#include "purse/actors/utf8.hpp"

namespace purse::profile {

namespace {

failure invalid(const char* field, const char* message) {
  return refused(errc::unprocessable, field, message);
}

} // namespace

std::optional<failure> name_problem(std::string_view name) {
  if (name.size() > max_name_bytes)
    return invalid("name", "must be at most 200 bytes");
  if (!valid_utf8(name))
    return invalid("name", "must be valid UTF-8 text");
  for (unsigned char c : name)
    if (c < 0x20 || c == 0x7f)
      return invalid("name", "must not contain control characters");
  return std::nullopt;
}

std::optional<failure> currency_problem(std::string_view code) {
  if (find_currency(code) == nullptr)
    return invalid("currency_code",
                   "must be an upper-case ISO 4217 code, e.g. USD");
  return std::nullopt;
}

std::optional<failure> timezone_problem(std::string_view zone) {
  if (!find_time_zone(zone))
    return invalid("timezone", "must be an IANA time zone name, e.g. "
                               "Europe/Berlin or UTC");
  return std::nullopt;
}

std::optional<failure> profile_problem(std::string_view name,
                                       std::string_view currency_code,
                                       std::string_view timezone) {
  if (auto p = name_problem(name))
    return p;
  if (auto p = currency_problem(currency_code))
    return p;
  return timezone_problem(timezone);
}

} // namespace purse::profile
