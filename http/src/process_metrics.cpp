// SPDX-License-Identifier: GPL-2.0-or-later
#include "process_metrics.hpp"

#include <dirent.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <limits>
#include <sstream>
#include <vector>

#include "exposition.hpp"
#include "purse/actors/build_info.hpp"

namespace purse::http {

namespace {

using exposition::family;
using exposition::quoted;
using exposition::sample;

std::optional<std::string> read_file(const char* path) {
  std::ifstream in{path};
  if (!in)
    return std::nullopt;
  return std::string{std::istreambuf_iterator<char>{in}, {}};
}

/// The machine's boot time (seconds since the epoch), from /proc/stat.
std::optional<double> boot_time() {
  auto text = read_file("/proc/stat");
  if (!text)
    return std::nullopt;
  auto at = text->find("\nbtime ");
  if (at == std::string::npos)
    return std::nullopt;
  return std::strtod(text->c_str() + at + 7, nullptr);
}

/// Entries of /proc/self/fd (the directory's own descriptor included, as
/// the client libraries count it).
std::optional<double> open_fds() {
  auto* dir = opendir("/proc/self/fd");
  if (dir == nullptr)
    return std::nullopt;
  double n = 0;
  while (auto* e = readdir(dir))
    if (e->d_name[0] != '.')
      ++n;
  closedir(dir);
  return n;
}

/// Seconds since the epoch and byte counts need more digits than the
/// request counters' 9 to stay exact.
std::string value(double v) {
  if (std::isinf(v))
    return "+Inf";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.15g", v);
  return buf;
}

} // namespace

std::optional<process_stat>
parse_proc_stat(std::string_view text, long ticks_per_second, long page_size) {
  // "pid (comm) state ppid ...": fields from the state on (field 3) follow
  // the last ')'.
  auto close = text.rfind(')');
  if (close == std::string_view::npos || ticks_per_second <= 0)
    return std::nullopt;
  std::istringstream in{std::string{text.substr(close + 1)}};
  std::vector<std::string> fields{std::istream_iterator<std::string>{in}, {}};
  // Field n (1-based, as proc(5) numbers them) is fields[n - 3].
  constexpr std::size_t utime = 14 - 3, stime = 15 - 3, starttime = 22 - 3,
                        vsize = 23 - 3, rss = 24 - 3;
  if (fields.size() <= rss)
    return std::nullopt;
  auto num = [&](std::size_t i) {
    return std::strtod(fields[i].c_str(), nullptr);
  };
  auto ticks = static_cast<double>(ticks_per_second);
  process_stat out;
  out.cpu_seconds = (num(utime) + num(stime)) / ticks;
  out.started_after_boot = num(starttime) / ticks;
  out.virtual_bytes = num(vsize);
  out.resident_bytes = num(rss) * static_cast<double>(page_size);
  return out;
}

void append_build_info(std::string& out) {
  auto& b = this_build();
  family(out, "purse_build_info", "gauge",
         "Always 1; its labels say what this binary is: its version, the git "
         "commit it was built from and the database schema version it "
         "expects.");
  sample(out, "purse_build_info",
         "version=" + quoted(b.version) + ",commit=" + quoted(b.commit)
           + ",schema=" + quoted(std::to_string(b.schema_version)),
         "1");
}

void append_process_metrics(std::string& out) {
  std::optional<process_stat> stat;
  if (auto text = read_file("/proc/self/stat"))
    stat = parse_proc_stat(*text, sysconf(_SC_CLK_TCK), sysconf(_SC_PAGESIZE));
  if (stat) {
    family(out, "process_cpu_seconds_total", "counter",
           "Total user and system CPU time spent in seconds.");
    sample(out, "process_cpu_seconds_total", "", value(stat->cpu_seconds));
    family(out, "process_resident_memory_bytes", "gauge",
           "Resident memory size in bytes.");
    sample(out, "process_resident_memory_bytes", "",
           value(stat->resident_bytes));
    family(out, "process_virtual_memory_bytes", "gauge",
           "Virtual memory size in bytes.");
    sample(out, "process_virtual_memory_bytes", "", value(stat->virtual_bytes));
  }
  if (auto fds = open_fds()) {
    family(out, "process_open_fds", "gauge",
           "Number of open file descriptors.");
    sample(out, "process_open_fds", "", value(*fds));
  }
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0) {
    family(out, "process_max_fds", "gauge",
           "Maximum number of open file descriptors.");
    sample(out, "process_max_fds", "",
           value(limit.rlim_cur == RLIM_INFINITY
                   ? std::numeric_limits<double>::infinity()
                   : static_cast<double>(limit.rlim_cur)));
  }
  // Fixed for the process's life: read once.
  static const std::optional<double> started = [&]() -> std::optional<double> {
    auto boot = boot_time();
    if (!stat || !boot)
      return std::nullopt;
    return *boot + stat->started_after_boot;
  }();
  if (started) {
    family(out, "process_start_time_seconds", "gauge",
           "Start time of the process since unix epoch in seconds.");
    sample(out, "process_start_time_seconds", "", value(*started));
  }
}

} // namespace purse::http
