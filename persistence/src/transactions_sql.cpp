// The SQL of transactions: the list and its filters, the links to tags and
// files, the uses of accounts and categories, and account balances.
// Compiled as C++14 (the persistence island).

#include "generic_sql.hpp"

namespace purse {
namespace persistence {

PURSE_SQL_ROW_OPERATIONS(transaction_row);

namespace {

using tx_query = odb::query<transaction_row>;

/// Escapes LIKE wildcards so user text matches literally.
std::string like_pattern(const std::string& text) {
  std::string out = "%";
  for (char c : text) {
    if (c == '%' || c == '_' || c == '\\')
      out += '\\';
    out += c;
  }
  out += '%';
  return out;
}

tx_query where_of(const transaction_filter& f) {
  using q = tx_query;
  q c(q::scope_id == f.scope_id);
  if (!f.include_voided)
    c = c && q::voided_at == std::int64_t{0};
  if (f.has_from)
    c = c && q::transaction_at >= f.from;
  if (f.has_to)
    c = c && q::transaction_at <= f.to;
  if (!f.account_id.empty())
    c = c
        && (q::account_id == f.account_id || q::to_account_id == f.account_id);
  if (!f.category_id.empty())
    c = c && q::category_id == f.category_id;
  if (!f.flow_type.empty())
    c = c && q::flow_type == f.flow_type;
  // Compare in major units so one bound fits every currency exactly.
  const char* major
    = "(\"transactions\".\"amount_minor\"::numeric"
      " / power(10::numeric, \"transactions\".\"minor_units\"))";
  if (!f.min_amount.empty())
    c = c
        && q(std::string{major} + " >= CAST(" + q::_val(f.min_amount)
             + " AS NUMERIC)");
  if (!f.max_amount.empty())
    c = c
        && q(std::string{major} + " <= CAST(" + q::_val(f.max_amount)
             + " AS NUMERIC)");
  if (!f.currency_code.empty())
    c = c && q::currency_code == f.currency_code;
  if (f.has_updated_since)
    c = c && q::updated_at >= f.updated_since;
  if (!f.text.empty())
    c = c
        && q("\"transactions\".\"description\" ILIKE "
             + q::_val(like_pattern(f.text)));
  if (!f.tag_id.empty())
    c = c
        && q("\"transactions\".\"id\" IN (SELECT transaction_id FROM"
             " transaction_tags WHERE tag_id = "
             + q::_val(f.tag_id) + ")");
  return c;
}

const char* order_of(const std::string& sort) {
  if (sort == "transaction_at")
    return "ORDER BY \"transactions\".\"transaction_at\" ASC,"
           " \"transactions\".\"id\" ASC";
  if (sort == "amount")
    return "ORDER BY \"transactions\".\"amount_minor\"::numeric / power(10::"
           "numeric, \"transactions\".\"minor_units\") ASC,"
           " \"transactions\".\"id\" ASC";
  if (sort == "-amount")
    return "ORDER BY \"transactions\".\"amount_minor\"::numeric / power(10::"
           "numeric, \"transactions\".\"minor_units\") DESC,"
           " \"transactions\".\"id\" DESC";
  return "ORDER BY \"transactions\".\"transaction_at\" DESC,"
         " \"transactions\".\"id\" DESC";
}

} // namespace

bool transaction_filter::unfiltered() const {
  return !has_from && !has_to && account_id.empty() && category_id.empty()
         && tag_id.empty() && flow_type.empty() && min_amount.empty()
         && max_amount.empty() && currency_code.empty() && text.empty()
         && !has_updated_since;
}

namespace {

struct page_params {
  std::string scope_id;
  std::int64_t limit = 0;
  std::int64_t offset = 0;
};

/// Name of the prepared unfiltered list for a sort order and voided flag.
const char* unfiltered_list_name(const std::string& sort, bool voided) {
  if (sort == "transaction_at")
    return voided ? "purse.list.asc.all" : "purse.list.asc";
  if (sort == "amount")
    return voided ? "purse.list.amount.all" : "purse.list.amount";
  if (sort == "-amount")
    return voided ? "purse.list.-amount.all" : "purse.list.-amount";
  return voided ? "purse.list.desc.all" : "purse.list.desc";
}

} // namespace

std::vector<transaction_row>
session::list_transactions(const transaction_filter& filter,
                           std::int64_t offset, std::int64_t limit) {
  std::vector<transaction_row> out;
  if (filter.unfiltered()) {
    // The common request (a page of a scope) runs as a prepared statement.
    page_params* p = nullptr;
    auto pq = sql::prepared<transaction_row>(
      impl_.db, unfiltered_list_name(filter.sort, filter.include_voided), p,
      [&filter](page_params& p) {
        using q = tx_query;
        q c(q::scope_id == q::_ref(p.scope_id));
        if (!filter.include_voided)
          c = c && q::voided_at == std::int64_t{0};
        return c + order_of(filter.sort) + "LIMIT" + q::_ref(p.limit) + "OFFSET"
               + q::_ref(p.offset);
      });
    p->scope_id = filter.scope_id;
    p->limit = limit;
    p->offset = offset;
    auto r = pq.execute();
    for (auto& row : r)
      out.push_back(row);
    return out;
  }
  auto r = impl_.db.query<transaction_row>(
    where_of(filter) + order_of(filter.sort) + "LIMIT" + tx_query::_val(limit)
    + "OFFSET" + tx_query::_val(offset));
  for (auto& row : r)
    out.push_back(row);
  return out;
}

std::int64_t session::count_transactions(const transaction_filter& filter) {
  // The object query's WHERE clause names the table, so count over it.
  odb::pgsql::query_base text("SELECT COUNT(*) FROM \"transactions\" WHERE ");
  text += where_of(filter);
  return sql::scalar(impl_.db, sql::int_query(text));
}

std::pair<std::int64_t, std::int64_t>
session::count_transactions_by_state(const std::string& scope_id) {
  using q = odb::query<detail::text_pair>;
  std::pair<std::int64_t, std::int64_t> out{0, 0};
  auto r = impl_.db.query<detail::text_pair>(
    q("SELECT (voided_at <> 0)::text, COUNT(*)::text FROM transactions"
      " WHERE scope_id = ")
    + q::_val(scope_id) + "GROUP BY 1");
  for (auto& row : r) {
    auto n = std::stoll(row.second);
    if (row.first == "true")
      out.second = n;
    else
      out.first = n;
  }
  return out;
}

namespace {

/// What the links of transactions to tags and to files differ in.
template <class Link>
struct link_traits;

template <>
struct link_traits<transaction_tag_row> {
  static constexpr const char* statement = "purse.tags_of";
  static constexpr const char* table = "transaction_tags";
  static std::string& target(transaction_tag_row& link) {
    return link.tag_id;
  }
  static odb::query<transaction_tag_row> order() {
    using q = odb::query<transaction_tag_row>;
    return q("ORDER BY") + q::transaction_id + "," + q::tag_id;
  }
};

template <>
struct link_traits<transaction_file_row> {
  static constexpr const char* statement = "purse.files_of";
  static constexpr const char* table = "transaction_files";
  static std::string& target(transaction_file_row& link) {
    return link.file_id;
  }
  static odb::query<transaction_file_row> order() {
    using q = odb::query<transaction_file_row>;
    return q("ORDER BY") + q::transaction_id + "," + q::file_id;
  }
};

/// (transaction_id, target id) pairs of the given transactions.
template <class Link>
std::vector<std::pair<std::string, std::string>>
links_of(odb::database& db, const std::vector<std::string>& transaction_ids) {
  using traits = link_traits<Link>;
  using q = odb::query<Link>;
  std::vector<std::pair<std::string, std::string>> out;
  if (transaction_ids.empty())
    return out;
  std::string* ids = nullptr;
  auto pq
    = sql::prepared<Link>(db, traits::statement, ids, [](std::string& ids) {
        return q(std::string{"\""} + traits::table
                 + "\".\"transaction_id\" = ANY("
                   "string_to_array(")
               + q::_ref(ids) + ", ','))" + traits::order();
      });
  *ids = sql::comma_joined(transaction_ids);
  auto r = pq.execute();
  for (auto& row : r)
    out.emplace_back(row.transaction_id, traits::target(row));
  return out;
}

/// Replaces the links of a transaction.
template <class Link>
void set_links(odb::database& db, const std::string& scope_id,
               const std::string& transaction_id,
               const std::vector<std::string>& targets) {
  using q = odb::query<Link>;
  db.erase_query<Link>(q::transaction_id == transaction_id);
  for (auto& target : targets) {
    Link link;
    link.scope_id = scope_id;
    link.transaction_id = transaction_id;
    link_traits<Link>::target(link) = target;
    db.persist(link);
  }
}

} // namespace

std::vector<std::pair<std::string, std::string>>
session::tags_of(const std::vector<std::string>& transaction_ids) {
  return links_of<transaction_tag_row>(impl_.db, transaction_ids);
}

void session::set_tags(const std::string& scope_id,
                       const std::string& transaction_id,
                       const std::vector<std::string>& tag_ids) {
  set_links<transaction_tag_row>(impl_.db, scope_id, transaction_id, tag_ids);
}

std::vector<std::pair<std::string, std::string>>
session::files_of(const std::vector<std::string>& transaction_ids) {
  return links_of<transaction_file_row>(impl_.db, transaction_ids);
}

void session::set_files(const std::string& scope_id,
                        const std::string& transaction_id,
                        const std::vector<std::string>& file_ids) {
  set_links<transaction_file_row>(impl_.db, scope_id, transaction_id, file_ids);
}

void session::unlink_tag(const std::string& tag_id) {
  using q = odb::query<transaction_tag_row>;
  impl_.db.erase_query<transaction_tag_row>(q::tag_id == tag_id);
}

std::int64_t session::count_account_uses(const std::string& account_id) {
  return sql::scalar(
    impl_.db,
    sql::int_query("SELECT COUNT(*) FROM transactions WHERE account_id = ")
      + sql::int_query::_val(account_id)
      + " OR to_account_id = " + sql::int_query::_val(account_id));
}

std::int64_t session::count_category_uses(const std::string& category_id) {
  return sql::scalar(impl_.db,
                     sql::int_query("SELECT COUNT(*) FROM transactions WHERE"
                                    " category_id = ")
                       + sql::int_query::_val(category_id));
}

void session::reassign_category(const std::string& from, const std::string& to,
                                std::int64_t now) {
  using q = odb::query<transaction_row>;
  auto r = impl_.db.query<transaction_row>(q::category_id == from);
  std::vector<transaction_row> rows(r.begin(), r.end());
  for (auto& row : rows) {
    row.category_id = to;
    row.updated_at = now;
    impl_.db.update(row);
  }
}

std::vector<transaction_row>
session::transactions_of_account(const std::string& account_id) {
  using q = odb::query<transaction_row>;
  auto r = impl_.db.query<transaction_row>(q::account_id == account_id
                                           || q::to_account_id == account_id);
  return std::vector<transaction_row>(r.begin(), r.end());
}

void session::adjust_balance(const std::string& account_id,
                             std::int64_t delta) {
  if (delta == 0)
    return;
  account_row acc;
  if (!impl_.db.find<account_row>(account_id, acc))
    throw persistence_error("adjust_balance: account vanished");
  acc.balance_minor += delta;
  impl_.db.update(acc);
}

} // namespace persistence
} // namespace purse
