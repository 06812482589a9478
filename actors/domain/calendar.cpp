// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/calendar.hpp"

#include <algorithm>
#include <chrono>
#include <exception>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>

#include <date/ptz.h>
#include <date/tz.h>

#include "purse/actors/timestamp.hpp"

namespace purse {

/// A zone of the tz database: the transitions libdate-tz reads from its
/// file and, past the last of them, the rule the file ends with.
struct zone_rules {
  const date::time_zone* zone = nullptr;
  /// The file's last transition.
  date::sys_seconds last;
  /// The file's TZ string (RFC 8536 footer), e.g. CET-1CEST,M3.5.0,
  /// M10.5.0/3: libdate-tz keeps the offset of the last transition forever,
  /// but the files list transitions only up to 2037 and leave later years
  /// to this rule. Empty where the file has none or the date library cannot
  /// read it (Greenland's negative rule times): the last offset then holds.
  std::optional<Posix::time_zone> rule;
};

namespace {

using std::chrono::seconds;

/// Where libdate-tz, built with USE_OS_TZDB as Debian builds it, reads the
/// zone files.
constexpr const char* tz_dir = "/usr/share/zoneinfo/";

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

/// A zone name as the tz database spells them: components of letters,
/// digits, '_', '-' and '+', separated by single slashes, none starting
/// with a dot (so no path can leave the database's directory).
bool plain_zone_name(std::string_view name) {
  if (name.empty() || name.size() > 64 || name.front() == '/'
      || name.back() == '/')
    return false;
  char previous = '/';
  for (char c : name) {
    bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || is_digit(c)
              || c == '_' || c == '-' || c == '+' || c == '/';
    if (!ok || (c == '/' && previous == '/'))
      return false;
    previous = c;
  }
  // Files of the machine's own zone and of the default rules, not zones.
  return name != "localtime" && name != "posixrules";
}

/// The TZ string that a version 2+ zone file ends with ("\nTZ\n"); nullopt
/// if the file is not a zone file at all.
std::optional<std::string> footer_of(const std::string& name) {
  std::ifstream in(tz_dir + name, std::ios::binary);
  std::string file{std::istreambuf_iterator<char>{in},
                   std::istreambuf_iterator<char>{}};
  if (file.size() < 44 || file.compare(0, 4, "TZif") != 0)
    return std::nullopt;
  if (file[4] < '2' || file.back() != '\n')
    return std::string{};
  auto start = file.rfind('\n', file.size() - 2);
  if (start == std::string::npos)
    return std::string{};
  return file.substr(start + 1, file.size() - start - 2);
}

/// Loads `name` from the tz database; nullopt if it has no such zone.
std::optional<zone_rules> load_zone(const std::string& name) {
  zone_rules rules;
  try {
    rules.zone = date::locate_zone(name);
    auto footer = footer_of(name);
    if (!footer)
      return std::nullopt;
    // Reads the file: a zone the library lists but cannot read is none.
    rules.last
      = rules.zone->get_info(date::sys_days{date::year::max() / 1 / 1}).begin;
    if (!footer->empty()) {
      try {
        rules.rule.emplace(*footer);
      } catch (const std::exception&) {
        // a rule Posix::time_zone does not read: the last offset holds
      }
    }
  } catch (const std::exception&) {
    return std::nullopt; // not in the database, or no database at all
  }
  return rules;
}

/// Zones loaded so far by name. Entries stay put and the map is never
/// destroyed, so handles stay valid, also in threads still running at exit.
struct zone_registry {
  std::mutex mutex;
  std::map<std::string, zone_rules, std::less<>> zones;
};

zone_registry& registry() {
  static auto* instance = new zone_registry;
  return *instance;
}

std::int64_t seconds_of(date::sys_seconds t) {
  return t.time_since_epoch().count();
}

/// Local `t` as UTC: Unix seconds as if the zone were UTC.
date::sys_seconds as_utc(date::local_seconds t) {
  return date::sys_seconds{t.time_since_epoch()};
}

} // namespace

std::optional<time_zone> find_time_zone(std::string_view name) {
  if (!plain_zone_name(name))
    return std::nullopt;
  // Debian's posix/ folder links every zone under its plain name.
  constexpr std::string_view posix = "posix/";
  if (name.substr(0, posix.size()) == posix) {
    name.remove_prefix(posix.size());
    if (!plain_zone_name(name))
      return std::nullopt;
  }
  // UTC needs no database; Factory (the "-00" zone of unconfigured
  // machines) is UTC as well, but libdate-tz does not list it.
  if (name == "UTC" || name == "Factory")
    return time_zone{};
  auto& known = registry();
  std::lock_guard<std::mutex> lock(known.mutex);
  auto found = known.zones.find(name);
  if (found == known.zones.end()) {
    std::string key{name};
    auto rules = load_zone(key);
    if (!rules)
      return std::nullopt;
    found = known.zones.emplace(std::move(key), std::move(*rules)).first;
  }
  return time_zone{&found->second};
}

std::optional<civil_day> parse_civil_day(std::string_view text) {
  auto midnight = parse_date(text);
  if (!midnight)
    return std::nullopt;
  return civil_day{date::floor<date::days>(seconds{*midnight})};
}

std::optional<civil_month> parse_civil_month(std::string_view text) {
  // A month exists if its first day does.
  if (text.size() != 7)
    return std::nullopt;
  auto first = parse_civil_day(std::string{text} + "-01");
  if (!first)
    return std::nullopt;
  return month_of(*first);
}

std::string format_civil_day(const civil_day& day) {
  return date::format("%F", day);
}

std::string format_civil_month(const civil_month& month) {
  return date::format("%Y-%m", month);
}

civil_month month_of(const civil_day& day) {
  date::year_month_day ymd{day};
  return ymd.year() / ymd.month();
}

civil_day first_day(const civil_month& month) {
  return civil_day{month / 1};
}

civil_day last_day(const civil_month& month) {
  return civil_day{month / date::last};
}

std::int64_t day_start(const civil_day& day, const time_zone& zone) {
  date::local_seconds midnight{day};
  auto* rules = zone.rules();
  if (rules == nullptr)
    return seconds_of(as_utc(midnight));
  // Two days past the last transition no offset reaches back before it.
  auto info = rules->rule && as_utc(midnight) - date::days{2} >= rules->last
                ? rules->rule->get_info(midnight)
                : rules->zone->get_info(midnight);
  // Midnight skipped by a transition: the day begins where the gap ends.
  if (info.result == date::local_info::nonexistent)
    return seconds_of(info.second.begin);
  // Midnight repeated: the day begins at its first occurrence (the
  // earlier offset, `first`).
  return seconds_of(as_utc(midnight) - info.first.offset);
}

civil_day local_day(std::int64_t at, const time_zone& zone) {
  date::sys_seconds t{seconds{at}};
  auto offset = seconds{0};
  if (auto* rules = zone.rules())
    offset = rules->rule && t >= rules->last ? rules->rule->get_info(t).offset
                                             : rules->zone->get_info(t).offset;
  return date::floor<date::days>(
    date::local_seconds{(t + offset).time_since_epoch()});
}

std::vector<day_range> split_range(const day_range& range,
                                   report_interval interval) {
  std::vector<day_range> out;
  auto first = range.first;
  while (first <= range.last) {
    civil_day next = first + date::days{1};
    if (interval == report_interval::week) {
      // The next Monday after `first`.
      auto to_monday = date::Monday - date::weekday{first};
      next = first + (to_monday == date::days{0} ? date::days{7} : to_monday);
    } else if (interval == report_interval::month) {
      next = first_day(month_of(first) + date::months{1});
    }
    out.push_back({first, std::min(next - date::days{1}, range.last)});
    first = next;
  }
  return out;
}

bool spans_less_than_years(const day_range& range, int years) {
  // An overflowing day counts on into the next month (2025-02-29 is
  // 2025-03-01), as the date library specifies for a valid year and month.
  auto limit
    = civil_day{date::year_month_day{range.first} + date::years{years}};
  return range.last < limit;
}

} // namespace purse
