// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/log.hpp"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <map>
#include <mutex>
#include <vector>

#include "purse/actors/json.hpp"
#include "purse/actors/timestamp.hpp"
#include "purse/actors/utf8.hpp"

namespace purse {

namespace {

const char* level_name(log_level level) {
  switch (level) {
    case log_level::debug:
      return "debug";
    case log_level::info:
      return "info";
    case log_level::warn:
      return "warn";
    default:
      return "error";
  }
}

std::mutex& log_mutex() {
  static std::mutex m;
  return m;
}

/// Per event of log_event_rarely: when it was last written, and how many
/// lines were left out since.
struct rare_event {
  std::chrono::steady_clock::time_point last;
  std::int64_t suppressed = 0;
};

void write_event(log_level level, std::string_view event,
                 const std::vector<log_field>& fields) {
  json_writer w;
  w.begin_object();
  w.key("ts").value(log_time(std::chrono::system_clock::now()));
  w.key("level").value(level_name(level));
  w.key("event").value(event);
  for (auto& f : fields) {
    w.key(f.key);
    if (f.raw)
      w.raw_number(f.value);
    else
      w.value(loggable(f.value));
  }
  w.end_object();
  auto line = w.str();
  line += '\n';
  std::lock_guard<std::mutex> guard{log_mutex()};
  std::fwrite(line.data(), 1, line.size(), stderr);
  std::fflush(stderr);
}

} // namespace

std::string log_time(std::chrono::system_clock::time_point t) {
  using namespace std::chrono;
  auto ms = duration_cast<milliseconds>(t.time_since_epoch()).count();
  auto seconds = ms / 1000;
  auto rest = ms % 1000;
  if (rest < 0) {
    rest += 1000;
    seconds -= 1;
  }
  // format_utc gives YYYY-MM-DDTHH:MM:SSZ; the milliseconds go before Z.
  auto text = format_utc(seconds);
  char frac[] = ".000";
  frac[1] = static_cast<char>('0' + rest / 100);
  frac[2] = static_cast<char>('0' + rest / 10 % 10);
  frac[3] = static_cast<char>('0' + rest % 10);
  text.insert(text.size() - 1, frac, 4);
  return text;
}

std::string loggable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  static constexpr char hex[] = "0123456789abcdef";
  for (std::size_t i = 0; i < text.size();) {
    auto n = utf8_sequence(text, i);
    if (n > 0) {
      out.append(text.substr(i, n));
      i += n;
      continue;
    }
    auto c = static_cast<unsigned char>(text[i++]);
    out += "\\x";
    out += hex[c >> 4];
    out += hex[c & 0xF];
  }
  return out;
}

void log_event(log_level level, std::string_view event,
               std::initializer_list<log_field> fields) {
  write_event(level, event, fields);
}

void log_event_rarely(log_level level, std::string_view event,
                      std::initializer_list<log_field> fields) {
  static std::mutex mtx;
  static std::map<std::string, rare_event, std::less<>> events;
  auto now = std::chrono::steady_clock::now();
  std::int64_t suppressed = 0;
  {
    std::lock_guard<std::mutex> guard{mtx};
    auto it = events.find(event);
    if (it != events.end()
        && now - it->second.last
             < std::chrono::seconds(repeat_log_interval_seconds)) {
      ++it->second.suppressed;
      return;
    }
    if (it == events.end())
      it = events.emplace(std::string{event}, rare_event{}).first;
    suppressed = it->second.suppressed;
    it->second = rare_event{now, 0};
  }
  std::vector<log_field> all(fields);
  if (suppressed > 0)
    all.push_back({"suppressed", std::to_string(suppressed), true});
  write_event(level, event, all);
}

} // namespace purse
