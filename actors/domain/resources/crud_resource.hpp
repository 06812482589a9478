// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The skeleton of the collections of a scope (accounts, categories, tags,
// transactions, files): who may read and change them, which quota a create
// uses, the switch over operations and the checks every item call starts
// with. A collection says only what is its own through the hooks. Private
// to actors/.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

#include "common.hpp"
#include "purse/actors/timestamp.hpp"

namespace purse::resources {

/// What names a collection and guards its writes.
struct crud_traits {
  /// Collection name in paths ("accounts"); also its count and quota key.
  std::string_view name;
  /// One item, as 404 messages name it ("account").
  std::string_view item;
  /// Lowest role that may write (every role may read).
  role writer = role::member;
  /// The plan quota named like the collection that creates count
  /// against, with its defaults; none if absent.
  std::optional<plan_limits> quota = std::nullopt;
  /// Lowest role that may read (webhooks: their URLs are the admins').
  role reader = role::viewer;
};

/// A collection of a scope.
class crud_resource : public resource {
public:
  explicit crud_resource(crud_traits traits) : traits_(traits) {
    // nop
  }

  std::string_view name() const final {
    return traits_.name;
  }

  role min_role(const api_call& call) const final {
    return call.is_read ? traits_.reader : traits_.writer;
  }

  const char* quota() const final {
    return traits_.quota ? traits_.name.data() : nullptr;
  }

  /// The quota named like the collection, if it has one.
  std::vector<quota_spec> quotas() const override {
    if (!traits_.quota)
      return {};
    return {quota_spec{std::string{traits_.name}, *traits_.quota}};
  }

  /// Answers operations the route shape does not offer as unsupported,
  /// undeclared actions as 404 and malformed item ids as 404 of the item,
  /// then hands the call to its hook.
  prepared_call prepare(const api_call& call,
                        const scope_view& scope) const final;

protected:
  /// 404 naming the item.
  api_result missing_item() const {
    return missing(traits_.item);
  }

  // -- hooks --------------------------------------------------------------------

  /// GET of the collection.
  virtual prepared_call list(const api_call& call,
                             const scope_view& scope) const = 0;

  /// GET of an item or of one of its downloads; the id is well-formed.
  virtual prepared_call read(const api_call& call,
                             const scope_view& scope) const = 0;

  /// POST to the collection, PATCH or PUT of an item (the id is
  /// well-formed).
  virtual prepared_call write(const api_call& call,
                              const scope_view& scope) const = 0;

  /// DELETE of an item; the id is well-formed.
  virtual prepared_call remove(const api_call& call,
                               const scope_view& scope) const = 0;

  /// POST of a declared action of an item; the id is well-formed.
  virtual prepared_call act(const api_call& call,
                            const scope_view& scope) const;

  /// POST of a declared action of the collection (route_shape::
  /// collection_actions); the call has no item id.
  virtual prepared_call act_on_collection(const api_call& call,
                                          const scope_view& scope) const;

  /// GET of a declared streamed read of the collection (route_shape::
  /// collection_downloads, named by the call's action); the call has no
  /// item id. It answers one page of the body (api_result::stream); the
  /// front asks for the next with api_call::continuation.
  virtual prepared_call download_collection(const api_call& call,
                                            const scope_view& scope) const;

private:
  crud_traits traits_;
};

/// A collection of rows listed by name (accounts, categories, tags): lists,
/// reads and counts come from the row type and its encoder.
template <class Row>
class named_rows_resource : public crud_resource {
public:
  using encoder = std::string (*)(const Row&);

  named_rows_resource(crud_traits traits, encoder encode)
    : crud_resource(traits), encode_(encode) {
    // nop
  }

  void load_counts(persistence::session& s, const std::string& scope_id,
                   std::map<std::string, std::int64_t>& out) const final {
    out[std::string{name()}] = s.count_in_scope<Row>(scope_id);
  }

protected:
  /// A page ordered by name; the total is the scope's cached count.
  prepared_call list(const api_call& call,
                     const scope_view& scope) const final {
    query_reader q{call.query};
    auto page = q.pagination();
    if (auto bad = query_errors(q))
      return answer(std::move(*bad));
    auto total = cached_count(scope, std::string{name()});
    return read_task([scope_id = scope.scope_id, page, total,
                      encode = encode_](persistence::store& st) {
      std::vector<Row> rows;
      st.read([&](persistence::session& s) {
        rows = s.list_by_name<Row>(scope_id, page.offset(), page.per_page);
      });
      return db_outcome{page_of(rows, encode, page, total), {}};
    });
  }

  /// One row of the scope; another scope's row is "not found".
  prepared_call read(const api_call& call,
                     const scope_view& scope) const final {
    return read_task([id = call.id, scope_id = scope.scope_id,
                      missing = missing_item(),
                      encode = encode_](persistence::store& st) {
      Row row;
      bool found = false;
      st.read([&](persistence::session& s) {
        found = s.find(id, row) && row.scope_id == scope_id;
      });
      return db_outcome{found ? make_result(errc::ok, encode(row)) : missing,
                        {}};
    });
  }

private:
  encoder encode_;
};

/// Reads the JSON body of a create, PATCH or PUT with `read(body, full)`
/// (full: create and PUT, which set every field) and passes the input to
/// `next(input, full)`; a 400 for a body that is no JSON object, a 422 when
/// `read` returns nothing (`body.errors()` say why).
template <class Read, class Next>
prepared_call with_input(const api_call& call, Read read, Next next) {
  body_reader body{call.body};
  if (!body.syntax_error().empty())
    return answer(make_result(errc::bad_request, "null", body.syntax_error()));
  bool full = call.op != operation::update;
  auto in = read(body, full);
  if (!in)
    return answer(invalid(body.errors()));
  return next(std::move(*in), full);
}

/// What the database work of a write yields: the answer (a 404 or 422
/// found in the transaction), or what the answer is written from.
template <class Value>
using outcome_or = std::variant<db_outcome, Value>;

/// A write task whose database work `run(session&)` returns an
/// outcome_or<Value>; `finish(value)` writes the answer after the
/// transaction, so no transaction waits on JSON writing.
template <class Value, class Run, class Finish>
prepared_call write_then_answer(Run run, Finish finish) {
  return write_task([run, finish](persistence::store& st) {
    outcome_or<Value> out;
    st.write([&](persistence::session& s) {
      out = run(s);
    });
    if (auto* done = std::get_if<db_outcome>(&out))
      return std::move(*done);
    return finish(std::move(std::get<Value>(out)));
  });
}

/// The create-or-edit of a row of the scope, inside a write's transaction:
/// a new row with id `id` (created by `by` now), or the scope's row with
/// that id (a 404 naming `item` when the scope has none), given to
/// `change(row)`, which applies the input and checks the rules (an answer
/// refuses the write); then the row is stamped as changed by `by` and
/// inserted or updated.
template <class Row, class Change>
outcome_or<Row> save_row(persistence::session& s, const std::string& id,
                         const std::string& scope_id, bool creating,
                         const std::string& by, const char* item,
                         Change change) {
  Row row;
  auto now = now_seconds();
  if (creating) {
    row.id = id;
    row.scope_id = scope_id;
    stamp_created(row, by, now);
  } else if (!s.find(id, row) || row.scope_id != scope_id) {
    return db_outcome{missing(item), {}};
  }
  if (std::optional<api_result> refused = change(row))
    return db_outcome{std::move(*refused), {}};
  stamp_updated(row, by, now);
  if (creating)
    s.insert(row);
  else
    s.update(row);
  return row;
}

/// DELETE of a row of the scope (`item` names it in the 404 of a missing
/// or another scope's row): one transaction that runs `before(session,
/// id)` (links to clear), then erases it; answers `message` and takes one
/// off the scope's count `count_key`.
template <class Row, class Before>
prepared_call remove_row(const api_call& call, const scope_view& scope,
                         std::string item, std::string count_key,
                         std::string message, Before before) {
  if (auto bad = no_query(call))
    return answer(std::move(*bad));
  return write_task([id = call.id, scope_id = scope.scope_id,
                     item = std::move(item), count_key = std::move(count_key),
                     message = std::move(message),
                     before](persistence::store& st) {
    bool found = false;
    st.write([&](persistence::session& s) {
      Row row;
      found = s.find(id, row) && row.scope_id == scope_id;
      if (!found)
        return;
      before(s, id);
      s.template erase<Row>(id);
    });
    if (!found)
      return db_outcome{missing(item), {}};
    return db_outcome{make_result(errc::ok, "null", message),
                      {{count_key, -1}}};
  });
}

/// remove_row with nothing to clear first.
template <class Row>
prepared_call remove_row(const api_call& call, const scope_view& scope,
                         std::string item, std::string count_key,
                         std::string message) {
  return remove_row<Row>(call, scope, std::move(item), std::move(count_key),
                         std::move(message),
                         [](persistence::session&, const std::string&) {});
}

} // namespace purse::resources
