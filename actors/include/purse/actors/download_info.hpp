// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

#include <string>

#include <caf/meta/type_name.hpp>

namespace purse {

/// A result that is raw content (a file) rather than a document.
struct download_info {
  /// Non-empty: the result's data is the content, of this media type.
  std::string media_type;
  /// The content's version (its SHA-256), for caches.
  std::string version;
  /// A safe file name to save it under.
  std::string filename;
  /// The caller already holds this version: no content is sent.
  bool unchanged = false;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, download_info& x) {
  return f(caf::meta::type_name("purse::download_info"), x.media_type,
           x.version, x.filename, x.unchanged);
}

} // namespace purse
