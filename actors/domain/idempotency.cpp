// SPDX-License-Identifier: GPL-2.0-or-later
#include "idempotency.hpp"

#include "purse/actors/api_key.hpp"
#include "purse/actors/json.hpp"
#include "purse/actors/log.hpp"
#include "purse/actors/timestamp.hpp"

namespace purse {

namespace {

using persistence::idempotency_row;
using persistence::session;

api_result mismatch() {
  field_errors e;
  e.add("Idempotency-Key", "was already used with a different request; "
                           "use a new key for a new request");
  return make_result(errc::unprocessable, e.to_json());
}

bool storable(errc code) {
  return code != errc::internal && code != errc::timeout
         && code != errc::unavailable && code != errc::conflict
         && code != errc::too_many_requests;
}

} // namespace

bool valid_idempotency_key(std::string_view key) {
  if (key.empty() || key.size() > 255)
    return false;
  for (char c : key)
    if (c < 0x20 || c > 0x7e)
      return false;
  return true;
}

bool wants_idempotency(const api_call& call) {
  return !call.idempotency_key.empty()
         && (call.op == operation::create || call.op == operation::action);
}

std::string request_fingerprint(const api_call& call) {
  // Length-prefixed fields: no two different requests serialise alike.
  std::string canon;
  auto add = [&](std::string_view part) {
    canon += std::to_string(part.size());
    canon += ':';
    canon += part;
  };
  add(std::to_string(static_cast<int>(call.op)));
  add(call.team);
  add(call.resource);
  add(call.id);
  add(call.action);
  for (auto& [k, v] : call.query) {
    add(k);
    add(v);
  }
  add(call.body);
  if (call.upload.present) {
    add(call.upload.name);
    add(call.upload.content_type);
    add(call.upload.transaction_id);
    for (auto& field : call.upload.other_fields)
      add(field);
    add(call.upload.bytes);
  }
  return hash_secret(canon);
}

idempotency_ref idempotency_of(const api_call& call) {
  return {call.key_id, call.idempotency_key, request_fingerprint(call)};
}

std::optional<api_result> stored_response(session& s,
                                          const idempotency_ref& ref) {
  idempotency_row row;
  if (!s.find_idempotent(ref.key_id, ref.idem_key, row)
      || row.created_at < now_seconds() - idempotency_ttl)
    return std::nullopt;
  if (row.request_hash != ref.fingerprint)
    return mismatch();
  api_result out;
  if (!errc_from_name(row.outcome, out.code)) {
    log_event(log_level::error, "idempotency_unknown_outcome",
              {{"outcome", row.outcome}});
    return make_result(errc::internal);
  }
  out.message = row.message;
  out.data = row.data;
  out.replayed = true;
  return out;
}

void store_response(session& s, const idempotency_ref& ref,
                    const api_result& r) {
  if (!storable(r.code))
    return;
  idempotency_row row;
  row.key_id = ref.key_id;
  row.idem_key = ref.idem_key;
  row.request_hash = ref.fingerprint;
  row.outcome = errc_name(r.code);
  row.message = r.message;
  row.data = r.data;
  row.created_at = now_seconds();
  s.save_idempotent(row, row.created_at - idempotency_ttl);
}

} // namespace purse
