// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The `data` of a 422: messages per invalid field.

#include <map>
#include <string>
#include <vector>

namespace purse {

/// Field name -> messages, in field order; the `data` of a 422.
class field_errors {
public:
  /// Records one message for a field.
  void add(const std::string& field, std::string message);

  /// True when nothing was recorded.
  bool empty() const {
    return errors_.empty();
  }

  /// Renders {"field":["message",...],...}.
  std::string to_json() const;

private:
  std::map<std::string, std::vector<std::string>> errors_;
};

} // namespace purse
