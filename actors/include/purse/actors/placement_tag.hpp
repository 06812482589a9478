// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// What a cluster places: not ids but three-character placement tags. A
// scope's tag comes from its id (a user's personal scope: the user's id;
// a team's: the team's id). A key's tag is the first three characters of
// its lookup id, and a new key takes its user's tag there. So a key and
// its user's own records are served by one node, and a load balancer that
// reads the tag from the bearer token (deploy/purse-route.lua, the same
// rendezvous hash as purse/cluster/ownership.hpp) sends every request of
// the key to that node: no call crosses a node link in the steady state
// but a team's (one hop, to the team's node).

#include <cstddef>
#include <string>
#include <string_view>

namespace purse {

/// Characters in a placement tag.
constexpr std::size_t placement_tag_length = 3;

/// The base62 digits of tags, lookup ids and token bodies, in value order.
constexpr std::string_view base62_alphabet
  = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// The tag of a scope: the first 8 bytes of SHA-256(scope id), big-endian,
/// modulo 62^3, as three base62 digits. Stable across builds and machines.
std::string scope_tag(std::string_view scope_id);

/// The tag of a key: the first three characters of its lookup id.
inline std::string_view key_tag(std::string_view lookup_id) {
  return lookup_id.substr(0, placement_tag_length);
}

} // namespace purse
