// SPDX-License-Identifier: GPL-2.0-or-later
// The SQL of idempotent writes: the stored first response to a POST that
// carried an Idempotency-Key. Compiled as C++14 (the persistence island).

#include "generic_sql.hpp"

namespace purse {
namespace persistence {

namespace {

// Schema v4 stored the outcome as the ordinal of purse::errc as it was
// then; this table is frozen, whatever the enum becomes. The names are
// those of purse::errc_name. The transport-only outcomes of v4 (304, 405,
// 414, 415, 431) were never answers to a create or an action, so no stored
// row has them; their names are unknown to later builds (replayed as 500).
constexpr const char* outcome_from_code = R"SQL(
UPDATE idempotency_keys SET outcome = CASE code
  WHEN 0 THEN 'ok'
  WHEN 1 THEN 'created'
  WHEN 2 THEN 'not_modified'
  WHEN 3 THEN 'bad_request'
  WHEN 4 THEN 'unauthenticated'
  WHEN 5 THEN 'payment_required'
  WHEN 6 THEN 'forbidden'
  WHEN 7 THEN 'not_found'
  WHEN 8 THEN 'method_not_allowed'
  WHEN 9 THEN 'conflict'
  WHEN 10 THEN 'too_large'
  WHEN 11 THEN 'uri_too_long'
  WHEN 12 THEN 'headers_too_large'
  WHEN 13 THEN 'unsupported_media_type'
  WHEN 14 THEN 'unprocessable'
  WHEN 15 THEN 'too_many_requests'
  WHEN 16 THEN 'internal'
  WHEN 17 THEN 'unavailable'
  WHEN 18 THEN 'timeout'
  ELSE 'internal'
END
)SQL";

} // namespace

void name_idempotent_outcomes(odb::database& db) {
  db.execute(outcome_from_code);
}

bool session::find_idempotent(const std::string& key_id,
                              const std::string& idem_key,
                              idempotency_row& out) {
  using q = odb::query<idempotency_row>;
  return sql::first_row(impl_.db.query<idempotency_row>(
                          q::key_id == key_id && q::idem_key == idem_key),
                        out);
}

void session::save_idempotent(const idempotency_row& row,
                              std::int64_t expired_before) {
  using q = odb::query<idempotency_row>;
  impl_.db.erase_query<idempotency_row>(
    q::key_id == row.key_id
    && (q::idem_key == row.idem_key || q::created_at < expired_before));
  idempotency_row copy = row;
  impl_.db.persist(copy);
}

} // namespace persistence
} // namespace purse
