// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The checks every call passes before its resource prepares it, wherever
// it is served (a key actor for reads, the scope actor for writes).

#include <optional>

#include "purse/actors/api_call.hpp"
#include "resource.hpp"

namespace purse {

/// The refusal of a call the caller's role or its query parameters rule
/// out, if any.
std::optional<api_result> check_call(const resource& res, const api_call& call);

} // namespace purse
