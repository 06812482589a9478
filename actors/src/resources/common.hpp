#pragma once

// Pieces every resource uses: query parameters, pagination, ids, results.
// Private to actors/.

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "purse/actors/api_call.hpp"
#include "purse/actors/json.hpp"
#include "purse/actors/resource.hpp"

namespace purse::resources {

/// Default and largest page size of every list.
constexpr std::int64_t default_per_page = 25;
constexpr std::int64_t max_per_page = 100;

/// Page selection of a list call.
struct page_request {
  std::int64_t page = 1;
  std::int64_t per_page = default_per_page;

  std::int64_t offset() const {
    return (page - 1) * per_page;
  }
};

/// Reads query parameters by name and records what is wrong with them.
class query_reader {
public:
  explicit query_reader(const query_params& params) : params_(params) {
    // nop
  }

  /// The value of a parameter (marks it as known); a repeated one is an error.
  std::optional<std::string> get(std::string_view name);

  /// A positive integer parameter within [min, max].
  std::optional<std::int64_t> integer(std::string_view name, std::int64_t min,
                                      std::int64_t max);

  /// true/false parameter.
  std::optional<bool> flag(std::string_view name);

  /// `page` and `per_page` (1..max_size, default default_size).
  page_request pagination(std::int64_t default_size = default_per_page,
                          std::int64_t max_size = max_per_page);

  /// Records every parameter that was never asked for.
  void reject_unknown();

  field_errors& errors() {
    return errors_;
  }

private:
  const query_params& params_;
  std::set<std::string, std::less<>> known_;
  field_errors errors_;
};

/// 422 with field errors.
api_result invalid(const field_errors& errors);

/// 422 with one field error.
api_result invalid(const std::string& field, std::string message);

/// 404 naming the kind of thing not found ("transaction").
api_result missing(std::string_view what);

/// The answer to an operation the resource does not offer (its route shape
/// keeps such calls from arriving through the HTTP front).
api_result unsupported();

/// An immediate answer of a prepared call.
prepared_call answer(api_result r);

/// A read task.
prepared_call read_task(std::function<db_outcome(persistence::store&)> fn);

/// A write task.
prepared_call write_task(std::function<db_outcome(persistence::store&)> fn);

/// True for ids this service issues (canonical UUIDs).
bool valid_id(const std::string& id);

/// The decimal places of a currency, 2 if unknown.
int minor_units_of(const std::string& currency_code);

/// A page of a scope's rows ordered by name (accounts, categories, tags);
/// the total comes from the scope's cached count `count_key`.
template <class Row, class Encode>
prepared_call list_by_name(const api_call& call, const scope_view& scope,
                           const char* count_key, Encode encode) {
  query_reader q{call.query};
  auto page = q.pagination();
  q.reject_unknown();
  if (!q.errors().empty())
    return answer(invalid(q.errors()));
  auto it = scope.counts.find(count_key);
  auto total = it == scope.counts.end() ? 0 : it->second;
  return read_task([scope_id = scope.scope_id, page, total,
                    encode](persistence::store& st) {
    std::vector<std::string> items;
    st.read([&](persistence::session& s) {
      for (auto& row :
           s.list_by_name<Row>(scope_id, page.offset(), page.per_page))
        items.push_back(encode(row));
    });
    return db_outcome{
      make_result(errc::ok, page_json(items, page.page, page.per_page, total)),
      {}};
  });
}

/// One row of the scope by id; another scope's row is "not found".
template <class Row, class Encode>
prepared_call read_by_id(const api_call& call, const scope_view& scope,
                         std::string_view what, Encode encode) {
  if (!valid_id(call.id))
    return answer(missing(what));
  return read_task([id = call.id, scope_id = scope.scope_id,
                    what = std::string{what}, encode](persistence::store& st) {
    Row row;
    bool found = false;
    st.read([&](persistence::session& s) {
      found = s.find(id, row) && row.scope_id == scope_id;
    });
    return db_outcome{
      found ? make_result(errc::ok, encode(row)) : missing(what), {}};
  });
}

/// Writes "<key>": amount, "<key>_minor": minor.
void write_money(json_writer& w, std::string_view key, std::int64_t minor,
                 const std::string& currency_code);

} // namespace purse::resources
