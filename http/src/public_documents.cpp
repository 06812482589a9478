#include "public_documents.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

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
  return "application/octet-stream";
}

outgoing document(std::string content_type, std::string bytes) {
  outgoing out;
  out.data = std::move(bytes);
  out.raw_type = std::move(content_type);
  out.headers.emplace_back("Content-Security-Policy", page_policy);
  return out;
}

} // namespace

std::string_view openapi_document() {
  return {purse_openapi_json_begin,
          static_cast<std::size_t>(purse_openapi_json_end
                                   - purse_openapi_json_begin)};
}

public_documents::public_documents(const std::string& docs_dir) {
  std::error_code ec;
  for (auto& entry : std::filesystem::directory_iterator(docs_dir, ec)) {
    if (!entry.is_regular_file())
      continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    files_[entry.path().filename().string()] = file{media_type_of(entry.path()),
                                                    bytes.str()};
  }
}

bool public_documents::owns(std::string_view path) {
  if (path.substr(0, api_prefix.size()) != api_prefix)
    return false;
  path.remove_prefix(api_prefix.size());
  return path == openapi_path || path == docs_path
         || path.substr(0, docs_path.size() + 1) == "/docs/";
}

outgoing public_documents::answer(std::string_view path) const {
  path.remove_prefix(api_prefix.size());
  if (path == openapi_path)
    return document("application/json", std::string{openapi_document()});
  std::string_view name = "index.html";
  if (path.size() > docs_path.size() + 1)
    name = path.substr(docs_path.size() + 1);
  auto it = files_.find(name);
  if (it == files_.end())
    return from_result(make_result(
      errc::not_found, "null",
      files_.empty() ? "The reference page was not built: run 'npm ci "
                       "&& npm run build' in openapi/docs"
                     : "No such file of the reference page"));
  return document(it->second.content_type, it->second.bytes);
}

} // namespace purse::http
