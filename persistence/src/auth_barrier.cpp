// SPDX-License-Identifier: GPL-2.0-or-later
// The acknowledgement barrier over a listener session of its own. Compiled
// as C++14 (the persistence island).

#include "purse/persistence/auth_barrier.hpp"

#include <sys/random.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <set>
#include <vector>

#include "purse/persistence/errors.hpp"
#include "purse/persistence/listener.hpp"

namespace purse {
namespace persistence {

namespace {

constexpr std::size_t token_bytes = 16;

bool is_lower_hex(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
}

/// 128 bits from the kernel's CSPRNG (the source of /dev/urandom), as 32
/// lower-case hex digits.
std::string random_token() {
  unsigned char buf[token_bytes];
  std::size_t got = 0;
  while (got < token_bytes) {
    auto n = ::getrandom(buf + got, token_bytes - got, 0);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      throw persistence_error(std::string{"getrandom failed: "}
                              + std::strerror(errno));
    got += static_cast<std::size_t>(n);
  }
  static const char digits[] = "0123456789abcdef";
  std::string out;
  for (auto b : buf) {
    out += digits[b >> 4];
    out += digits[b & 0x0f];
  }
  return out;
}

} // namespace

std::string auth_ack_token(const std::string& payload) {
  std::string prefix = auth_ack_prefix;
  if (payload.size() != prefix.size() + 2 * token_bytes
      || payload.compare(0, prefix.size(), prefix) != 0)
    return {};
  auto token = payload.substr(prefix.size());
  if (!std::all_of(token.begin(), token.end(), is_lower_hex))
    return {};
  return token;
}

auth_barrier_result await_auth_listeners(const std::string& conninfo,
                                         std::chrono::milliseconds timeout) {
  using clock = std::chrono::steady_clock;
  auto deadline = clock::now() + timeout;
  auth_barrier_result out;
  // Listening before asking: no answer can come before the LISTEN.
  listener conn{conninfo, auth_ack_channel, auth_barrier_name};
  auto pids = conn.sessions_named(auth_listener_name);
  std::set<int> waiting(pids.begin(), pids.end());
  out.expected = waiting.size();
  if (waiting.empty())
    return out;
  auto token = random_token();
  conn.notify(auth_channel, auth_ack_prefix + token);
  for (;;) {
    auto now = clock::now();
    if (waiting.empty() || now >= deadline)
      break;
    // Rounded up: the wait never ends before the deadline.
    auto left
      = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now)
        + std::chrono::milliseconds(1);
    for (auto& n : conn.receive(left))
      if (n.channel == auth_ack_channel && n.payload == token
          && waiting.erase(n.sender_pid) == 1)
        ++out.confirmed;
  }
  out.complete = waiting.empty();
  return out;
}

} // namespace persistence
} // namespace purse
