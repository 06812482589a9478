// SPDX-License-Identifier: GPL-2.0-or-later
// The SQL of webhooks: the generic row operations for webhook_row, the
// lists, and the outbox's claims and results (the triggers that note
// events and fan them out are in persistence/sql/webhooks.sql). Compiled as
// C++14 (the persistence island).

#include <odb/exceptions.hxx>

#include "generic_sql.hpp"

namespace purse {
namespace persistence {

namespace sql {

template <>
struct table_of<webhook_row> {
  static constexpr const char* name = "webhooks";
};

} // namespace sql

PURSE_SQL_ROW_OPERATIONS(webhook_row);
template std::int64_t session::count_in_scope<webhook_row>(const std::string&);

std::vector<webhook_row> session::list_webhooks(const std::string& scope_id,
                                                std::int64_t offset,
                                                std::int64_t limit) {
  using q = odb::query<webhook_row>;
  auto r = impl_.db.query<webhook_row>(
    (q::scope_id == scope_id) + "ORDER BY" + q::created_at + "," + q::id
    + "LIMIT" + q::_val(limit) + "OFFSET" + q::_val(offset));
  return std::vector<webhook_row>(r.begin(), r.end());
}

std::vector<webhook_delivery_row>
session::list_webhook_deliveries(const std::string& webhook_id,
                                 std::int64_t offset, std::int64_t limit) {
  using q = odb::query<webhook_delivery_row>;
  auto r = impl_.db.query<webhook_delivery_row>(
    (q::webhook_id == webhook_id) + "ORDER BY" + q::seq + "DESC LIMIT"
    + q::_val(limit) + "OFFSET" + q::_val(offset));
  return std::vector<webhook_delivery_row>(r.begin(), r.end());
}

std::int64_t session::count_webhook_deliveries(const std::string& webhook_id) {
  using sql::int_query;
  return sql::scalar(impl_.db, int_query("SELECT COUNT(*) FROM "
                                         "webhook_deliveries WHERE "
                                         "webhook_id = ")
                                 + int_query::_val(webhook_id));
}

std::int64_t session::erase_webhook_deliveries(const std::string& webhook_id) {
  using q = odb::query<webhook_delivery_row>;
  return static_cast<std::int64_t>(
    impl_.db.erase_query<webhook_delivery_row>(q::webhook_id == webhook_id));
}

std::vector<webhook_delivery_row>
session::claim_webhook_deliveries(std::int64_t now, std::int64_t lease_until,
                                  std::int64_t limit) {
  using q = odb::query<webhook_delivery_row>;
  auto r = impl_.db.query<webhook_delivery_row>(
    (q::status == "pending" && q::next_attempt_at <= now
     && q::lease_until <= now)
    + "ORDER BY" + q::next_attempt_at + "," + q::seq + "LIMIT" + q::_val(limit)
    + "FOR UPDATE SKIP LOCKED");
  std::vector<webhook_delivery_row> out(r.begin(), r.end());
  for (auto& row : out) {
    row.lease_until = lease_until;
    impl_.db.update(row);
  }
  return out;
}

bool session::save_webhook_delivery(const webhook_delivery_row& row) {
  try {
    impl_.db.update(row);
    return true;
  } catch (const odb::object_not_persistent&) {
    return false;
  }
}

std::int64_t session::prune_webhook_deliveries(std::int64_t before) {
  using sql::int_query;
  return sql::scalar(impl_.db, int_query("SELECT purse_webhooks_prune(")
                                 + int_query::_val(before) + ")");
}

} // namespace persistence
} // namespace purse
