// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Idempotent POSTs: a retry with the same Idempotency-Key and the same
// request within 24 hours gets the first response again, without the work
// being done twice. The response is stored in the same database transaction
// as the work, so a crash leaves either both or neither.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "purse/actors/api_call.hpp"
#include "purse/actors/api_result.hpp"
#include "purse/persistence/session.hpp"

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

/// What identifies an idempotent call's stored answer.
struct idempotency_ref {
  std::string key_id;
  std::string idem_key;
  std::string fingerprint;
};

/// The reference of a call that wants_idempotency().
idempotency_ref idempotency_of(const api_call& call);

/// The stored answer, if there is one to answer with: the replay, or a 422
/// when the key was used for another request. One statement; runs in the
/// caller's transaction, so it sees answers stored earlier in it.
std::optional<api_result> stored_response(persistence::session& s,
                                          const idempotency_ref& ref);

/// Stores `r` as the answer (not 5xx, 409 or 429 answers, which a retry
/// should redo). Throws persistence::unique_violation when the same key was
/// stored concurrently by another transaction.
void store_response(persistence::session& s, const idempotency_ref& ref,
                    const api_result& r);

} // namespace purse
