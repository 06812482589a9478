// SPDX-License-Identifier: GPL-2.0-or-later
#include "webhook_payload.hpp"

#include "purse/actors/json.hpp"
#include "records.hpp"

namespace purse::resources {

std::string webhook_payload(persistence::session& s,
                            const persistence::webhook_delivery_row& delivery,
                            const persistence::webhook_row& hook) {
  std::string record;
  if (delivery.type != delivery.record_type + ".deleted") {
    auto found = load_records(s, delivery.scope_id,
                              {{delivery.record_type, {delivery.record_id}}});
    auto it = found.find({delivery.record_type, delivery.record_id});
    if (it != found.end())
      record = std::move(it->second);
  }
  json_writer w;
  w.begin_object();
  w.key("id").value(delivery.event_id).key("type").value(delivery.type);
  w.key("created_at").time_or_null(delivery.created_at);
  w.key("scope").begin_object();
  w.key("kind").value(hook.scope_kind).key("id").value(delivery.scope_id);
  w.end_object();
  w.key("data").begin_object();
  if (record.empty())
    w.key("id").value(delivery.record_id);
  else
    w.key("record").raw_json(record);
  w.end_object();
  w.end_object();
  return w.str();
}

} // namespace purse::resources
