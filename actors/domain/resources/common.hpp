// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Pieces every resource uses: query parameters, pagination, ids, results.
// Private to actors/.

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "purse/actors/api_call.hpp"
#include "purse/actors/json.hpp"
#include "resource.hpp"

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

/// Whether the query has a parameter `name` (however it is read).
bool query_has(const query_params& params, std::string_view name);

/// The decimal places of a currency, 2 if unknown.
int minor_units_of(const std::string& currency_code);

/// The answer of a list: `rows` written with `encode`, with the page and
/// the total of the whole list.
template <class Row, class Encode>
api_result page_of(const std::vector<Row>& rows, Encode encode,
                   const page_request& page, std::int64_t total) {
  std::vector<std::string> items;
  for (auto& row : rows)
    items.push_back(encode(row));
  return make_result(errc::ok,
                     page_json(items, page.page, page.per_page, total));
}

/// Applies one body field to a row: the value the body gave, else
/// `reset_to` when `reset` (a full write, or an explicit null), else the
/// field keeps its value.
template <class T, class U = T>
void assign_field(T& field, const std::optional<T>& given, bool reset,
                  const U& reset_to = U{}) {
  if (given)
    field = *given;
  else if (reset)
    field = reset_to;
}

/// The body's "name": text of at most `max` bytes, not blank; required
/// when `full`.
std::optional<std::string> read_name(body_reader& body, bool full,
                                     std::size_t max);

/// The body's "currency_code", one of the service's currencies; required
/// when `full`.
std::optional<std::string> read_currency(body_reader& body, bool full);

/// The scope's cached count `key`, 0 if there is none.
std::int64_t cached_count(const scope_view& scope, const std::string& key);

/// Rejects the parameters `q` was not asked for; the 422 if the query has
/// any error.
std::optional<api_result> query_errors(query_reader& q);

/// The 422 of a call that reads no query parameter but got some.
std::optional<api_result> no_query(const api_call& call);

/// Writes "<key>": amount, "<key>_minor": minor.
void write_money(json_writer& w, std::string_view key, std::int64_t minor,
                 const std::string& currency_code);

/// Writes "created_by" and "updated_by": user ids, null where unknown
/// (rows of teams written before schema v11).
void write_authors(json_writer& w, const std::string& created_by,
                   const std::string& updated_by);

/// Marks a new row as created, and last changed, by `user` at `now`.
template <class Row>
void stamp_created(Row& row, const std::string& user, std::int64_t now) {
  row.created_at = row.updated_at = now;
  row.created_by = row.updated_by = user;
}

/// Marks a row as last changed by `user` at `now`.
template <class Row>
void stamp_updated(Row& row, const std::string& user, std::int64_t now) {
  row.updated_at = now;
  row.updated_by = user;
}

} // namespace purse::resources
