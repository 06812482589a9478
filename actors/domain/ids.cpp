// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/ids.hpp"

#include <chrono>
#include <cstdint>
#include <mutex>
#include <stdexcept>
#include <utility>

#include <openssl/rand.h>

namespace purse {

namespace {

// GCC's 128-bit integer; __extension__ keeps -Wpedantic quiet about it.
__extension__ using uint128 = unsigned __int128;

// The 74 bits after the 48-bit millisecond: rand_a (12) and rand_b (62).
constexpr uint128 random_mask = (uint128{1} << 74) - 1;

/// `n_bytes` (at most 10) CSPRNG bytes as one number.
uint128 random_bits(unsigned n_bytes) {
  unsigned char buf[10];
  if (RAND_bytes(buf, static_cast<int>(n_bytes)) != 1)
    throw std::runtime_error("the CSPRNG failed");
  uint128 out = 0;
  for (unsigned i = 0; i < n_bytes; ++i)
    out = (out << 8) | buf[i];
  return out;
}

std::uint64_t unix_ms() {
  using std::chrono::duration_cast;
  using std::chrono::milliseconds;
  using std::chrono::system_clock;
  return static_cast<std::uint64_t>(
    duration_cast<milliseconds>(system_clock::now().time_since_epoch())
      .count());
}

/// The next (millisecond, random) pair, after RFC 9562 section 6.2,
/// method 2 ("monotonic random"): within one millisecond, or when the
/// clock steps back, the random part of the previous id grows by a random
/// amount instead of being drawn afresh, so ids stay strictly increasing
/// and still hard to guess.
std::pair<std::uint64_t, uint128> next_fields() {
  static std::mutex mtx;
  static std::uint64_t last_ms = 0;
  static uint128 last_random = 0;
  auto ms = unix_ms();
  std::lock_guard<std::mutex> guard{mtx};
  if (ms > last_ms) {
    last_ms = ms;
    // 73 bits: the clear top bit leaves room for increments within this
    // millisecond.
    last_random = random_bits(10) & (random_mask >> 1);
  } else {
    // 1 to 2^32: far below the 2^73 headroom of a fresh draw.
    last_random += random_bits(4) + 1;
    if (last_random > random_mask) {
      // Exhausted: borrow the next millisecond rather than wrap around.
      ++last_ms;
      last_random = random_bits(10) & (random_mask >> 1);
    }
  }
  return {last_ms, last_random};
}

} // namespace

std::string new_id() {
  auto [ms, rnd] = next_fields();
  unsigned char b[16];
  for (int i = 0; i < 6; ++i)
    b[i] = static_cast<unsigned char>(ms >> (40 - 8 * i));
  auto rand_a = static_cast<unsigned>(rnd >> 62); // the top 12 bits
  auto rand_b = static_cast<std::uint64_t>(rnd) & ((1ull << 62) - 1);
  b[6] = static_cast<unsigned char>(0x70 | (rand_a >> 8)); // version 7
  b[7] = static_cast<unsigned char>(rand_a);
  b[8] = static_cast<unsigned char>(0x80 | (rand_b >> 56)); // variant 10
  for (int i = 9; i < 16; ++i)
    b[i] = static_cast<unsigned char>(rand_b >> (8 * (15 - i)));
  static constexpr char hex[] = "0123456789abcdef";
  std::string out;
  out.reserve(36);
  for (int i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10)
      out += '-';
    out += hex[b[i] >> 4];
    out += hex[b[i] & 0x0f];
  }
  return out;
}

bool is_uuid(std::string_view s) {
  if (s.size() != 36)
    return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    auto c = s[i];
    if (i == 8 || i == 13 || i == 18 || i == 23) {
      if (c != '-')
        return false;
    } else if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')
                 || (c >= 'A' && c <= 'F'))) {
      return false;
    }
  }
  return true;
}

} // namespace purse
