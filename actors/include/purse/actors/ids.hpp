#pragma once

// Identifiers: time-ordered UUIDs (version 7) from the OS CSPRNG.

#include <string>
#include <string_view>

namespace purse {

/// A new time-ordered UUID (version 7), lower-case canonical text.
std::string new_id();

/// True for a canonical UUID text (36 chars, hyphens at 8-13-18-23).
bool is_uuid(std::string_view text);

} // namespace purse
