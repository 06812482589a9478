#pragma once

// multipart/form-data uploads, turned into the JSON form of the same
// request ({"name","content_type","content_base64","transaction_id"}) so
// that the domain validates one shape whichever form the client used.

#include <optional>
#include <string>

#include <restinio/all.hpp>

namespace purse::http {

/// True for a multipart/form-data Content-Type.
bool is_multipart_form(std::string_view content_type);

/// The JSON form of a multipart upload with one part named `file` (and an
/// optional `transaction_id` field); nullopt with `error` set otherwise.
std::optional<std::string>
multipart_upload_as_json(const restinio::request_t& req, std::string& error);

} // namespace purse::http
