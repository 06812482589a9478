// SPDX-License-Identifier: GPL-2.0-or-later
// The SQL of the changes feed: a page of a scope's changes, its pruning
// horizon and the pruning itself (the triggers that write the changes are
// in persistence/sql/changes.sql). Compiled as C++14 (the persistence
// island).

#include "session_impl.hpp"
#include "sql_support.hpp"

namespace purse {
namespace persistence {

void session::snapshot_reads() {
  impl_.db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
}

namespace {

/// The parameters of the prepared page statement.
struct changes_page_params {
  std::string scope_id;
  std::int64_t after_xid = 0;
  std::int64_t after_id = 0;
  std::int64_t limit = 0;
};

} // namespace

std::vector<change_row>
session::list_changes(const std::string& scope_id, std::int64_t after_xid,
                      std::int64_t after_id, std::int64_t limit) {
  // Only transactions older than every running one (the snapshot's xmin):
  // one that commits later has an xid at or past it, so the cursor never
  // passes a change that is not visible yet. Prepared once per connection
  // (every page of every client runs it).
  using q = odb::query<change_row>;
  changes_page_params* p = nullptr;
  auto pq = sql::prepared<change_row>(
    impl_.db, "purse.changes.page", p, [](changes_page_params& p) {
      return (q::scope_id == q::_ref(p.scope_id))
             + "AND (\"changes\".\"xid\", \"changes\".\"id\") > ("
             + q::_ref(p.after_xid) + "," + q::_ref(p.after_id)
             + ") AND \"changes\".\"xid\""
               " < pg_snapshot_xmin(pg_current_snapshot())::text::bigint"
               " ORDER BY \"changes\".\"xid\", \"changes\".\"id\" LIMIT"
             + q::_ref(p.limit);
    });
  p->scope_id = scope_id;
  p->after_xid = after_xid;
  p->after_id = after_id;
  p->limit = limit;
  std::vector<change_row> out;
  auto r = pq.execute();
  for (auto& row : r)
    out.push_back(row);
  return out;
}

std::int64_t session::change_horizon(const std::string& scope_id) {
  change_horizon_row row;
  if (!impl_.db.find<change_horizon_row>(scope_id, row))
    return 0;
  return row.pruned_xid;
}

std::int64_t session::prune_changes(std::int64_t before) {
  using sql::int_query;
  return sql::scalar(impl_.db, int_query("SELECT purse_changes_prune(")
                                 + int_query::_val(before) + ")");
}

} // namespace persistence
} // namespace purse
