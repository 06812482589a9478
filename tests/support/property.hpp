// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The random choices of the property tests, from a seed that each test
// prints and that PURSE_PROPERTY_SEED repeats.

#include <cstdint>
#include <random>
#include <string>

namespace purse::test {

/// A seeded generator with the choices the property tests make.
class property_rng {
public:
  /// Seeds from PURSE_PROPERTY_SEED, else at random; logs the seed as
  /// "<what> seed N (PURSE_PROPERTY_SEED to repeat)".
  explicit property_rng(const std::string& what);

  std::uint64_t seed() const {
    return seed_;
  }

  /// The generator, for distributions of a test's own.
  std::mt19937_64& engine() {
    return engine_;
  }

  /// A number in [low, high].
  std::int64_t between(std::int64_t low, std::int64_t high) {
    return std::uniform_int_distribution<std::int64_t>(low, high)(engine_);
  }

  /// True `percent` times in a hundred.
  bool chance(int percent) {
    return between(0, 99) < percent;
  }

  /// One element of a non-empty container, as a reference into it.
  template <class Container>
  auto pick(Container& items) -> decltype(items[0]) {
    return items[static_cast<std::size_t>(
      between(0, static_cast<std::int64_t>(items.size()) - 1))];
  }

private:
  std::uint64_t seed_;
  std::mt19937_64 engine_;
};

} // namespace purse::test
