#pragma once

// Idempotent POSTs: a retry with the same Idempotency-Key and the same
// request within 24 hours gets the first response again, without the work
// being done twice. The response is stored in the same database transaction
// as the work, so a crash leaves either both or neither.

#include <cstdint>
#include <string>
#include <string_view>

#include "purse/actors/api_call.hpp"
#include "purse/actors/db_task.hpp"

namespace purse {

/// How long a stored response is replayed, in seconds.
constexpr std::int64_t idempotency_ttl = 24 * 60 * 60;

/// True for 1 to 255 printable ASCII characters.
bool valid_idempotency_key(std::string_view key);

/// True when the call takes part (a POST that carries a key).
bool wants_idempotency(const api_call& call);

/// SHA-256 of what makes a request the same request: the operation, the
/// target and the body.
std::string request_fingerprint(const api_call& call);

/// Looks up the stored response. `hit` is set when there is one to answer
/// with: the replay, or a 422 when the key was used for another request.
db_task find_response(std::string key_id, std::string idem_key,
                      std::string fingerprint);

/// Wraps a write so that its response is stored with it (not for 5xx or
/// 409 answers, which a retry should redo).
db_task remember_response(db_task inner, std::string key_id,
                          std::string idem_key, std::string fingerprint);

} // namespace purse
