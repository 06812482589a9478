// SPDX-License-Identifier: GPL-2.0-or-later
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

/// The rows after the keyset position (sort value, id), in sort order.
tx_query after_of(const transaction_filter& f) {
  using q = tx_query;
  bool ascending = f.sort == "transaction_at" || f.sort == "amount";
  std::string key
    = f.sort == "amount" || f.sort == "-amount"
        ? "(\"transactions\".\"amount_minor\"::numeric"
          " / power(10::numeric, \"transactions\".\"minor_units\"))"
        : "\"transactions\".\"transaction_at\"";
  std::string cast = f.sort == "amount" || f.sort == "-amount" ? "NUMERIC"
                                                               : "BIGINT";
  return q("(" + key + ", \"transactions\".\"id\") "
           + (ascending ? "> (" : "< (") + "CAST(")
         + q::_val(f.after_value) + " AS " + cast + "), " + q::_val(f.after_id)
         + ")";
}

tx_query where_of(const transaction_filter& f, bool keyset = true) {
  using q = tx_query;
  q c(q::scope_id == f.scope_id);
  if (keyset && f.has_after)
    c = c && after_of(f);
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
  if (!f.created_by.empty())
    c = c && q::created_by == f.created_by;
  if (!f.external_id.empty())
    c = c && q::external_id == f.external_id;
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
         && tag_id.empty() && created_by.empty() && external_id.empty()
         && flow_type.empty() && min_amount.empty() && max_amount.empty()
         && currency_code.empty() && text.empty() && !has_updated_since;
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
  if (filter.unfiltered() && !filter.has_after) {
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
  text += where_of(filter, false);
  return sql::scalar(impl_.db, sql::int_query(text));
}

namespace {

using linked_query = odb::query<detail::linked_transaction_view>;

/// The select list of the linked reads over a relation named
/// "transactions": its columns in transaction_row's order, then its tag and
/// its file ids comma-joined in the order tags_of and files_of return them
/// (by id). Ids never contain commas. The ids are the columns tag_ids and
/// file_ids (schema v13), which triggers on the link tables keep equal to
/// the links (persistence/sql/link_ids.sql): aggregating the link tables
/// per row here cost PostgreSQL about 45 % of a list. They are not members
/// of transaction_row, so the subselects' SELECT * carries them.
constexpr const char* linked_columns
  = "SELECT \"transactions\".\"id\", \"transactions\".\"scope_id\","
    " \"transactions\".\"account_id\", \"transactions\".\"to_account_id\","
    " \"transactions\".\"category_id\", \"transactions\".\"flow_type\","
    " \"transactions\".\"amount_minor\", \"transactions\".\"currency_code\","
    " \"transactions\".\"minor_units\", \"transactions\".\"description\","
    " \"transactions\".\"notes\", \"transactions\".\"transaction_at\","
    " \"transactions\".\"created_at\", \"transactions\".\"updated_at\","
    " \"transactions\".\"voided_at\", \"transactions\".\"created_by\","
    " \"transactions\".\"updated_by\", \"transactions\".\"external_id\","
    " \"transactions\".\"tag_ids\", \"transactions\".\"file_ids\",";

/// "a,b" as {"a", "b"}; "" as {}.
std::vector<std::string> split_ids(const std::string& joined) {
  std::vector<std::string> out;
  std::string::size_type from = 0;
  while (from < joined.size()) {
    auto comma = joined.find(',', from);
    if (comma == std::string::npos)
      comma = joined.size();
    out.push_back(joined.substr(from, comma - from));
    from = comma + 1;
  }
  return out;
}

linked_transaction to_linked(detail::linked_transaction_view& v) {
  linked_transaction out;
  auto& r = out.row;
  r.id = std::move(v.id);
  r.scope_id = std::move(v.scope_id);
  r.account_id = std::move(v.account_id);
  r.to_account_id = std::move(v.to_account_id);
  r.category_id = std::move(v.category_id);
  r.flow_type = std::move(v.flow_type);
  r.amount_minor = v.amount_minor;
  r.currency_code = std::move(v.currency_code);
  r.minor_units = v.minor_units;
  r.description = std::move(v.description);
  r.notes = std::move(v.notes);
  r.transaction_at = v.transaction_at;
  r.created_at = v.created_at;
  r.updated_at = v.updated_at;
  r.voided_at = v.voided_at;
  r.created_by = std::move(v.created_by);
  r.updated_by = std::move(v.updated_by);
  r.external_id = std::move(v.external_id);
  out.tag_ids = split_ids(v.tag_ids);
  out.file_ids = split_ids(v.file_ids);
  return out;
}

/// Name of the prepared unfiltered linked list for a sort order and voided
/// flag.
const char* linked_list_name(const std::string& sort, bool voided) {
  if (sort == "transaction_at")
    return voided ? "purse.linked.asc.all" : "purse.linked.asc";
  if (sort == "amount")
    return voided ? "purse.linked.amount.all" : "purse.linked.amount";
  if (sort == "-amount")
    return voided ? "purse.linked.-amount.all" : "purse.linked.-amount";
  return voided ? "purse.linked.desc.all" : "purse.linked.desc";
}

struct linked_page_params {
  std::string scope_id;
  std::int64_t limit = 0;
  std::int64_t offset = 0;
};

struct linked_id_params {
  std::string id;
  std::string scope_id;
};

} // namespace

std::vector<linked_transaction>
session::list_linked(const transaction_filter& filter, std::int64_t offset,
                     std::int64_t limit, std::int64_t* total) {
  std::vector<linked_transaction> out;
  // The page is cut first and the links are looked up for its rows only;
  // the outer ORDER BY keeps the page's order (a subquery's is not kept by
  // definition).
  if (total == nullptr && filter.unfiltered() && !filter.has_after) {
    // The common request (a page of a scope): prepared once per connection.
    linked_page_params* p = nullptr;
    auto pq = sql::prepared<detail::linked_transaction_view>(
      impl_.db, linked_list_name(filter.sort, filter.include_voided), p,
      [&filter](linked_page_params& p) {
        return linked_query(std::string{linked_columns}
                            + " 0::bigint FROM (SELECT * FROM"
                              " \"transactions\" WHERE"
                              " \"transactions\".\"scope_id\" = ")
               + linked_query::_ref(p.scope_id)
               + (filter.include_voided
                    ? ""
                    : "AND \"transactions\".\"voided_at\" = 0")
               + order_of(filter.sort) + "LIMIT" + linked_query::_ref(p.limit)
               + "OFFSET" + linked_query::_ref(p.offset)
               + ") AS \"transactions\"" + order_of(filter.sort);
      });
    p->scope_id = filter.scope_id;
    p->limit = limit;
    p->offset = offset;
    auto r = pq.execute();
    for (auto& row : r)
      out.push_back(to_linked(row));
    return out;
  }
  odb::pgsql::query_base q;
  if (total == nullptr) {
    q += std::string{linked_columns}
         + " 0::bigint FROM (SELECT * FROM \"transactions\" WHERE ";
    q += where_of(filter);
    q += order_of(filter.sort);
    q += "LIMIT";
    q += linked_query::_val(limit);
    q += "OFFSET";
    q += linked_query::_val(offset);
    q += ") AS \"transactions\"";
  } else {
    // The count's row is joined to the page so that a page past the end
    // still says how many there are. The filter is applied twice rather
    // than to one materialized set: the count can then read the indexes
    // alone, and the page can stop after its rows.
    q += std::string{linked_columns}
         + " c.n FROM (SELECT count(*) FROM \"transactions\" WHERE ";
    q += where_of(filter, false);
    q += ") AS c(n) LEFT JOIN LATERAL (SELECT * FROM \"transactions\" WHERE ";
    q += where_of(filter);
    q += order_of(filter.sort);
    q += "LIMIT";
    q += linked_query::_val(limit);
    q += "OFFSET";
    q += linked_query::_val(offset);
    q += ") AS \"transactions\" ON TRUE";
  }
  q += order_of(filter.sort);
  auto r = impl_.db.query<detail::linked_transaction_view>(linked_query(q));
  for (auto& row : r) {
    if (total != nullptr)
      *total = row.total;
    if (!row.id.empty())
      out.push_back(to_linked(row));
  }
  return out;
}

bool session::find_linked(const std::string& id, const std::string& scope_id,
                          linked_transaction& out) {
  linked_id_params* p = nullptr;
  auto pq = sql::prepared<detail::linked_transaction_view>(
    impl_.db, "purse.linked.by_id", p, [](linked_id_params& p) {
      return linked_query(std::string{linked_columns}
                          + " 0::bigint FROM \"transactions\" WHERE"
                            " \"transactions\".\"id\" = ")
             + linked_query::_ref(p.id) + "AND \"transactions\".\"scope_id\" = "
             + linked_query::_ref(p.scope_id);
    });
  p->id = id;
  p->scope_id = scope_id;
  auto r = pq.execute();
  for (auto& row : r) {
    out = to_linked(row);
    return true;
  }
  return false;
}

std::vector<linked_transaction>
session::find_linked_in_scope(const std::vector<std::string>& ids,
                              const std::string& scope_id) {
  std::vector<linked_transaction> out;
  if (ids.empty())
    return out;
  sql::in_scope_params* p = nullptr;
  auto pq = sql::prepared<detail::linked_transaction_view>(
    impl_.db, "purse.linked.in_scope", p, [](sql::in_scope_params& p) {
      return linked_query(std::string{linked_columns}
                          + " 0::bigint FROM \"transactions\" WHERE"
                            " \"transactions\".\"scope_id\" = ")
             + linked_query::_ref(p.scope_id)
             + "AND \"transactions\".\"id\" = ANY(string_to_array("
             + linked_query::_ref(p.ids) + ", ','))";
    });
  p->scope_id = scope_id;
  p->ids = sql::comma_joined(ids);
  auto r = pq.execute();
  for (auto& row : r)
    out.push_back(to_linked(row));
  return out;
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

/// The parameters of the prepared link calls, bound by reference.
struct link_params {
  std::string scope_id;
  std::string transaction_id;
  std::string targets; // comma-joined
};

template <>
struct link_traits<transaction_tag_row> {
  static constexpr const char* statement = "purse.tags_of";
  static constexpr const char* replace_statement = "purse.set_tags";
  static constexpr const char* add_statement = "purse.add_tags";
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
  static constexpr const char* replace_statement = "purse.set_files";
  static constexpr const char* add_statement = "purse.add_files";
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

/// Inserts the links of a transaction to `targets`, after deleting its
/// current ones when `replace`, in one call of the database function
/// purse_link_<table> (see write_functions): prepared once per connection,
/// one round trip whatever the number of links, and no DELETE for a new
/// transaction.
template <class Link>
void link(odb::database& db, const std::string& scope_id,
          const std::string& transaction_id,
          const std::vector<std::string>& targets, bool replace) {
  using traits = link_traits<Link>;
  if (!replace && targets.empty())
    return;
  link_params* p = nullptr;
  auto pq = sql::prepared<detail::int_value>(
    db, replace ? traits::replace_statement : traits::add_statement, p,
    [replace](link_params& p) {
      using q = sql::int_query;
      return q(std::string{"SELECT purse_link_"} + traits::table + "(")
             + q::_ref(p.scope_id) + "," + q::_ref(p.transaction_id) + ","
             + q::_ref(p.targets) + (replace ? ", TRUE)" : ", FALSE)");
    });
  p->scope_id = scope_id;
  p->transaction_id = transaction_id;
  p->targets = sql::comma_joined(targets);
  pq.execute_value();
}

} // namespace

std::vector<std::pair<std::string, std::string>>
session::tags_of(const std::vector<std::string>& transaction_ids) {
  return links_of<transaction_tag_row>(impl_.db, transaction_ids);
}

void session::set_tags(const std::string& scope_id,
                       const std::string& transaction_id,
                       const std::vector<std::string>& tag_ids) {
  link<transaction_tag_row>(impl_.db, scope_id, transaction_id, tag_ids, true);
}

void session::add_tags(const std::string& scope_id,
                       const std::string& transaction_id,
                       const std::vector<std::string>& tag_ids) {
  link<transaction_tag_row>(impl_.db, scope_id, transaction_id, tag_ids, false);
}

std::vector<std::pair<std::string, std::string>>
session::files_of(const std::vector<std::string>& transaction_ids) {
  return links_of<transaction_file_row>(impl_.db, transaction_ids);
}

void session::set_files(const std::string& scope_id,
                        const std::string& transaction_id,
                        const std::vector<std::string>& file_ids) {
  link<transaction_file_row>(impl_.db, scope_id, transaction_id, file_ids,
                             true);
}

void session::add_files(const std::string& scope_id,
                        const std::string& transaction_id,
                        const std::vector<std::string>& file_ids) {
  link<transaction_file_row>(impl_.db, scope_id, transaction_id, file_ids,
                             false);
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
                                std::int64_t now, const std::string& by) {
  using q = odb::query<transaction_row>;
  auto r = impl_.db.query<transaction_row>(q::category_id == from);
  std::vector<transaction_row> rows(r.begin(), r.end());
  for (auto& row : rows) {
    row.category_id = to;
    row.updated_at = now;
    row.updated_by = by;
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

namespace {

struct balance_params {
  std::string account_id;
  std::int64_t delta = 0;
};

} // namespace

void session::adjust_balance(const std::string& account_id,
                             std::int64_t delta) {
  if (delta == 0)
    return;
  balance_params* p = nullptr;
  auto pq = sql::prepared<detail::int_value>(
    impl_.db, "purse.adjust_balance", p, [](balance_params& p) {
      using q = sql::int_query;
      return q("SELECT purse_adjust_balance(") + q::_ref(p.account_id) + ","
             + q::_ref(p.delta) + ")";
    });
  p->account_id = account_id;
  p->delta = delta;
  if (pq.execute_value().value == 0)
    throw persistence_error("adjust_balance: account vanished");
}

namespace {

/// The parameters of purse_create_transaction, bound by reference.
struct create_params {
  std::int64_t fence = 0;
  transaction_row row;
  std::string tags;
  std::string files;
  std::string delta_accounts;
  std::string delta_minor;
};

} // namespace

bool session::create_transaction(
  const transaction_row& row, const std::vector<std::string>& tag_ids,
  const std::vector<std::string>& file_ids,
  const std::vector<std::pair<std::string, std::int64_t>>& deltas,
  std::int64_t fence_epoch) {
  create_params* p = nullptr;
  auto pq = sql::prepared<detail::int_value>(
    impl_.db, "purse.create_transaction", p, [](create_params& p) {
      using q = sql::int_query;
      auto& r = p.row;
      return q("SELECT purse_create_transaction(") + q::_ref(p.fence) + ","
             + q::_ref(r.id) + "," + q::_ref(r.scope_id) + ","
             + q::_ref(r.account_id) + "," + q::_ref(r.to_account_id) + ","
             + q::_ref(r.category_id) + "," + q::_ref(r.flow_type) + ","
             + q::_ref(r.amount_minor) + "," + q::_ref(r.currency_code) + ","
             + q::_ref(r.minor_units) + "," + q::_ref(r.description) + ","
             + q::_ref(r.notes) + "," + q::_ref(r.transaction_at) + ","
             + q::_ref(r.created_at) + "," + q::_ref(r.updated_at) + ","
             + q::_ref(r.voided_at) + "," + q::_ref(r.created_by) + ","
             + q::_ref(r.updated_by) + "," + q::_ref(r.external_id) + ","
             + q::_ref(p.tags) + "," + q::_ref(p.files) + ","
             + q::_ref(p.delta_accounts) + "," + q::_ref(p.delta_minor) + ")";
    });
  p->fence = fence_epoch;
  p->row = row;
  p->tags = sql::comma_joined(tag_ids);
  p->files = sql::comma_joined(file_ids);
  std::vector<std::string> accounts, minor;
  for (const auto& d : deltas) {
    accounts.push_back(d.first);
    minor.push_back(std::to_string(d.second));
  }
  p->delta_accounts = sql::comma_joined(accounts);
  p->delta_minor = sql::comma_joined(minor);
  return pq.execute_value().value == 1;
}

std::int64_t session::select_int(const std::string& statement) {
  return sql::scalar(impl_.db, sql::int_query(statement));
}

} // namespace persistence
} // namespace purse
