#include "purse/actors/log.hpp"

#include <cstdio>
#include <mutex>

#include "purse/actors/json.hpp"
#include "purse/actors/timestamp.hpp"

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

} // namespace

void log_event(log_level level, std::string_view event,
               std::initializer_list<log_field> fields) {
  json_writer w;
  w.begin_object();
  w.key("ts").value(format_utc(now_seconds()));
  w.key("level").value(level_name(level));
  w.key("event").value(event);
  for (auto& f : fields) {
    w.key(f.key);
    if (f.raw)
      w.raw_number(f.value);
    else
      w.value(f.value);
  }
  w.end_object();
  auto line = w.str();
  line += '\n';
  std::lock_guard<std::mutex> guard{log_mutex()};
  std::fwrite(line.data(), 1, line.size(), stderr);
  std::fflush(stderr);
}

} // namespace purse
