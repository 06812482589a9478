// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// `purse-admin demo seed`: example data for a newcomer's first look.

#include <string>

#include "purse/actors/admin.hpp"
#include "purse/actors/quotas.hpp"
#include "purse/persistence/store.hpp"

namespace purse::admin::demo {

/// Fills the personal scope of `user_id` with three months of example data
/// (console::seed_demo says what and when it is refused).
outcome<answer> seed(persistence::store& st, const quota_table& quotas,
                     const std::string& user_id);

} // namespace purse::admin::demo
