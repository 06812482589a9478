// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Identifiers: time-ordered UUIDs (version 7, RFC 9562) from the OS
// CSPRNG. Time order keeps B-tree inserts at the right edge of the index
// and makes "sort by id" mean "sort by creation".

#include <string>
#include <string_view>

namespace purse {

/// A new time-ordered UUID (version 7, RFC 9562), lower-case canonical
/// text, CSPRNG random bits. Strictly increasing within this process, also
/// for calls in the same millisecond or from several threads. Throws
/// std::runtime_error if the CSPRNG fails (never silently weaker ids).
std::string new_id();

/// True for a canonical lower- or upper-case UUID text (36 chars, hyphens
/// at 8-13-18-23). Any version; no braces, no "urn:uuid:" prefix.
bool is_uuid(std::string_view text);

} // namespace purse
