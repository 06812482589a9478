// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

#include <string>
#include <vector>

#include <caf/meta/type_name.hpp>

namespace purse {

/// File content handed over as bytes by a front end that received it in
/// its own form (HTTP multipart/form-data), so that no re-encoding is
/// needed; the files resource validates it like a JSON upload.
struct file_upload {
  /// False: the call carries no file of this form.
  bool present = false;
  /// Display name, as sent.
  std::string name;
  /// The declared media type (empty: none declared).
  std::string content_type;
  std::string bytes;
  /// Attach to this transaction at once (empty: none).
  std::string transaction_id;
  /// Names of any other fields sent beside the file (refused as unknown).
  std::vector<std::string> other_fields;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, file_upload& x) {
  return f(caf::meta::type_name("purse::file_upload"), x.present, x.name,
           x.content_type, x.bytes, x.transaction_id, x.other_fields);
}

} // namespace purse
