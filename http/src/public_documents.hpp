#pragma once

// The documents served without a key: the OpenAPI document (compiled into
// the binary from openapi/openapi.json, served byte for byte) and the
// reference page rendered from it (openapi/docs/dist, built with npm, read
// from a directory at startup).

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "response.hpp"

namespace purse::http {

class public_documents {
public:
  /// Reads the page's files from `docs_dir` (missing: the page answers 404
  /// with a message saying how to build it).
  explicit public_documents(const std::string& docs_dir);

  /// True for paths (under the API prefix) that belong to these documents.
  static bool owns(std::string_view path);

  /// The answer for GET/HEAD of one of those paths.
  outgoing answer(std::string_view path) const;

  /// Number of page files loaded (0: the page was not built).
  std::size_t page_files() const {
    return files_.size();
  }

private:
  struct file {
    std::string content_type;
    std::string bytes;
  };
  std::map<std::string, file, std::less<>> files_;
};

/// The OpenAPI document as compiled in.
std::string_view openapi_document();

} // namespace purse::http
