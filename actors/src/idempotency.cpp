#include "purse/actors/idempotency.hpp"

#include "purse/actors/api_key.hpp"
#include "purse/actors/json.hpp"
#include "purse/actors/log.hpp"
#include "purse/actors/timestamp.hpp"

namespace purse {

namespace {

using persistence::idempotency_row;
using persistence::session;
using persistence::store;

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

db_task find_response(std::string key_id, std::string idem_key,
                      std::string fingerprint) {
  return db_task{[=](store& st) {
    db_outcome out;
    st.read([&](session& s) {
      idempotency_row row;
      if (!s.find_idempotent(key_id, idem_key, row)
          || row.created_at < now_seconds() - idempotency_ttl)
        return;
      out.hit = true;
      if (row.request_hash != fingerprint) {
        out.result = mismatch();
        return;
      }
      if (!errc_from_name(row.outcome, out.result.code)) {
        log_event(log_level::error, "idempotency_unknown_outcome",
                  {{"outcome", row.outcome}});
        out.result = make_result(errc::internal);
        return;
      }
      out.result.message = row.message;
      out.result.data = row.data;
      out.result.replayed = true;
    });
    return out;
  }};
}

db_task remember_response(db_task inner, std::string key_id,
                          std::string idem_key, std::string fingerprint) {
  return db_task{[=](store& st) {
    db_outcome out;
    try {
      st.write([&](session& s) {
        out = inner.run(st); // joins this transaction
        if (!storable(out.result.code))
          return;
        idempotency_row row;
        row.key_id = key_id;
        row.idem_key = idem_key;
        row.request_hash = fingerprint;
        row.outcome = errc_name(out.result.code);
        row.message = out.result.message;
        row.data = out.result.data;
        row.created_at = now_seconds();
        s.save_idempotent(row, row.created_at - idempotency_ttl);
      });
    } catch (const persistence::unique_violation&) {
      // The same key raced in from another scope and won; this attempt's
      // work was rolled back with the transaction.
      return db_outcome{make_result(errc::conflict, "null",
                                    "A request with this idempotency key is "
                                    "in progress; retry it"),
                        {}};
    }
    return out;
  }};
}

} // namespace purse
