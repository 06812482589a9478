// The SQL of idempotent writes: the stored first response to a POST that
// carried an Idempotency-Key. Compiled as C++14 (the persistence island).

#include "generic_sql.hpp"

namespace purse {
namespace persistence {

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
