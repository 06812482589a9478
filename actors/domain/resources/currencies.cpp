// SPDX-License-Identifier: GPL-2.0-or-later
// GET /currencies: the ISO 4217 list every amount and currency_code is
// validated against, with names, symbols and decimal places.

#include "document.hpp"

#include <algorithm>

#include "purse/actors/currency.hpp"

namespace purse::resources {

namespace {

/// The whole list fits one page by default.

std::string encode(const currency& c) {
  json_writer w;
  w.begin_object();
  w.key("code").value(c.code).key("name").value(c.name);
  w.key("symbol").value(c.symbol);
  w.key("minor_units").value(std::int64_t{c.minor_units});
  w.end_object();
  return w.str();
}

/// A fixed list: answered at once, without the database.
prepared_call prepare(const api_call& call, const scope_view&) {
  query_reader q{call.query};
  auto page = q.pagination();
  if (auto bad = query_errors(q))
    return answer(std::move(*bad));
  auto& all = all_currencies();
  auto total = static_cast<std::int64_t>(all.size());
  auto first = std::min(page.offset(), total);
  auto last = std::min(first + page.per_page, total);
  std::vector<currency> shown(all.begin() + first, all.begin() + last);
  return answer(page_of(shown, encode, page, total));
}

} // namespace

const resource& currencies_resource() {
  static const document_resource instance{
    "currencies", route_shape::read_only(route_shape::mount::global), prepare};
  return instance;
}

} // namespace purse::resources
