// SPDX-License-Identifier: GPL-2.0-or-later
#include "webhook_destination.hpp"

#include <algorithm>
#include <chrono>
#include <future>
#include <system_error>
#include <thread>

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>

namespace purse::webhooks {

namespace {

/// The host without an IPv6 literal's brackets.
std::string bare_host(const std::string& host) {
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']')
    return host.substr(1, host.size() - 2);
  return host;
}

/// How long a host may take to resolve.
constexpr std::chrono::seconds resolve_timeout{5};

/// The addresses `host` resolves to, as text; `error` says why none.
std::vector<std::string> resolve_now(const std::string& host,
                                     std::uint16_t port, std::string& error) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  auto service = std::to_string(port);
  int rc = getaddrinfo(host.c_str(), service.c_str(), &hints, &found);
  if (rc != 0) {
    error = "could not resolve the host " + host + ": " + gai_strerror(rc);
    return {};
  }
  std::vector<std::string> out;
  for (auto* a = found; a != nullptr; a = a->ai_next) {
    char text[INET6_ADDRSTRLEN];
    const void* bytes = nullptr;
    if (a->ai_family == AF_INET)
      bytes = &reinterpret_cast<const sockaddr_in*>(a->ai_addr)->sin_addr;
    else if (a->ai_family == AF_INET6)
      bytes = &reinterpret_cast<const sockaddr_in6*>(a->ai_addr)->sin6_addr;
    else
      continue;
    if (inet_ntop(a->ai_family, bytes, text, sizeof text) == nullptr)
      continue;
    if (std::find(out.begin(), out.end(), text) == out.end())
      out.emplace_back(text);
  }
  freeaddrinfo(found);
  if (out.empty())
    error = "the host " + host + " has no IPv4 or IPv6 address";
  return out;
}

/// resolve_now within resolve_timeout: getaddrinfo has no limit of its
/// own, so it runs on a thread of its own that is left to finish alone
/// when it is late (it owns what it uses).
std::vector<std::string> resolve(const std::string& host, std::uint16_t port,
                                 std::string& error) {
  struct answer {
    std::vector<std::string> addresses;
    std::string error;
  };
  std::packaged_task<answer()> task([host, port] {
    answer a;
    a.addresses = resolve_now(host, port, a.error);
    return a;
  });
  auto result = task.get_future();
  try {
    std::thread(std::move(task)).detach();
  } catch (const std::system_error&) {
    error = "could not resolve the host " + host + ": no thread to do it";
    return {};
  }
  if (result.wait_for(resolve_timeout) != std::future_status::ready) {
    error = "could not resolve the host " + host + " within "
            + std::to_string(resolve_timeout.count()) + " s";
    return {};
  }
  auto a = result.get();
  error = std::move(a.error);
  return std::move(a.addresses);
}

} // namespace

bool is_ip_literal(const std::string& host) {
  unsigned char bytes[16];
  return inet_pton(AF_INET, host.c_str(), bytes) == 1
         || inet_pton(AF_INET6, host.c_str(), bytes) == 1;
}

destination vet_destination(const webhook_url& url, bool allow_private) {
  destination out;
  out.host = bare_host(url.host);
  // One refused address refuses the host, whichever of them a connection
  // would have used.
  auto addresses = resolve(out.host, url.port, out.error);
  for (const auto& a : addresses)
    if (!webhook_address_allowed(a, allow_private)) {
      out.error = "the host " + out.host + " resolves to " + a
                  + ", an address webhooks may not reach (loopback, "
                    "private, link-local, multicast or reserved)";
      return out;
    }
  out.addresses = std::move(addresses);
  return out;
}

} // namespace purse::webhooks
