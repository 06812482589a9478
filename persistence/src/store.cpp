// The persistence island: everything that touches ODB. Compiled as C++14.
#if __cplusplus >= 201703L
#  error "ODB 2.4 runtime headers need C++14: build persistence/ as C++14"
#endif

#include "purse/persistence/store.hpp"

#include <odb/pgsql/connection-factory.hxx>
#include <odb/pgsql/connection.hxx>
#include <odb/pgsql/database.hxx>
#include <odb/pgsql/exceptions.hxx>
#include <odb/schema-catalog.hxx>
#include <odb/transaction.hxx>

#include "purse/persistence/rows-odb.hxx"
#include "session_impl.hpp"

namespace purse {
namespace persistence {

namespace {

constexpr const char* schema_name = "purse";

/// Table names of the scope-owned rows, for native queries.
template <class Row>
struct table_of;
template <>
struct table_of<account_row> {
  static constexpr const char* name = "accounts";
};
template <>
struct table_of<category_row> {
  static constexpr const char* name = "categories";
};
template <>
struct table_of<tag_row> {
  static constexpr const char* name = "tags";
};

/// Runs `fn`, translating ODB exceptions into persistence errors so that no
/// ODB type escapes the island.
template <class F>
auto guarded(F&& fn) -> decltype(fn()) {
  try {
    return fn();
  } catch (const odb::pgsql::database_exception& e) {
    // 23505: unique_violation (SQLSTATE class 23, integrity constraint)
    if (e.sqlstate() == "23505")
      throw unique_violation(e.message());
    // Class 08: connection exceptions; 57P: operator intervention
    // (e.g. the server shutting down).
    if (e.sqlstate().compare(0, 2, "08") == 0
        || e.sqlstate().compare(0, 3, "57P") == 0)
      throw transient_error(e.message());
    throw persistence_error(e.what());
  } catch (const odb::recoverable& e) {
    // connection_lost, timeout, deadlock: nothing the client did wrong.
    throw transient_error(e.what());
  } catch (const odb::object_already_persistent& e) {
    // ODB reports any 23505 on persist this way, also for unique indexes
    // other than the primary key.
    throw unique_violation(e.what());
  } catch (const persistence_error&) {
    throw;
  } catch (const odb::exception& e) {
    throw persistence_error(e.what());
  }
}

using int_query = odb::query<detail::int_value>;

/// Drops the statements ODB prepares for one query and deallocates after
/// it ("query_<type>", "erase_query_<type>").
constexpr const char* deallocate_one_off_statements = R"SQL(
DO $$
DECLARE n text;
BEGIN
  FOR n IN SELECT name FROM pg_prepared_statements
            WHERE name LIKE 'query\_%' OR name LIKE 'erase\_query\_%' LOOP
    EXECUTE 'DEALLOCATE ' || quote_ident(n);
  END LOOP;
END $$)SQL";

/// Ids as one text parameter ("a,b,c") for `= ANY(string_to_array(...))`:
/// the statement stays the same for any number of ids, so it can be
/// prepared once. Ids never contain commas.
std::string comma_joined(const std::vector<std::string>& ids) {
  std::string out;
  for (auto& id : ids) {
    if (!out.empty())
      out += ',';
    out += id;
  }
  return out;
}

/// A prepared query cached on the current connection under `name`, with
/// its by-reference parameters (ODB manual 4.5). Hot per-request queries
/// use it so PostgreSQL parses and plans them once per connection.
template <class T, class P, class Make>
odb::prepared_query<T>
prepared(odb::database& db, const char* name, P*& params, Make make) {
  auto pq = db.lookup_query<T>(name, params);
  if (!pq) {
    std::unique_ptr<P> owned(new P);
    params = owned.get();
    pq = db.prepare_query<T>(name, make(*params));
    db.cache_query(pq, std::move(owned));
  }
  return pq;
}

std::int64_t scalar(odb::database& db, const int_query& q) {
  return db.query_value<detail::int_value>(q).value;
}

} // namespace

// -- session ------------------------------------------------------------------

template <class Row>
bool session::find(const std::string& id, Row& out) {
  return impl_.db.find<Row>(id, out);
}

template <class Row>
void session::insert(const Row& row) {
  impl_.db.persist(row);
}

template <class Row>
void session::update(const Row& row) {
  impl_.db.update(row);
}

template <class Row>
bool session::erase(const std::string& id) {
  using q = odb::query<Row>;
  return impl_.db.erase_query<Row>(q::id == id) > 0;
}

template <class Row>
std::vector<Row> session::list_by_name(const std::string& scope_id,
                                       std::int64_t offset,
                                       std::int64_t limit) {
  using q = odb::query<Row>;
  std::vector<Row> out;
  auto r = impl_.db.query<Row>((q::scope_id == scope_id) + "ORDER BY" + q::name
                               + "," + q::id + "LIMIT" + q::_val(limit)
                               + "OFFSET" + q::_val(offset));
  for (auto& row : r)
    out.push_back(row);
  return out;
}

template <class Row>
std::int64_t session::count_in_scope(const std::string& scope_id) {
  return scalar(impl_.db,
                int_query(std::string{"SELECT COUNT(*) FROM "}
                          + table_of<Row>::name + " WHERE scope_id = ")
                  + int_query::_val(scope_id));
}

#define PURSE_INSTANTIATE_ROW(row)                                             \
  template bool session::find<row>(const std::string&, row&);                  \
  template void session::insert<row>(const row&);                              \
  template void session::update<row>(const row&);                              \
  template bool session::erase<row>(const std::string&);

PURSE_INSTANTIATE_ROW(user_row)
PURSE_INSTANTIATE_ROW(team_row)
PURSE_INSTANTIATE_ROW(api_key_row)
PURSE_INSTANTIATE_ROW(account_row)
PURSE_INSTANTIATE_ROW(category_row)
PURSE_INSTANTIATE_ROW(tag_row)
PURSE_INSTANTIATE_ROW(transaction_row)
PURSE_INSTANTIATE_ROW(file_row)

#define PURSE_INSTANTIATE_NAMED(row)                                           \
  template std::vector<row> session::list_by_name<row>(                        \
    const std::string&, std::int64_t, std::int64_t);                           \
  template std::int64_t session::count_in_scope<row>(const std::string&);

PURSE_INSTANTIATE_NAMED(account_row)
PURSE_INSTANTIATE_NAMED(category_row)
PURSE_INSTANTIATE_NAMED(tag_row)

#undef PURSE_INSTANTIATE_ROW
#undef PURSE_INSTANTIATE_NAMED

bool session::find_user_by_email(const std::string& email, user_row& out) {
  using q = odb::query<user_row>;
  auto r = impl_.db.query<user_row>(q("lower(email) = lower(") + q::_val(email)
                                    + ")");
  for (auto& row : r) {
    out = row;
    return true;
  }
  return false;
}

bool session::find_member(const std::string& team_id,
                          const std::string& user_id, team_member_row& out) {
  using q = odb::query<team_member_row>;
  auto r = impl_.db.query<team_member_row>(q::team_id == team_id
                                           && q::user_id == user_id);
  for (auto& row : r) {
    out = row;
    return true;
  }
  return false;
}

void session::insert_member(const team_member_row& row) {
  team_member_row copy = row;
  impl_.db.persist(copy);
}

void session::update_member(const team_member_row& row) {
  impl_.db.update(row);
}

bool session::erase_member(const std::string& team_id,
                           const std::string& user_id) {
  using q = odb::query<team_member_row>;
  return impl_.db.erase_query<team_member_row>(q::team_id == team_id
                                               && q::user_id == user_id)
         > 0;
}

std::vector<std::pair<team_row, std::string>>
session::teams_of(const std::string& user_id) {
  using q = odb::query<detail::text_pair>;
  std::vector<std::pair<team_row, std::string>> out;
  auto r = impl_.db.query<detail::text_pair>(
    q("SELECT m.team_id, m.role FROM team_members m JOIN teams t"
      " ON t.id = m.team_id WHERE m.user_id = ")
    + q::_val(user_id) + "ORDER BY t.name, t.id");
  std::vector<std::pair<std::string, std::string>> ids;
  for (auto& row : r)
    ids.emplace_back(row.first, row.second);
  for (auto& id : ids) {
    team_row t;
    if (impl_.db.find<team_row>(id.first, t))
      out.emplace_back(t, id.second);
  }
  return out;
}

void session::lock_team(const std::string& team_id) {
  scalar(impl_.db, int_query("SELECT 1::bigint FROM teams WHERE id = ")
                     + int_query::_val(team_id) + " FOR UPDATE");
}

std::int64_t session::count_members(const std::string& team_id) {
  return scalar(impl_.db,
                int_query("SELECT COUNT(*) FROM team_members WHERE team_id = ")
                  + int_query::_val(team_id));
}

std::vector<api_key_row> session::keys_of(const std::string& user_id) {
  using q = odb::query<api_key_row>;
  std::vector<api_key_row> out;
  auto r = impl_.db.query<api_key_row>((q::user_id == user_id) + "ORDER BY"
                                       + q::created_at + "DESC," + q::id
                                       + "DESC");
  for (auto& row : r)
    out.push_back(row);
  return out;
}

namespace {

struct auth_params {
  std::string team_id;
  std::string lookup_id;
};

} // namespace

auth_row session::authenticate(const std::string& lookup_id,
                               const std::string& team_id) {
  using q = odb::query<auth_row>;
  auth_params* p = nullptr;
  auto pq = prepared<auth_row>(
    impl_.db, "purse.authenticate", p, [](auth_params& p) {
      return q("SELECT TRUE, k.id, k.secret_hash, k.audience, k.expires_at,"
               " k.revoked_at, k.last_used_at, u.id, u.plan, t.id IS NOT NULL,"
               " COALESCE(m.role, ''), COALESCE(o.plan, '')"
               " FROM api_keys k JOIN users u ON u.id = k.user_id"
               " LEFT JOIN teams t ON t.id = ")
             + q::_ref(p.team_id)
             + " LEFT JOIN team_members m ON m.team_id = t.id"
               " AND m.user_id = u.id LEFT JOIN users o ON o.id = t.owner_id"
               " WHERE k.lookup_id = "
             + q::_ref(p.lookup_id);
    });
  p->team_id = team_id;
  p->lookup_id = lookup_id;
  auto r = pq.execute();
  for (auto& row : r)
    return row;
  return auth_row{};
}

void session::touch_key(const std::string& key_id, std::int64_t at) {
  api_key_row key;
  if (impl_.db.find<api_key_row>(key_id, key) && key.last_used_at < at) {
    key.last_used_at = at;
    impl_.db.update(key);
  }
}

// -- transactions ---------------------------------------------------------------

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
    auto pq = prepared<transaction_row>(
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
  odb::pgsql::query_base sql("SELECT COUNT(*) FROM \"transactions\" WHERE ");
  sql += where_of(filter);
  return scalar(impl_.db, int_query(sql));
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

std::vector<std::pair<std::string, std::string>>
session::tags_of(const std::vector<std::string>& transaction_ids) {
  std::vector<std::pair<std::string, std::string>> out;
  if (transaction_ids.empty())
    return out;
  using q = odb::query<transaction_tag_row>;
  std::string* ids = nullptr;
  auto pq = prepared<transaction_tag_row>(
    impl_.db, "purse.tags_of", ids, [](std::string& ids) {
      return q("\"transaction_tags\".\"transaction_id\" = ANY("
               "string_to_array(")
             + q::_ref(ids) + ", ','))" + "ORDER BY" + q::transaction_id + ","
             + q::tag_id;
    });
  *ids = comma_joined(transaction_ids);
  auto r = pq.execute();
  for (auto& row : r)
    out.emplace_back(row.transaction_id, row.tag_id);
  return out;
}

void session::set_tags(const std::string& scope_id,
                       const std::string& transaction_id,
                       const std::vector<std::string>& tag_ids) {
  using q = odb::query<transaction_tag_row>;
  impl_.db.erase_query<transaction_tag_row>(q::transaction_id
                                            == transaction_id);
  for (auto& tag : tag_ids) {
    transaction_tag_row link;
    link.scope_id = scope_id;
    link.transaction_id = transaction_id;
    link.tag_id = tag;
    impl_.db.persist(link);
  }
}

void session::unlink_tag(const std::string& tag_id) {
  using q = odb::query<transaction_tag_row>;
  impl_.db.erase_query<transaction_tag_row>(q::tag_id == tag_id);
}

std::int64_t session::count_account_uses(const std::string& account_id) {
  return scalar(
    impl_.db, int_query("SELECT COUNT(*) FROM transactions WHERE account_id = ")
                + int_query::_val(account_id)
                + " OR to_account_id = " + int_query::_val(account_id));
}

std::int64_t session::count_category_uses(const std::string& category_id) {
  return scalar(impl_.db, int_query("SELECT COUNT(*) FROM transactions WHERE"
                                    " category_id = ")
                            + int_query::_val(category_id));
}

std::int64_t session::count_children(const std::string& category_id) {
  return scalar(impl_.db, int_query("SELECT COUNT(*) FROM categories WHERE"
                                    " parent_id = ")
                            + int_query::_val(category_id));
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

void session::reparent_children(const std::string& from, const std::string& to,
                                std::int64_t now) {
  using q = odb::query<category_row>;
  auto r = impl_.db.query<category_row>(q::parent_id == from);
  std::vector<category_row> rows(r.begin(), r.end());
  for (auto& row : rows) {
    row.parent_id = to;
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

void session::insert_file(const file_row& meta,
                          const std::vector<char>& bytes) {
  impl_.db.persist(meta);
  file_content_row content;
  content.file_id = meta.id;
  content.bytes = bytes;
  impl_.db.persist(content);
}

bool session::load_file_bytes(const std::string& file_id,
                              std::vector<char>& out) {
  file_content_row content;
  if (!impl_.db.find<file_content_row>(file_id, content))
    return false;
  out.swap(content.bytes);
  return true;
}

void session::erase_file(const std::string& file_id) {
  using links = odb::query<transaction_file_row>;
  using contents = odb::query<file_content_row>;
  using files = odb::query<file_row>;
  impl_.db.erase_query<transaction_file_row>(links::file_id == file_id);
  impl_.db.erase_query<file_content_row>(contents::file_id == file_id);
  impl_.db.erase_query<file_row>(files::id == file_id);
}

std::vector<file_row> session::list_files(const std::string& scope_id,
                                          const std::string& transaction_id,
                                          std::int64_t offset,
                                          std::int64_t limit) {
  using q = odb::query<file_row>;
  q c(q::scope_id == scope_id);
  if (!transaction_id.empty())
    c = c
        && q("\"files\".\"id\" IN (SELECT file_id FROM transaction_files"
             " WHERE transaction_id = "
             + q::_val(transaction_id) + ")");
  auto r = impl_.db.query<file_row>(c + "ORDER BY" + q::created_at + "DESC,"
                                    + q::id + "DESC LIMIT" + q::_val(limit)
                                    + "OFFSET" + q::_val(offset));
  return std::vector<file_row>(r.begin(), r.end());
}

std::int64_t session::count_files_of(const std::string& transaction_id) {
  return scalar(impl_.db, int_query("SELECT COUNT(*) FROM transaction_files"
                                    " WHERE transaction_id = ")
                            + int_query::_val(transaction_id));
}

std::pair<std::int64_t, std::int64_t>
session::file_totals(const std::string& scope_id) {
  auto count = scalar(impl_.db, int_query("SELECT COUNT(*) FROM files WHERE"
                                          " scope_id = ")
                                  + int_query::_val(scope_id));
  auto bytes = scalar(impl_.db,
                      int_query("SELECT COALESCE(SUM(size_bytes), 0)::bigint"
                                " FROM files WHERE scope_id = ")
                        + int_query::_val(scope_id));
  return {count, bytes};
}

std::vector<std::pair<std::string, std::string>>
session::files_of(const std::vector<std::string>& transaction_ids) {
  std::vector<std::pair<std::string, std::string>> out;
  if (transaction_ids.empty())
    return out;
  using q = odb::query<transaction_file_row>;
  std::string* ids = nullptr;
  auto pq = prepared<transaction_file_row>(
    impl_.db, "purse.files_of", ids, [](std::string& ids) {
      return q("\"transaction_files\".\"transaction_id\" = ANY("
               "string_to_array(")
             + q::_ref(ids) + ", ','))" + "ORDER BY" + q::transaction_id + ","
             + q::file_id;
    });
  *ids = comma_joined(transaction_ids);
  auto r = pq.execute();
  for (auto& row : r)
    out.emplace_back(row.transaction_id, row.file_id);
  return out;
}

std::vector<std::string>
session::transactions_of_file(const std::string& file_id) {
  using q = odb::query<transaction_file_row>;
  std::vector<std::string> out;
  auto r = impl_.db.query<transaction_file_row>(
    (q::file_id == file_id) + "ORDER BY" + q::transaction_id);
  for (auto& row : r)
    out.push_back(row.transaction_id);
  return out;
}

void session::set_files(const std::string& scope_id,
                        const std::string& transaction_id,
                        const std::vector<std::string>& file_ids) {
  using q = odb::query<transaction_file_row>;
  impl_.db.erase_query<transaction_file_row>(q::transaction_id
                                             == transaction_id);
  for (auto& file : file_ids) {
    transaction_file_row link;
    link.scope_id = scope_id;
    link.transaction_id = transaction_id;
    link.file_id = file;
    impl_.db.persist(link);
  }
}

bool session::find_idempotent(const std::string& key_id,
                              const std::string& idem_key,
                              idempotency_row& out) {
  using q = odb::query<idempotency_row>;
  auto r = impl_.db.query<idempotency_row>(q::key_id == key_id
                                           && q::idem_key == idem_key);
  for (auto& row : r) {
    out = row;
    return true;
  }
  return false;
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

// -- store --------------------------------------------------------------------

struct store::impl {
  std::unique_ptr<odb::pgsql::database> db;
};

store::store(const store_options& opts) : impl_(new impl) {
  guarded([&] {
    std::unique_ptr<odb::pgsql::connection_factory> pool(
      new odb::pgsql::connection_pool_factory(opts.pool_size, opts.pool_size));
    impl_->db.reset(new odb::pgsql::database(opts.conninfo, std::move(pool)));
    // Fail fast on a bad address or credentials rather than on first use.
    impl_->db->connection();
    return 0;
  });
}

store::~store() = default;

std::int64_t store::expected_schema_version() {
  return guarded([&] {
    return static_cast<std::int64_t>(
      odb::schema_catalog::current_version(*impl_->db, schema_name));
  });
}

std::int64_t store::schema_version() {
  return guarded([&] {
    return static_cast<std::int64_t>(impl_->db->schema_version(schema_name));
  });
}

std::int64_t store::migrate() {
  return guarded([&]() -> std::int64_t {
    auto& db = *impl_->db;
    // Read the version outside a transaction: on an empty database the
    // failed SELECT would poison it (PostgreSQL aborts the transaction).
    auto v = db.schema_version(schema_name);
    auto target = odb::schema_catalog::current_version(db, schema_name);
    if (v > target)
      throw schema_mismatch("database schema version " + std::to_string(v)
                            + " is newer than this build ("
                            + std::to_string(target) + ")");
    // The report rollups' trigger and functions are (re)installed with the
    // last step, in its transaction, so a database at the current version
    // always has them; rollups are rebuilt when their table is new.
    if (v == 0) {
      odb::transaction t(db.begin());
      odb::schema_catalog::create_schema(db, schema_name);
      install_report_sql(db, false);
      t.commit();
    } else if (v == target) {
      odb::transaction t(db.begin());
      install_report_sql(db, false);
      t.commit();
    } else {
      auto had_rollups = v >= report_rollups_version;
      for (v = odb::schema_catalog::next_version(db, v, schema_name);
           v <= target;
           v = odb::schema_catalog::next_version(db, v, schema_name)) {
        odb::transaction t(db.begin());
        odb::schema_catalog::migrate_schema_pre(db, v, schema_name);
        odb::schema_catalog::migrate_schema_post(db, v, schema_name);
        if (v == target)
          install_report_sql(db, !had_rollups);
        t.commit();
      }
    }
    db.schema_version_migration(odb::schema_version_migration(target, false),
                                schema_name);
    return static_cast<std::int64_t>(target);
  });
}

void store::require_current_schema() {
  auto v = schema_version();
  auto want = expected_schema_version();
  if (v == 0)
    throw schema_mismatch("the database has no Purse schema; run "
                          "'purse-admin migrate' first");
  if (v < want)
    throw schema_mismatch("the database schema is at version "
                          + std::to_string(v) + " but this build needs "
                          + std::to_string(want)
                          + "; run 'purse-admin migrate'");
  if (v > want)
    throw schema_mismatch("the database schema version " + std::to_string(v)
                          + " is newer than this build (" + std::to_string(want)
                          + "); upgrade Purse");
}

void store::read(const std::function<void(session&)>& fn) {
  guarded([&] {
    session::impl si{*impl_->db};
    session s(si);
    if (odb::transaction::has_current()) {
      // Nested: a savepoint, so a failed inner part (e.g. a unique
      // violation the caller handles) leaves the outer transaction usable.
      thread_local int depth = 0;
      auto name = "purse_nested_" + std::to_string(++depth);
      impl_->db->execute("SAVEPOINT " + name);
      try {
        fn(s);
        impl_->db->execute("RELEASE SAVEPOINT " + name);
      } catch (...) {
        --depth;
        impl_->db->execute("ROLLBACK TO SAVEPOINT " + name);
        // A failed one-off query stays prepared under its type's name (see
        // below), and the outer transaction may run that query again:
        // deallocate the one-off statements now that the transaction works
        // again. (Cached statements have other names and stay.)
        impl_->db->execute(deallocate_one_off_statements);
        throw;
      }
      --depth;
      return 0;
    }
    odb::transaction t(impl_->db->begin());
    try {
      fn(s);
    } catch (...) {
      // A statement that failed may stay prepared on the server under the
      // name ODB gives every query of its type (its DEALLOCATE cannot run in
      // the aborted transaction), and the next such query on this
      // connection would fail. The pool replaces a failed connection.
      static_cast<odb::pgsql::connection&>(t.connection()).mark_failed();
      throw;
    }
    t.commit();
    return 0;
  });
}

void store::write(const std::function<void(session&)>& fn) {
  read(fn);
}

std::string fold_case(const std::string& text) {
  std::string out = text;
  for (auto& c : out)
    if (c >= 'A' && c <= 'Z')
      c = static_cast<char>(c - 'A' + 'a');
  return out;
}

} // namespace persistence
} // namespace purse
