// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The rules that decide whether a presented key may act. Pure functions:
// unit-tested without actors or a database.

#include <cstdint>
#include <optional>
#include <string>

#include "purse/actors/api_result.hpp"
#include "purse/actors/key_state.hpp"

namespace purse {

/// The credential itself: known, the secret matches, not revoked, not
/// expired at `now` (Unix seconds). nullopt: the key authenticates. Every
/// refusal is errc::unauthenticated (counted as a failed authentication).
std::optional<api_result> check_credentials(const key_state& k,
                                            const std::string& presented_hash,
                                            std::int64_t now);

/// What the authenticated key may reach: this interface's audience and a
/// plan with API access. `upgrade_url` goes into the 402's hint; on a team
/// path (`team_path`) the 402's message says that the caller's own plan is
/// the one that failed (a team's plan does not lend API access).
std::optional<api_result> check_access(const key_state& k,
                                       const std::string& upgrade_url,
                                       bool team_path = false);

/// Team paths: the caller is a member (an unknown team looks the same) and
/// the team owner's plan has API access.
std::optional<api_result> check_team(const key_state& k,
                                     const std::string& upgrade_url);

} // namespace purse
