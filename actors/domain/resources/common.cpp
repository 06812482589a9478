// SPDX-License-Identifier: GPL-2.0-or-later
#include "common.hpp"

#include <charconv>

#include "purse/actors/currency.hpp"
#include "purse/actors/ids.hpp"
#include "purse/actors/money.hpp"

namespace purse::resources {

std::optional<std::string> query_reader::get(std::string_view name) {
  known_.emplace(name);
  std::optional<std::string> out;
  for (auto& [k, v] : params_) {
    if (k != name)
      continue;
    if (out) {
      errors_.add(std::string{name}, "must be given at most once");
      return std::nullopt;
    }
    out = v;
  }
  if (out && !storable_text(*out)) {
    errors_.add(std::string{name}, unstorable_text_message);
    return std::nullopt;
  }
  return out;
}

std::optional<std::int64_t> query_reader::integer(std::string_view name,
                                                  std::int64_t min,
                                                  std::int64_t max) {
  auto text = get(name);
  if (!text)
    return std::nullopt;
  std::int64_t value = 0;
  auto first = text->data();
  auto last = first + text->size();
  auto [ptr, ec] = std::from_chars(first, last, value);
  if (text->empty() || ec != std::errc{} || ptr != last || value < min
      || value > max) {
    errors_.add(std::string{name}, "must be a whole number from "
                                     + std::to_string(min) + " to "
                                     + std::to_string(max));
    return std::nullopt;
  }
  return value;
}

std::optional<bool> query_reader::flag(std::string_view name) {
  auto text = get(name);
  if (!text)
    return std::nullopt;
  if (*text == "true" || *text == "1")
    return true;
  if (*text == "false" || *text == "0")
    return false;
  errors_.add(std::string{name}, "must be true or false");
  return std::nullopt;
}

page_request query_reader::pagination(std::int64_t default_size,
                                      std::int64_t max_size) {
  page_request out;
  out.per_page = default_size;
  // A page past 10^7 is never useful and keeps offset arithmetic safe.
  if (auto p = integer("page", 1, 10'000'000))
    out.page = *p;
  if (auto pp = integer("per_page", 1, max_size))
    out.per_page = *pp;
  return out;
}

void query_reader::reject_unknown() {
  for (auto& [k, v] : params_)
    if (known_.find(k) == known_.end())
      errors_.add(k, "is not a known query parameter");
}

api_result invalid(const field_errors& errors) {
  return make_result(errc::unprocessable, errors.to_json());
}

api_result invalid(const std::string& field, std::string message) {
  field_errors e;
  e.add(field, std::move(message));
  return invalid(e);
}

api_result missing(std::string_view what) {
  return make_result(errc::not_found, "null",
                     std::string{"The "} + std::string{what}
                       + " does not exist");
}

api_result unsupported() {
  return make_result(errc::bad_request, "null",
                     "This operation is not supported here");
}

prepared_call answer(api_result r) {
  prepared_call out;
  out.immediate = std::move(r);
  return out;
}

prepared_call read_task(std::function<db_outcome(persistence::store&)> fn) {
  prepared_call out;
  out.task.run = std::move(fn);
  return out;
}

prepared_call write_task(std::function<db_outcome(persistence::store&)> fn) {
  prepared_call out;
  out.task.run = std::move(fn);
  out.writes = true;
  return out;
}

bool query_has(const query_params& params, std::string_view name) {
  for (auto& kv : params)
    if (kv.first == name)
      return true;
  return false;
}

bool valid_id(const std::string& id) {
  return is_uuid(id);
}

int minor_units_of(const std::string& currency_code) {
  auto c = find_currency(currency_code);
  return c != nullptr ? c->minor_units : 2;
}

std::optional<std::string> read_name(body_reader& body, bool full,
                                     std::size_t max) {
  auto name = body.text("name", full, max);
  if (name && name->find_first_not_of(" \t") == std::string::npos)
    body.errors().add("name", "must not be blank");
  return name;
}

std::optional<std::string> read_currency(body_reader& body, bool full) {
  auto code = body.text("currency_code", full, 3);
  if (code && find_currency(*code) == nullptr)
    body.errors().add("currency_code",
                      "must be an upper-case ISO 4217 code, e.g. USD");
  return code;
}

std::int64_t cached_count(const scope_view& scope, const std::string& key) {
  auto it = scope.counts.find(key);
  return it == scope.counts.end() ? 0 : it->second;
}

std::optional<api_result> query_errors(query_reader& q) {
  q.reject_unknown();
  if (q.errors().empty())
    return std::nullopt;
  return invalid(q.errors());
}

std::optional<api_result> no_query(const api_call& call) {
  query_reader q{call.query};
  return query_errors(q);
}

void write_money(json_writer& w, std::string_view key, std::int64_t minor,
                 const std::string& currency_code) {
  w.key(key).raw_number(format_amount(minor, minor_units_of(currency_code)));
  w.key(std::string{key} + "_minor").value(minor);
}

void write_authors(json_writer& w, const std::string& created_by,
                   const std::string& updated_by) {
  w.key("created_by").value_or_null(created_by);
  w.key("updated_by").value_or_null(updated_by);
}

} // namespace purse::resources
