// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// multipart/form-data uploads, handed to the domain as bytes (a
// file_upload): the files resource validates them like the JSON form.

#include <optional>
#include <string>

#include <restinio/all.hpp>

#include "purse/actors/file_upload.hpp"

namespace purse::http {

/// True for a multipart/form-data Content-Type.
bool is_multipart_form(std::string_view content_type);

/// An RFC 8187 ext-value (`charset'language'percent-encoded`, as in
/// `filename*=UTF-8''na%C3%AFve.pdf`) as UTF-8 text; nullopt unless the
/// charset is UTF-8 or ISO-8859-1 and the value is well formed.
std::optional<std::string> decode_ext_value(std::string_view value);

/// The upload of a multipart body with one part named `file` (and an
/// optional `transaction_id` field); nullopt with `error` set otherwise.
std::optional<file_upload> multipart_upload(const restinio::request_t& req,
                                            std::string& error);

} // namespace purse::http
