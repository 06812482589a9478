// SPDX-License-Identifier: GPL-2.0-or-later
#include "webhook_sender.hpp"

#include "webhook_destination.hpp"
#include "webhook_rules.hpp"

#include <algorithm>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <utility>
#include <variant>
#include <vector>

#include <arpa/inet.h>
#include <curl/curl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <sys/socket.h>

namespace purse::webhooks {

/// The extra CA file's certificates, read once; added to each
/// connection's trust store beside the system's.
struct extra_cas {
  std::vector<X509*> certificates;
  ~extra_cas() {
    for (auto* c : certificates)
      X509_free(c);
  }
};

namespace {

/// How much of an answer's body is kept (for the error text); the rest is
/// read and dropped.
constexpr std::size_t kept_answer_bytes = 4096;
/// The connection's own limit (TCP and TLS), within the whole timeout.
constexpr std::chrono::seconds max_connect_timeout{5};

void init_curl_once() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK)
      throw std::runtime_error("curl_global_init failed");
  });
}

bool curl_uses_openssl() {
  const auto* info = curl_version_info(CURLVERSION_NOW);
  // A libcurl with several TLS back ends names the ones not in use in
  // parentheses; the one in use comes bare.
  return info != nullptr && info->ssl_version != nullptr
         && std::strncmp(info->ssl_version, "OpenSSL/", 8) == 0;
}

struct easy_deleter {
  void operator()(CURL* h) const {
    curl_easy_cleanup(h);
  }
};
struct slist_deleter {
  void operator()(curl_slist* l) const {
    curl_slist_free_all(l);
  }
};
using slist_ptr = std::unique_ptr<curl_slist, slist_deleter>;

/// Appends `line` to `list`; false when out of memory.
bool append(slist_ptr& list, const std::string& line) {
  auto* grown = curl_slist_append(list.get(), line.c_str());
  if (grown == nullptr)
    return false;
  list.release();
  list.reset(grown);
  return true;
}

size_t keep_some(char* data, size_t size, size_t count, void* user) {
  auto& kept = *static_cast<std::string*>(user);
  auto n = size * count;
  if (kept.size() < kept_answer_bytes)
    kept.append(data, std::min(n, kept_answer_bytes - kept.size()));
  return n; // the rest is read and dropped
}

struct socket_guard {
  bool allow_private;
  std::string refused; // the address refused, if one was
};

/// Every address libcurl is about to connect to is checked once more: the
/// pinned ones passed already, so this only refuses what slipped past
/// (it cannot be swapped in by DNS, since nothing is resolved again).
curl_socket_t open_checked_socket(void* user, curlsocktype purpose,
                                  curl_sockaddr* address) {
  auto& guard = *static_cast<socket_guard*>(user);
  if (purpose != CURLSOCKTYPE_IPCXN
      || !webhook_address_allowed(address->addr, guard.allow_private)) {
    char text[INET6_ADDRSTRLEN] = "?";
    if (address->family == AF_INET)
      inet_ntop(AF_INET,
                &reinterpret_cast<const sockaddr_in*>(&address->addr)->sin_addr,
                text, sizeof text);
    else if (address->family == AF_INET6)
      inet_ntop(
        AF_INET6,
        &reinterpret_cast<const sockaddr_in6*>(&address->addr)->sin6_addr, text,
        sizeof text);
    guard.refused = text;
    return CURL_SOCKET_BAD;
  }
  return socket(address->family, address->socktype, address->protocol);
}

CURLcode add_extra_cas(CURL*, void* ssl_ctx, void* user) {
  const auto& cas = *static_cast<const extra_cas*>(user);
  auto* store = SSL_CTX_get_cert_store(static_cast<SSL_CTX*>(ssl_ctx));
  if (store == nullptr)
    return CURLE_SSL_CERTPROBLEM;
  for (auto* c : cas.certificates)
    X509_STORE_add_cert(store, c); // a duplicate is no harm
  ERR_clear_error();
  return CURLE_OK;
}

bool printable_ascii(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) {
    return c > 0x20 && c < 0x7f;
  });
}

send_result failed(std::string error, int status = 0) {
  send_result r;
  r.status_code = status;
  r.error = std::move(error);
  return r;
}

} // namespace

webhook_sender::webhook_sender(sender_options options)
  : options_(std::move(options)) {
  init_curl_once();
  if (!options_.extra_ca_file.empty()) {
    // The file's certificates go into OpenSSL's trust store through
    // libcurl's SSL_CTX hook, which only its OpenSSL back end offers.
    if (!curl_uses_openssl())
      throw std::runtime_error(
        "the webhook CA file needs libcurl built with OpenSSL; this one uses "
        + std::string(curl_version_info(CURLVERSION_NOW)->ssl_version
                        ? curl_version_info(CURLVERSION_NOW)->ssl_version
                        : "no TLS"));
    auto cas = std::make_shared<extra_cas>();
    auto* file = BIO_new_file(options_.extra_ca_file.c_str(), "r");
    if (file == nullptr) {
      ERR_clear_error();
      throw std::runtime_error("cannot read the webhook CA file "
                               + options_.extra_ca_file);
    }
    while (auto* cert = PEM_read_bio_X509(file, nullptr, nullptr, nullptr))
      cas->certificates.push_back(cert);
    BIO_free(file);
    ERR_clear_error(); // the end of the file reads as an error
    if (cas->certificates.empty())
      throw std::runtime_error("the webhook CA file " + options_.extra_ca_file
                               + " holds no PEM certificate");
    extra_cas_ = std::move(cas);
  }
}

webhook_sender::~webhook_sender() = default;

send_result webhook_sender::send(std::string_view url,
                                 std::string_view event_id,
                                 std::string_view body, std::string_view secret,
                                 std::int64_t now) const {
  auto parsed = parse_webhook_url(url, options_.allow_http);
  if (auto* why = std::get_if<std::string>(&parsed))
    return failed("refused URL: " + *why);
  const auto& target = std::get<webhook_url>(parsed);
  if (event_id.empty() || !printable_ascii(event_id))
    return failed("the event id is not printable ASCII");

  // Vet every address the host has before connecting.
  auto where = vet_destination(target, options_.allow_private);
  if (!where.error.empty())
    return failed(where.error);
  const auto& host = where.host;
  const auto& addresses = where.addresses;

  std::unique_ptr<CURL, easy_deleter> h(curl_easy_init());
  if (!h)
    return failed("libcurl could not start a transfer");
  auto* c = h.get();

  // Pin the host to the addresses just vetted, so libcurl does not resolve
  // it again (a second answer could name another address). An address
  // literal is not resolved at all.
  slist_ptr pinned;
  if (!is_ip_literal(host)) {
    std::string entry = host + ":" + std::to_string(target.port) + ":";
    for (std::size_t i = 0; i < addresses.size(); ++i) {
      if (i > 0)
        entry += ",";
      bool v6 = addresses[i].find(':') != std::string::npos;
      entry += v6 ? "[" + addresses[i] + "]" : addresses[i];
    }
    if (!append(pinned, entry))
      return failed("out of memory");
    curl_easy_setopt(c, CURLOPT_RESOLVE, pinned.get());
  }

  slist_ptr headers;
  if (!append(headers, "Content-Type: application/json")
      || !append(headers, "Purse-Event-Id: " + std::string(event_id))
      || !append(headers,
                 "Purse-Signature: " + webhook_signature(secret, now, body))
      // No "Expect: 100-continue" round before larger bodies.
      || !append(headers, "Expect:"))
    return failed("out of memory");

  char curl_error[CURL_ERROR_SIZE] = "";
  std::string answer;
  socket_guard guard{options_.allow_private, {}};
  auto timeout_ms
    = std::chrono::duration_cast<std::chrono::milliseconds>(options_.timeout)
        .count();
  auto connect_ms
    = std::chrono::duration_cast<std::chrono::milliseconds>(
        std::min<std::chrono::seconds>(options_.timeout, max_connect_timeout))
        .count();
  const char* protocols = options_.allow_http ? "http,https" : "https";

  curl_easy_setopt(c, CURLOPT_URL, target.normalized.c_str());
  curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, protocols);
  curl_easy_setopt(c, CURLOPT_REDIR_PROTOCOLS_STR, protocols);
  curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 0L);
  // No proxy from the environment (http_proxy, https_proxy): it would
  // connect in our place to an address nobody vetted.
  curl_easy_setopt(c, CURLOPT_PROXY, "");
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, static_cast<long>(timeout_ms));
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(connect_ms));
  curl_easy_setopt(c, CURLOPT_SSL_VERIFYPEER, 1L);
  curl_easy_setopt(c, CURLOPT_SSL_VERIFYHOST, 2L);
  if (extra_cas_) {
    curl_easy_setopt(c, CURLOPT_SSL_CTX_FUNCTION, add_extra_cas);
    curl_easy_setopt(c, CURLOPT_SSL_CTX_DATA,
                     const_cast<extra_cas*>(extra_cas_.get()));
  }
  curl_easy_setopt(c, CURLOPT_OPENSOCKETFUNCTION, open_checked_socket);
  curl_easy_setopt(c, CURLOPT_OPENSOCKETDATA, &guard);
  curl_easy_setopt(c, CURLOPT_POST, 1L);
  curl_easy_setopt(c, CURLOPT_POSTFIELDS, body.data());
  curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE_LARGE,
                   static_cast<curl_off_t>(body.size()));
  curl_easy_setopt(c, CURLOPT_HTTPHEADER, headers.get());
  curl_easy_setopt(c, CURLOPT_USERAGENT, options_.user_agent.c_str());
  curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, keep_some);
  curl_easy_setopt(c, CURLOPT_WRITEDATA, &answer);
  curl_easy_setopt(c, CURLOPT_ERRORBUFFER, curl_error);

  auto rc = curl_easy_perform(c);
  long status = 0;
  curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
  if (rc != CURLE_OK) {
    if (!guard.refused.empty())
      return failed("refused to connect to " + guard.refused
                      + ", an address webhooks may not reach",
                    static_cast<int>(status));
    std::string why = curl_error[0] != '\0' ? curl_error
                                            : curl_easy_strerror(rc);
    return failed(why, static_cast<int>(status));
  }
  if (status >= 200 && status < 300) {
    send_result ok;
    ok.delivered = true;
    ok.status_code = static_cast<int>(status);
    return ok;
  }
  std::string why = "the endpoint answered " + std::to_string(status);
  if (status >= 300 && status < 400)
    why += " (redirects are not followed)";
  return failed(why, static_cast<int>(status));
}

} // namespace purse::webhooks
