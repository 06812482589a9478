// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The client's address as the domain sees it (failed-authentication
// windows, logs): the TCP peer, unless the peer is a trusted proxy
// (--trusted-proxy): then the nearest address in X-Forwarded-For (or the
// RFC 7239 Forwarded header) that is not itself a trusted proxy.

#include <string>
#include <string_view>
#include <vector>

#include <asio/ip/address.hpp>

namespace purse::http {

/// The scheme the nearest trusted proxy says the client used ("https",
/// "http", or empty), from a Forwarded header (its last element's proto=)
/// or else X-Forwarded-Proto; lower case.
std::string forwarded_proto(std::string_view forwarded,
                            std::string_view x_forwarded_proto);

/// What connections are counted by: an IPv4 address (IPv4-mapped IPv6
/// included) as itself, an IPv6 address by its /64 (one subscriber's
/// network: they get a /64 or more, so a single host can use them all).
std::string address_group(const asio::ip::address& address);

/// Networks whose peers may say who the client is.
class trusted_proxies {
public:
  /// Parses "CIDR[,CIDR...]" (e.g. "10.0.0.0/8,::1/128"; a bare address
  /// is one host). Returns false and says why in `error` if a part is not
  /// a network.
  bool parse(std::string_view spec, std::string& error);

  bool empty() const {
    return nets_.empty();
  }

  /// Whether `address` is in one of the networks.
  bool contains(const asio::ip::address& address) const;

  /// The client address of a request from `peer` with these header values
  /// (empty if absent): `peer` itself unless it is trusted.
  std::string client_of(const asio::ip::address& peer,
                        std::string_view forwarded,
                        std::string_view x_forwarded_for) const;

private:
  struct net {
    asio::ip::address base;
    unsigned prefix = 0;
  };
  std::vector<net> nets_;
};

} // namespace purse::http
