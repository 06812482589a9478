// SPDX-License-Identifier: GPL-2.0-or-later
// The SQL of cluster membership: calls of the lease, view and fence
// functions (persistence/sql/cluster.sql). Compiled as C++14 (the
// persistence island).

#include "generic_sql.hpp"

namespace purse {
namespace persistence {

std::int64_t session::renew_membership(const std::string& node,
                                       const std::string& endpoint,
                                       std::int64_t lease_ms) {
  using sql::int_query;
  return sql::scalar(impl_.db, int_query("SELECT purse_cluster_renew(")
                                 + int_query::_val(node) + ", "
                                 + int_query::_val(endpoint) + ", "
                                 + int_query::_val(lease_ms) + ")");
}

void session::leave_cluster(const std::string& node) {
  using sql::int_query;
  sql::scalar(impl_.db, int_query("SELECT purse_cluster_leave(")
                          + int_query::_val(node) + ")");
}

cluster_view_row session::cluster_view() {
  using q = odb::query<detail::text_pair>;
  auto r = impl_.db.query_value<detail::text_pair>(
    q("SELECT COALESCE(epoch, 0)::text, COALESCE(members, '')"
      " FROM purse_cluster_view()"));
  cluster_view_row out;
  out.epoch = std::stoll(r.first);
  out.members = r.second;
  return out;
}

std::string session::pin_cluster_ca(const std::string& fingerprint) {
  using q = odb::query<detail::text_pair>;
  auto r = impl_.db.query_value<detail::text_pair>(
    q("SELECT purse_cluster_pin_ca(") + q::_val(fingerprint) + "), ''");
  return r.first;
}

std::vector<std::pair<std::string, std::string>> session::cluster_endpoints() {
  using q = odb::query<detail::text_pair>;
  std::vector<std::pair<std::string, std::string>> out;
  auto r = impl_.db.query<detail::text_pair>(
    q("SELECT node_id, endpoint FROM cluster_members"
      " WHERE lease_until_ms > purse_now_ms() ORDER BY node_id"));
  for (auto& row : r)
    out.emplace_back(row.first, row.second);
  return out;
}

void session::fence(std::int64_t epoch) {
  using sql::int_query;
  sql::scalar(impl_.db, int_query("SELECT purse_cluster_fence(")
                          + int_query::_val(epoch) + ")");
}

} // namespace persistence
} // namespace purse
