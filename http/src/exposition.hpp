// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Writing the Prometheus text format (0.0.4): a family's HELP and TYPE
// lines, one sample, a number and a quoted label value. Shared by the
// request counters (request_metrics.cpp) and the process and build series
// (process_metrics.cpp).

#include <cstdio>
#include <string>
#include <string_view>

namespace purse::http::exposition {

/// A number the way the format reads it.
inline std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

/// A family's `# HELP` and `# TYPE` lines.
inline void family(std::string& out, const char* name, const char* type,
                   const char* help) {
  out += "# HELP ";
  out += name;
  out += ' ';
  out += help;
  out += "\n# TYPE ";
  out += name;
  out += ' ';
  out += type;
  out += '\n';
}

/// One sample line; `labels` without braces, empty for none.
inline void sample(std::string& out, const std::string& name,
                   const std::string& labels, const std::string& value) {
  out += name;
  if (!labels.empty()) {
    out += '{';
    out += labels;
    out += '}';
  }
  out += ' ';
  out += value;
  out += '\n';
}

/// A label value with \, " and newlines escaped.
inline std::string quoted(std::string_view v) {
  std::string out = "\"";
  for (char c : v) {
    if (c == '\\' || c == '"')
      out += '\\';
    if (c == '\n')
      out += "\\n";
    else
      out += c;
  }
  out += '"';
  return out;
}

} // namespace purse::http::exposition
