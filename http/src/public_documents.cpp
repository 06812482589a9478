// SPDX-License-Identifier: GPL-2.0-or-later
#include "public_documents.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <zlib.h>

#include "ascii.hpp"
#include "purse/actors/api_key.hpp"
#include "routes.hpp"

// openapi/openapi.json, embedded at build time (CMake passes its path).
__asm__(".section .rodata\n"
        ".global purse_openapi_json_begin\n"
        "purse_openapi_json_begin:\n"
        ".incbin \"" PURSE_OPENAPI_JSON "\"\n"
        ".global purse_openapi_json_end\n"
        "purse_openapi_json_end:\n"
        ".previous\n");
extern "C" const char purse_openapi_json_begin[];
extern "C" const char purse_openapi_json_end[];

namespace purse::http {

namespace {

constexpr std::string_view openapi_path = "/openapi.json";
constexpr std::string_view docs_path = "/docs";

/// The page loads only its own files and the document; inline styles are
/// the renderer's.
constexpr const char* page_policy
  = "default-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; frame-ancestors 'none'";

constexpr const char* cache_for_a_year = "public, max-age=31536000, immutable";
constexpr const char* cache_revalidated = "no-cache";

std::string media_type_of(const std::filesystem::path& p) {
  auto ext = p.extension().string();
  if (ext == ".html")
    return "text/html; charset=utf-8";
  if (ext == ".js")
    return "text/javascript; charset=utf-8";
  if (ext == ".css")
    return "text/css; charset=utf-8";
  if (ext == ".png")
    return "image/png";
  if (ext == ".svg")
    return "image/svg+xml";
  if (ext == ".json")
    return "application/json";
  // The renderer's licence texts (LICENSE, NOTICE, *.LICENSE.txt).
  if (ext == ".txt" || ext.empty())
    return "text/plain; charset=utf-8";
  return "application/octet-stream";
}

bool compressible(std::string_view type) {
  return type.substr(0, 5) == "text/" || type == "application/json"
         || type == "image/svg+xml";
}

/// `bytes` as gzip (best compression: done once, at start-up); empty if
/// zlib fails.
std::string gzip(const std::string& bytes) {
  z_stream z{};
  if (deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9,
                   Z_DEFAULT_STRATEGY)
      != Z_OK)
    return {};
  std::string out(deflateBound(&z, bytes.size()), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  z.avail_in = static_cast<uInt>(bytes.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  auto rc = deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return rc == Z_STREAM_END ? out : std::string{};
}

public_documents::file make_file(std::string content_type, std::string bytes,
                                 bool immutable) {
  public_documents::file f;
  f.content_type = std::move(content_type);
  f.bytes = std::move(bytes);
  if (compressible(f.content_type)) {
    auto packed = gzip(f.bytes);
    if (!packed.empty() && packed.size() < f.bytes.size())
      f.gzipped = std::move(packed);
  }
  // hash_secret is the hex SHA-256; 32 digits are plenty for a version.
  f.version = hash_secret(f.bytes).substr(0, 32);
  f.immutable = immutable;
  return f;
}

/// Whether If-None-Match names `tag` (a list of entity tags, weak ones
/// compared weakly as RFC 9110 says for If-None-Match, or "*").
bool names_tag(std::string_view if_none_match, std::string_view tag) {
  while (!if_none_match.empty()) {
    auto comma = if_none_match.find(',');
    auto item = if_none_match.substr(0, comma);
    while (!item.empty() && item.front() == ' ')
      item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ')
      item.remove_suffix(1);
    if (item.substr(0, 2) == "W/")
      item.remove_prefix(2);
    if (item == "*" || item == tag)
      return true;
    if (comma == std::string_view::npos)
      break;
    if_none_match.remove_prefix(comma + 1);
  }
  return false;
}

outgoing serve(const public_documents::file& f, const document_request& req) {
  bool zipped = !f.gzipped.empty()
                && public_documents::accepts_gzip(req.accept_encoding);
  auto tag = "\"" + f.version + (zipped ? "-gzip" : "") + "\"";
  outgoing out;
  if (names_tag(req.if_none_match, tag)) {
    out = transport_answer(transport_status::not_modified);
  } else {
    out.data = zipped ? f.gzipped : f.bytes;
    out.raw_type = f.content_type;
    if (zipped)
      out.headers.emplace_back("Content-Encoding", "gzip");
  }
  out.cache_control = f.immutable ? cache_for_a_year : cache_revalidated;
  out.headers.emplace_back("ETag", std::move(tag));
  if (!f.gzipped.empty())
    out.headers.emplace_back("Vary", "Accept-Encoding");
  out.headers.emplace_back("Content-Security-Policy", page_policy);
  return out;
}

} // namespace

std::string_view openapi_document() {
  return {purse_openapi_json_begin,
          static_cast<std::size_t>(purse_openapi_json_end
                                   - purse_openapi_json_begin)};
}

bool public_documents::content_named(std::string_view name) {
  auto last = name.rfind('.');
  if (last == std::string_view::npos || last == 0)
    return false;
  auto stem = name.substr(0, last);
  auto dot = stem.rfind('.');
  if (dot == std::string_view::npos || dot == 0)
    return false;
  auto hash = stem.substr(dot + 1);
  if (hash.size() < 8)
    return false;
  for (char c : hash)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
      return false;
  return true;
}

bool public_documents::accepts_gzip(std::string_view value) {
  // Tokens of a comma-separated list, each maybe with ";q=...": gzip (or
  // "*") counts unless its weight is 0.
  bool star = false;
  bool named = false;
  bool refused = false;
  while (!value.empty()) {
    auto comma = value.find(',');
    auto item = value.substr(0, comma);
    auto semi = item.find(';');
    auto coding = item.substr(0, semi);
    while (!coding.empty() && coding.front() == ' ')
      coding.remove_prefix(1);
    while (!coding.empty() && coding.back() == ' ')
      coding.remove_suffix(1);
    bool zero = false;
    if (semi != std::string_view::npos) {
      auto params = lower_ascii(item.substr(semi + 1));
      auto q = params.find("q=");
      if (q != std::string::npos) {
        auto w = params.substr(q + 2);
        w = w.substr(0, w.find_first_of(" ;"));
        // "0", "0.", "0.0", "0.00", "0.000": a weight of zero.
        zero = !w.empty() && w[0] == '0'
               && w.find_first_not_of("0.") == std::string::npos;
      }
    }
    auto name = lower_ascii(coding);
    if (name == "gzip" || name == "x-gzip") {
      named = true;
      refused = zero;
    } else if (name == "*") {
      star = !zero;
    }
    if (comma == std::string_view::npos)
      break;
    value.remove_prefix(comma + 1);
  }
  return named ? !refused : star;
}

public_documents::public_documents(const std::string& docs_dir) {
  std::error_code ec;
  for (auto& entry : std::filesystem::directory_iterator(docs_dir, ec)) {
    if (!entry.is_regular_file())
      continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    auto name = entry.path().filename().string();
    files_[name] = make_file(media_type_of(entry.path()), bytes.str(),
                             content_named(name));
  }
  openapi_ = make_file("application/json", std::string{openapi_document()},
                       false);
}

bool public_documents::owns(std::string_view path) {
  if (path.substr(0, api_prefix.size()) != api_prefix)
    return false;
  path.remove_prefix(api_prefix.size());
  return path == openapi_path || path == docs_path
         || path.substr(0, docs_path.size() + 1) == "/docs/";
}

outgoing public_documents::answer(const document_request& req) const {
  auto path = req.path;
  path.remove_prefix(api_prefix.size());
  if (path == openapi_path)
    return serve(openapi_, req);
  std::string_view name = "index.html";
  if (path.size() > docs_path.size() + 1)
    name = path.substr(docs_path.size() + 1);
  auto it = files_.find(name);
  if (it == files_.end())
    return from_result(make_result(
      errc::not_found, "null",
      files_.empty()
        ? "The reference page is not installed on this server: it is built "
          "with Node.js and npm. Install them, configure and build again "
          "(target purse_docs) and run cmake --install (docs/OPERATIONS.md, "
          "Install), or start the server with --docs-dir naming a page "
          "built elsewhere. The OpenAPI document it renders is at "
          "/api/public/v1/openapi.json"
        : "No such file of the reference page"));
  return serve(it->second, req);
}

} // namespace purse::http
