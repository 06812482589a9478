// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The example of docs/ARCHITECTURE.md's "Adding a resource", compiled and
// tested: `notes`, a collection of a scope with a plan quota, built by
// following the checklist in the tests only (example_row.hpp: its row,
// example_sql.cpp: its SQL, example_resource.cpp: its handler).
// tests/actors/example_resource_test.cpp registers it and drives it through
// the request path.

#include "resource.hpp"

namespace purse::test {

/// The notes collection (quota "notes": 2, 50 and 200 per scope on the
/// free, solo and family plans).
const resource& notes_resource();

/// Makes the example's table (what its migration would do) and adds it to
/// the registry (its one registry entry). Call it before anything reads the
/// registry: register_resource() throws after that.
void add_example_resource();

} // namespace purse::test
