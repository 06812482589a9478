// SPDX-License-Identifier: GPL-2.0-or-later
#include "csv.hpp"

namespace purse::resources {

void append_csv_field(std::string& out, std::string_view field) {
  if (field.find_first_of(",\"\r\n") == std::string_view::npos) {
    out.append(field);
    return;
  }
  out.push_back('"');
  for (char c : field) {
    if (c == '"')
      out.push_back('"');
    out.push_back(c);
  }
  out.push_back('"');
}

void append_csv_record(std::string& out,
                       const std::vector<std::string_view>& fields) {
  bool first = true;
  for (auto f : fields) {
    if (!first)
      out.push_back(',');
    first = false;
    append_csv_field(out, f);
  }
  out.append("\r\n");
}

} // namespace purse::resources
