// GET /currencies: the ISO 4217 list every amount and currency_code is
// validated against, with names, symbols and decimal places.

#include "common.hpp"
#include "purse/actors/currency.hpp"

namespace purse::resources {

namespace {

using persistence::session;

/// The whole list fits one page by default.
constexpr std::int64_t currencies_per_page = 200;

class currencies final : public resource {
public:
  std::string_view name() const override {
    return "currencies";
  }

  route_shape shape() const override {
    return route_shape::read_only(route_shape::mount::global);
  }

  role min_role(const api_call&) const override {
    return role::viewer;
  }

  void load_counts(session&, const std::string&,
                   std::map<std::string, std::int64_t>&) const override {
    // nop: a fixed list
  }

  prepared_call prepare(const api_call& call,
                        const scope_view&) const override {
    query_reader q{call.query};
    auto page = q.pagination(currencies_per_page, currencies_per_page);
    q.reject_unknown();
    if (!q.errors().empty())
      return answer(invalid(q.errors()));
    auto& all = all_currencies();
    auto total = static_cast<std::int64_t>(all.size());
    std::vector<std::string> items;
    for (auto i = page.offset(); i < total && i < page.offset() + page.per_page;
         ++i) {
      auto& c = all[static_cast<std::size_t>(i)];
      json_writer w;
      w.begin_object();
      w.key("code").value(c.code).key("name").value(c.name);
      w.key("symbol").value(c.symbol);
      w.key("minor_units").value(std::int64_t{c.minor_units});
      w.end_object();
      items.push_back(w.str());
    }
    return answer(
      make_result(errc::ok, page_json(items, page.page, page.per_page, total)));
  }
};

} // namespace

const resource& currencies_resource() {
  static const currencies instance;
  return instance;
}

} // namespace purse::resources
