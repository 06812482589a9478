// SPDX-License-Identifier: GPL-2.0-or-later
#include "support/property.hpp"

#include <cstdlib>

#include <boost/test/unit_test.hpp>

namespace purse::test {

namespace {

std::uint64_t seed_from_environment() {
  if (const char* given = std::getenv("PURSE_PROPERTY_SEED"))
    return std::strtoull(given, nullptr, 10);
  return std::random_device{}();
}

} // namespace

property_rng::property_rng(const std::string& what)
  : seed_(seed_from_environment()), engine_(seed_) {
  BOOST_TEST_MESSAGE(what << " seed " << seed_
                          << " (PURSE_PROPERTY_SEED to repeat)");
}

} // namespace purse::test
