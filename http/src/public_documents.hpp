// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The documents served without a key: the OpenAPI document (compiled into
// the binary from openapi/openapi.json, served byte for byte) and the
// reference page rendered from it (openapi/docs/dist, built with npm, read
// from a directory at startup).
//
// Caching: files named after their content (name.<hex>.ext, as the page's
// build names every file but index.html) may be kept for a year
// (immutable); index.html and the document are revalidated on every use
// (no-cache) with their ETag, and an If-None-Match that names it gets 304.
// Text files are gzipped once at start-up and sent so to clients that
// accept gzip (Vary: Accept-Encoding).

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "response.hpp"

namespace purse::http {

/// What a request for a document says about the copies a client takes.
struct document_request {
  std::string_view path;
  /// Accept-Encoding.
  std::string_view accept_encoding;
  /// If-None-Match.
  std::string_view if_none_match;
};

class public_documents {
public:
  /// Reads the page's files from `docs_dir` (missing: the page answers 404
  /// with a message saying how to build it).
  explicit public_documents(const std::string& docs_dir);

  /// True for paths (under the API prefix) that belong to these documents.
  static bool owns(std::string_view path);

  /// The answer for GET/HEAD of one of those paths.
  outgoing answer(const document_request& req) const;

  /// Number of page files loaded (0: the page was not built).
  std::size_t page_files() const {
    return files_.size();
  }

  /// Whether a file name carries its content's hash (name.<hex>.ext, 8 hex
  /// digits or more).
  static bool content_named(std::string_view name);

  /// Whether an Accept-Encoding value accepts gzip.
  static bool accepts_gzip(std::string_view accept_encoding);

  /// One served file, in both encodings.
  struct file {
    std::string content_type;
    std::string bytes;
    /// Empty when gzip would not make it smaller (images).
    std::string gzipped;
    /// Hex digits of its SHA-256 (the ETag, "-gzip" added for gzipped).
    std::string version;
    bool immutable = false;
  };

private:
  std::map<std::string, file, std::less<>> files_;
  file openapi_;
};

/// The OpenAPI document as compiled in.
std::string_view openapi_document();

} // namespace purse::http
