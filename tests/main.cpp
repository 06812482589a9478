// SPDX-License-Identifier: GPL-2.0-or-later
// The one translation unit that defines the Boost.Test module (dynamic link).
#define BOOST_TEST_MODULE purse
#include <boost/test/unit_test.hpp>
