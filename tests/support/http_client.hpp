// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// A small blocking HTTP client for tests, over libcurl.

#include <map>
#include <string>
#include <vector>

#include <rapidjson/document.h>

namespace purse::test {

/// One response; header names are lower-cased.
struct response {
  long status = 0;
  std::map<std::string, std::string> headers;
  std::string body;
  /// The body parsed with numbers kept as their exact text.
  rapidjson::Document json() const;
  /// Text at a JSON pointer ("/data/id"); numbers as their source text,
  /// "null" for null, "" if absent.
  std::string at(const char* pointer) const;
  /// Size of the array at a JSON pointer (-1 if not an array).
  long size_at(const char* pointer) const;
  /// The header's value or "".
  std::string header(const std::string& lower_name) const;
};

/// Sends requests to one base URL ("http://127.0.0.1:PORT").
class http_client {
public:
  explicit http_client(std::string base, std::string ca_file = {});

  /// Sends a request. `key` empty: no Authorization header. `headers` are
  /// extra raw "Name: value" lines.
  response request(const std::string& method, const std::string& path,
                   const std::string& key, const std::string& body = {},
                   std::vector<std::string> headers = {}) const;

  response get(const std::string& path, const std::string& key) const {
    return request("GET", path, key);
  }

  /// GETs `path` (no key) and then keeps the connection open, silent:
  /// milliseconds from the answer until the server closes it (`max_ms`
  /// if it has not by then; -1 if the GET failed).
  long idle_lifetime_ms(const std::string& path, int max_ms) const;
  response post(const std::string& path, const std::string& key,
                const std::string& body) const {
    return request("POST", path, key, body);
  }
  response patch(const std::string& path, const std::string& key,
                 const std::string& body) const {
    return request("PATCH", path, key, body);
  }
  response put(const std::string& path, const std::string& key,
               const std::string& body) const {
    return request("PUT", path, key, body);
  }
  response del(const std::string& path, const std::string& key) const {
    return request("DELETE", path, key);
  }

  const std::string& base() const {
    return base_;
  }

private:
  std::string base_;
  std::string ca_file_;
};

} // namespace purse::test
