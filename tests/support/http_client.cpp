// SPDX-License-Identifier: GPL-2.0-or-later
#include "support/http_client.hpp"

#include "purse/actors/json.hpp"

#include <algorithm>
#include <stdexcept>

#include <cstdlib>

#include <chrono>
#include <curl/curl.h>
#include <fcntl.h>
#include <poll.h>
#include <rapidjson/pointer.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>
#include <unistd.h>

namespace purse::test {

namespace {

size_t on_body(char* data, size_t size, size_t n, void* user) {
  static_cast<std::string*>(user)->append(data, size * n);
  return size * n;
}

size_t on_header(char* data, size_t size, size_t n, void* user) {
  std::string line(data, size * n);
  auto colon = line.find(':');
  if (colon != std::string::npos) {
    auto name = line.substr(0, colon);
    std::transform(name.begin(), name.end(), name.begin(), ::tolower);
    auto value = line.substr(colon + 1);
    auto b = value.find_first_not_of(" \t");
    auto e = value.find_last_not_of(" \t\r\n");
    value = b == std::string::npos ? "" : value.substr(b, e - b + 1);
    (*static_cast<std::map<std::string, std::string>*>(user))[name] = value;
  }
  return size * n;
}

struct curl_global {
  curl_global() {
    curl_global_init(CURL_GLOBAL_ALL);
  }
};

} // namespace

rapidjson::Document response::json() const {
  rapidjson::Document d;
  d.Parse<rapidjson::kParseNumbersAsStringsFlag>(body.c_str());
  return d;
}

std::string response::at(const char* pointer) const {
  auto d = json();
  if (d.HasParseError())
    return "";
  auto v = rapidjson::Pointer(pointer).Get(d);
  if (v == nullptr)
    return "";
  if (v->IsNull())
    return "null";
  if (v->IsString())
    return std::string{v->GetString(), v->GetStringLength()};
  if (v->IsBool())
    return v->GetBool() ? "true" : "false";
  rapidjson::StringBuffer buf;
  rapidjson::Writer<rapidjson::StringBuffer> w{buf};
  v->Accept(w);
  return buf.GetString();
}

long response::size_at(const char* pointer) const {
  auto d = json();
  if (d.HasParseError())
    return -1;
  auto v = rapidjson::Pointer(pointer).Get(d);
  return v != nullptr && v->IsArray() ? static_cast<long>(v->Size()) : -1;
}

std::string response::header(const std::string& lower_name) const {
  auto it = headers.find(lower_name);
  return it == headers.end() ? "" : it->second;
}

http_client::http_client(std::string base, std::string ca_file)
  : base_(std::move(base)), ca_file_(std::move(ca_file)) {
  static curl_global init;
}

namespace {

/// With PURSE_CONTRACT_LOG=<file>, every exchange is appended to it as one
/// JSON line, for the contract tests (openapi/test) to validate against
/// the OpenAPI document. Bodies that are not JSON text are left out.
void record_exchange(const std::string& method, const std::string& url,
                     const std::string& request_type,
                     const std::string& request_body, const response& r) {
  auto file = std::getenv("PURSE_CONTRACT_LOG");
  if (file == nullptr || *file == '\0')
    return;
  auto text = [](const std::string& type, const std::string& body) {
    return type.find("json") != std::string::npos && body.size() <= 1 << 20
           && purse::storable_text(body);
  };
  rapidjson::StringBuffer buf;
  rapidjson::Writer<rapidjson::StringBuffer> w(buf);
  w.StartObject();
  w.Key("method");
  w.String(method.c_str());
  w.Key("url");
  w.String(url.c_str());
  w.Key("request_content_type");
  w.String(request_type.c_str());
  w.Key("request_body");
  auto send_text = text(request_type, request_body);
  w.String(send_text ? request_body.c_str() : "",
           static_cast<rapidjson::SizeType>(send_text ? request_body.size()
                                                      : 0));
  w.Key("status");
  w.Int64(r.status);
  auto type = r.header("content-type");
  w.Key("content_type");
  w.String(type.c_str());
  w.Key("headers");
  w.StartObject();
  for (auto& [name, value] : r.headers) {
    if (!purse::storable_text(name) || !purse::storable_text(value))
      continue;
    w.Key(name.c_str());
    w.String(value.c_str());
  }
  w.EndObject();
  w.Key("body");
  auto body_text = text(type, r.body);
  w.String(body_text ? r.body.c_str() : "",
           static_cast<rapidjson::SizeType>(body_text ? r.body.size() : 0));
  w.EndObject();
  std::string line{buf.GetString(), buf.GetSize()};
  line += '\n';
  // One write per line with O_APPEND: parallel suites do not interleave.
  auto fd = ::open(file, O_WRONLY | O_CREAT | O_APPEND, 0600);
  if (fd < 0)
    return;
  auto written = ::write(fd, line.data(), line.size());
  (void) written;
  ::close(fd);
}

} // namespace

response http_client::request(const std::string& method,
                              const std::string& path, const std::string& key,
                              const std::string& body,
                              std::vector<std::string> headers) const {
  response out;
  auto curl = curl_easy_init();
  if (curl == nullptr)
    throw std::runtime_error("curl_easy_init failed");
  auto url = base_ + path;
  curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method.c_str());
  if (method == "HEAD")
    curl_easy_setopt(curl, CURLOPT_NOBODY, 1L);
  curl_slist* list = nullptr;
  bool has_type = false;
  for (auto& h : headers) {
    has_type = has_type || h.rfind("Content-Type:", 0) == 0;
    list = curl_slist_append(list, h.c_str());
  }
  if (!key.empty())
    list = curl_slist_append(list, ("Authorization: Bearer " + key).c_str());
  list = curl_slist_append(list, "Accept: application/json");
  if (!body.empty()) {
    if (!has_type)
      list = curl_slist_append(list, "Content-Type: application/json");
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body.data());
    curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE,
                     static_cast<curl_off_t>(body.size()));
  }
  list = curl_slist_append(list, "Expect:");
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, list);
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &out.body);
  curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
  curl_easy_setopt(curl, CURLOPT_HEADERDATA, &out.headers);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT, 60L);
  if (!ca_file_.empty())
    curl_easy_setopt(curl, CURLOPT_CAINFO, ca_file_.c_str());
  auto rc = curl_easy_perform(curl);
  if (rc == CURLE_OK)
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &out.status);
  curl_slist_free_all(list);
  curl_easy_cleanup(curl);
  if (rc != CURLE_OK)
    out.status = -static_cast<long>(rc);
  else {
    std::string type;
    for (auto& h : headers)
      if (h.rfind("Content-Type:", 0) == 0)
        type = h.substr(13);
    if (type.empty() && !body.empty())
      type = "application/json";
    record_exchange(method, url, type, body, out);
  }
  return out;
}

long http_client::idle_lifetime_ms(const std::string& path, int max_ms) const {
  auto curl = curl_easy_init();
  if (curl == nullptr)
    throw std::runtime_error("curl_easy_init failed");
  std::string body;
  auto url = base_ + path;
  curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &body);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT, 10L);
  if (!ca_file_.empty())
    curl_easy_setopt(curl, CURLOPT_CAINFO, ca_file_.c_str());
  curl_socket_t fd = CURL_SOCKET_BAD;
  if (curl_easy_perform(curl) != CURLE_OK
      || curl_easy_getinfo(curl, CURLINFO_ACTIVESOCKET, &fd) != CURLE_OK
      || fd == CURL_SOCKET_BAD) {
    curl_easy_cleanup(curl);
    return -1;
  }
  auto begun = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return static_cast<long>(
      std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::steady_clock::now() - begun)
        .count());
  };
  // The peer's FIN shows as POLLRDHUP whatever it sent before (a TLS
  // close_notify alert, say).
  while (elapsed() < max_ms) {
    pollfd p{fd, POLLRDHUP, 0};
    if (poll(&p, 1, static_cast<int>(max_ms - elapsed())) > 0
        && (p.revents & (POLLRDHUP | POLLHUP | POLLERR)) != 0)
      break;
  }
  auto ms = std::min<long>(elapsed(), max_ms);
  curl_easy_cleanup(curl);
  return ms;
}

} // namespace purse::test
