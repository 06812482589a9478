// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// What a file is, decided from its bytes (libmagic), never from the name or
// the client's word; and how to name it safely in a download.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace purse {

/// The allowed type of these bytes (image/jpeg, image/png, image/webp,
/// image/heic, application/pdf, text/csv, text/plain), or empty for anything
/// else (HTML, SVG, scripts, executables, archives, ...).
std::string sniff_type(std::string_view bytes);

/// The declared type without parameters, lower case ("Text/CSV; x" ->
/// "text/csv").
std::string normalize_type(std::string_view declared);

/// Whether a declared type agrees with the sniffed one. CSV and plain text
/// are both text: either may be declared for the other.
bool declared_type_agrees(std::string_view declared, std::string_view sniffed);

/// A filename for Content-Disposition: printable ASCII without quotes,
/// backslashes, slashes or control characters; "file" if nothing is left.
std::string safe_filename(std::string_view name);

/// Decodes standard base64 (whitespace ignored); nullopt if malformed.
std::optional<std::string> decode_base64(std::string_view text);

/// Lower-case hex SHA-256 of bytes.
std::string sha256_hex(std::string_view bytes);

} // namespace purse
