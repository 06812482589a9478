// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The series every Prometheus target is expected to have: what this binary
// is (purse_build_info) and the process_* family of the client libraries
// (CPU, memory, descriptors, start time), read from /proc/self at each
// scrape.

#include <optional>
#include <string>
#include <string_view>

namespace purse::http {

/// The numbers of /proc/<pid>/stat that the process series need.
struct process_stat {
  /// User plus system CPU time, in seconds.
  double cpu_seconds = 0;
  /// Start time after the machine's boot, in seconds.
  double started_after_boot = 0;
  /// Virtual memory size, in bytes.
  double virtual_bytes = 0;
  /// Resident set size, in bytes.
  double resident_bytes = 0;
};

/// Parses the text of /proc/<pid>/stat (the command name in parentheses may
/// hold spaces and parentheses); nothing when it is malformed.
std::optional<process_stat>
parse_proc_stat(std::string_view text, long ticks_per_second, long page_size);

/// Appends `purse_build_info{version,commit,schema} 1`.
void append_build_info(std::string& out);

/// Appends process_cpu_seconds_total, process_resident_memory_bytes,
/// process_virtual_memory_bytes, process_open_fds, process_max_fds and
/// process_start_time_seconds; a series whose source cannot be read is
/// left out.
void append_process_metrics(std::string& out);

} // namespace purse::http
