// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/cluster/options.hpp"

#include <cstdlib>

#include <caf/io/middleman.hpp>
#include <caf/openssl/manager.hpp>

#include "purse/actors/api_call.hpp"
#include "purse/actors/placement.hpp"

namespace purse {

bool split_endpoint(const std::string& endpoint, std::string& host,
                    std::uint16_t& port) {
  auto colon = endpoint.rfind(':');
  if (colon == std::string::npos || colon == 0)
    return false;
  char* end = nullptr;
  auto n = std::strtoul(endpoint.c_str() + colon + 1, &end, 10);
  if (end == endpoint.c_str() + colon + 1 || *end != '\0' || n == 0
      || n > 65535)
    return false;
  host = endpoint.substr(0, colon);
  if (host.size() > 2 && host.front() == '[' && host.back() == ']')
    host = host.substr(1, host.size() - 2);
  port = static_cast<std::uint16_t>(n);
  return true;
}

void configure_cluster(caf::actor_system_config& cfg,
                       const cluster_options& opts) {
  cfg.load<caf::io::middleman>();
  cfg.load<caf::openssl::manager>();
  cfg.openssl_certificate = opts.cert_file;
  cfg.openssl_key = opts.key_file;
  cfg.openssl_cafile = opts.ca_file;
  cfg.add_message_type<api_call>("purse::api_call");
  cfg.add_message_type<api_result>("purse::api_result");
  cfg.add_message_type<key_windows>("purse::key_windows");
  cfg.add_message_type<owner_actor>("purse::owner_actor");
}

} // namespace purse
