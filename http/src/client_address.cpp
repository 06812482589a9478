// SPDX-License-Identifier: GPL-2.0-or-later
#include "client_address.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

#include "ascii.hpp"
#include "purse/actors/blanks.hpp"

namespace purse::http {

namespace {

/// The address's bytes, IPv4-mapped IPv6 as IPv4.
std::array<unsigned char, 16> bytes_of(const asio::ip::address& a,
                                       std::size_t& length) {
  std::array<unsigned char, 16> out{};
  if (a.is_v6() && a.to_v6().is_v4_mapped()) {
    auto v4 = asio::ip::make_address_v4(asio::ip::v4_mapped, a.to_v6());
    auto b = v4.to_bytes();
    std::copy(b.begin(), b.end(), out.begin());
    length = 4;
  } else if (a.is_v4()) {
    auto b = a.to_v4().to_bytes();
    std::copy(b.begin(), b.end(), out.begin());
    length = 4;
  } else {
    auto b = a.to_v6().to_bytes();
    std::copy(b.begin(), b.end(), out.begin());
    length = 16;
  }
  return out;
}

/// One address of a forwarding header: "1.2.3.4", "1.2.3.4:80",
/// "[2001:db8::1]:80", "2001:db8::1", or the quoted forms of Forwarded.
bool parse_node(std::string_view text, asio::ip::address& out) {
  text = trim_blanks(text);
  if (text.size() >= 2 && text.front() == '"' && text.back() == '"')
    text = text.substr(1, text.size() - 2);
  if (!text.empty() && text.front() == '[') {
    auto close = text.find(']');
    if (close == std::string_view::npos)
      return false;
    text = text.substr(1, close - 1);
  } else if (std::count(text.begin(), text.end(), ':') == 1) {
    text = text.substr(0, text.find(':')); // IPv4 with a port
  }
  asio::error_code ec;
  out = asio::ip::make_address(std::string{text}, ec);
  return !ec;
}

/// The "for=" values of a Forwarded header, in order.
std::vector<std::string_view> forwarded_for(std::string_view header) {
  std::vector<std::string_view> out;
  std::size_t from = 0;
  while (from <= header.size()) {
    auto end = header.find_first_of(",;", from);
    if (end == std::string_view::npos)
      end = header.size();
    auto pair = trim_blanks(header.substr(from, end - from));
    if (pair.size() > 4
        && lower_ascii(std::string{pair.substr(0, 4)}) == "for=")
      out.push_back(pair.substr(4));
    from = end + 1;
  }
  return out;
}

std::vector<std::string_view> split_commas(std::string_view header) {
  std::vector<std::string_view> out;
  std::size_t from = 0;
  while (from <= header.size()) {
    auto end = header.find(',', from);
    if (end == std::string_view::npos)
      end = header.size();
    out.push_back(header.substr(from, end - from));
    from = end + 1;
  }
  return out;
}

} // namespace

std::string forwarded_proto(std::string_view forwarded,
                            std::string_view x_forwarded_proto) {
  if (!forwarded.empty()) {
    // The last element is the nearest proxy's.
    auto last = forwarded.substr(forwarded.rfind(',') + 1);
    std::string_view proto;
    std::size_t from = 0;
    while (from <= last.size()) {
      auto end = last.find(';', from);
      if (end == std::string_view::npos)
        end = last.size();
      auto pair = trim_blanks(last.substr(from, end - from));
      if (pair.size() > 6 && lower_ascii(pair.substr(0, 6)) == "proto=")
        proto = pair.substr(6);
      from = end + 1;
    }
    if (proto.size() >= 2 && proto.front() == '"' && proto.back() == '"')
      proto = proto.substr(1, proto.size() - 2);
    return lower_ascii(proto);
  }
  return lower_ascii(
    trim_blanks(x_forwarded_proto.substr(x_forwarded_proto.rfind(',') + 1)));
}

std::string address_group(const asio::ip::address& address) {
  std::size_t length = 0;
  auto bytes = bytes_of(address, length);
  if (length == 4)
    return asio::ip::address_v4{{bytes[0], bytes[1], bytes[2], bytes[3]}}
      .to_string();
  asio::ip::address_v6::bytes_type prefix{};
  std::copy(bytes.begin(), bytes.begin() + 8, prefix.begin());
  return asio::ip::address_v6{prefix}.to_string() + "/64";
}

bool trusted_proxies::parse(std::string_view spec, std::string& error) {
  for (auto part : split_commas(spec)) {
    part = trim_blanks(part);
    if (part.empty())
      continue;
    auto slash = part.find('/');
    asio::error_code ec;
    auto base = asio::ip::make_address(std::string{part.substr(0, slash)}, ec);
    if (ec) {
      error = "'" + std::string{part} + "' is not an IP address or network";
      return false;
    }
    std::size_t length = 0;
    bytes_of(base, length);
    unsigned prefix = static_cast<unsigned>(length * 8);
    if (slash != std::string_view::npos) {
      auto bits = std::string{part.substr(slash + 1)};
      char* end = nullptr;
      auto v = std::strtoul(bits.c_str(), &end, 10);
      if (bits.empty() || *end != '\0' || v > length * 8) {
        error = "'" + std::string{part} + "' has no valid prefix length";
        return false;
      }
      prefix = static_cast<unsigned>(v);
    }
    nets_.push_back(net{base, prefix});
  }
  return true;
}

bool trusted_proxies::contains(const asio::ip::address& address) const {
  std::size_t len = 0;
  auto a = bytes_of(address, len);
  for (auto& n : nets_) {
    std::size_t nlen = 0;
    auto b = bytes_of(n.base, nlen);
    if (nlen != len)
      continue;
    unsigned bits = n.prefix;
    bool same = true;
    for (std::size_t i = 0; i < len && bits > 0 && same; ++i) {
      unsigned take = std::min(bits, 8u);
      auto mask = static_cast<unsigned char>(0xff << (8 - take));
      same = (a[i] & mask) == (b[i] & mask);
      bits -= take;
    }
    if (same)
      return true;
  }
  return false;
}

std::string trusted_proxies::client_of(const asio::ip::address& peer,
                                       std::string_view forwarded,
                                       std::string_view x_forwarded_for) const {
  if (!contains(peer))
    return peer.to_string();
  auto hops = !forwarded.empty() ? forwarded_for(forwarded)
                                 : split_commas(x_forwarded_for);
  // The nearest hop first: each trusted proxy appended the address it saw.
  for (auto i = hops.rbegin(); i != hops.rend(); ++i) {
    asio::ip::address a;
    if (!parse_node(*i, a))
      break; // garbled: stop trusting what lies beyond
    if (!contains(a))
      return a.to_string();
  }
  return peer.to_string();
}

} // namespace purse::http
