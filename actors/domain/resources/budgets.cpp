// SPDX-License-Identifier: GPL-2.0-or-later
// Budgets: how much a scope means to spend on an expense category in one
// month, in one currency. The budget report (reports.cpp) sets them against
// what was spent.

#include "budget_rules.hpp"
#include "crud_resource.hpp"

#include "purse/actors/calendar.hpp"
#include "purse/actors/ids.hpp"
#include "purse/actors/timestamp.hpp"

namespace purse::resources {

namespace {

using persistence::budget_row;
using persistence::category_row;
using persistence::session;
using persistence::store;

constexpr const char* count_key = "budgets";

std::string encode(const budget_row& b) {
  json_writer w;
  w.begin_object();
  w.key("id").value(b.id).key("category_id").value(b.category_id);
  w.key("month").value(b.month);
  write_money(w, "amount", b.amount_minor, b.currency_code);
  w.key("currency_code").value(b.currency_code);
  w.key("created_at").time_or_null(b.created_at);
  w.key("updated_at").time_or_null(b.updated_at);
  write_authors(w, b.created_by, b.updated_by);
  w.end_object();
  return w.str();
}

/// The list's filters: a month and a category, each optional.
struct budget_filter {
  std::string month;
  std::string category_id;
};

budget_filter read_filter(query_reader& q) {
  budget_filter f;
  if (auto text = q.get("month")) {
    auto month = parse_civil_month(*text);
    if (!month)
      q.errors().add("month", "must be a month YYYY-MM (years 1900 to 9999)");
    else
      f.month = format_civil_month(*month);
  }
  if (auto text = q.get("category_id")) {
    if (!valid_id(*text))
      q.errors().add("category_id", "must be an id issued by this service");
    else
      f.category_id = *text;
  }
  return f;
}

class budgets final : public crud_resource {
public:
  budgets()
    : crud_resource({count_key, "budget", role::admin, {{0, 200, 1000}}}) {
    // nop
  }

  void load_counts(session& s, const std::string& scope_id,
                   std::map<std::string, std::int64_t>& out) const override {
    out[count_key] = s.count_in_scope<budget_row>(scope_id);
  }

protected:
  /// A page by month, then creation; the total is the scope's cached count
  /// when nothing filters.
  prepared_call list(const api_call& call,
                     const scope_view& scope) const override {
    query_reader q{call.query};
    auto page = q.pagination();
    auto filter = read_filter(q);
    if (auto bad = query_errors(q))
      return answer(std::move(*bad));
    bool filtered = !filter.month.empty() || !filter.category_id.empty();
    auto cached = cached_count(scope, count_key);
    return read_task(
      [scope_id = scope.scope_id, page, filter, filtered, cached](store& st) {
        std::vector<budget_row> rows;
        auto total = cached;
        st.read([&](session& s) {
          rows = s.list_budgets(scope_id, filter.month, filter.category_id,
                                page.offset(), page.per_page);
          if (filtered)
            total = s.count_budgets(scope_id, filter.month, filter.category_id);
        });
        return db_outcome{page_of(rows, encode, page, total), {}};
      });
  }

  prepared_call read(const api_call& call,
                     const scope_view& scope) const override {
    return read_task([id = call.id, scope_id = scope.scope_id,
                      missing = missing_item()](store& st) {
      budget_row row;
      bool found = false;
      st.read([&](session& s) {
        found = s.find(id, row) && row.scope_id == scope_id;
      });
      return db_outcome{found ? make_result(errc::ok, encode(row)) : missing,
                        {}};
    });
  }

  /// Create, PATCH and PUT: load (or start) a row, apply the body, check
  /// the category, store; a second budget of the same category, month and
  /// currency is a 409.
  prepared_call write(const api_call& call,
                      const scope_view& scope) const override {
    return with_input(call, read_budget_input, [&](budget_input in, bool) {
      bool creating = call.op == operation::create;
      return write_task([id = creating ? new_id() : call.id, creating, in,
                         scope_id = scope.scope_id,
                         by = call.caller_id](store& st) {
        outcome_or<budget_row> out;
        try {
          st.write([&](session& s) {
            out = save_in(s, id, scope_id, in, creating, by);
          });
        } catch (const persistence::unique_violation&) {
          return db_outcome{duplicate_budget(), {}};
        }
        if (auto* done = std::get_if<db_outcome>(&out))
          return std::move(*done);
        auto& row = std::get<budget_row>(out);
        if (creating)
          return db_outcome{make_result(errc::created, encode(row)),
                            {{count_key, 1}}};
        return db_outcome{make_result(errc::ok, encode(row)), {}};
      });
    });
  }

  prepared_call remove(const api_call& call,
                       const scope_view& scope) const override {
    return remove_row<budget_row>(call, scope, "budget", count_key,
                                  "Budget deleted");
  }

private:
  static outcome_or<budget_row>
  save_in(session& s, const std::string& id, const std::string& scope_id,
          const budget_input& in, bool creating, const std::string& by) {
    return save_row<budget_row>(
      s, id, scope_id, creating, by, "budget",
      [&](budget_row& row) -> std::optional<api_result> {
        if (auto err = apply_budget_input(in, row))
          return err;
        category_row category;
        bool found = s.find(row.category_id, category);
        return check_budget_category(found ? &category : nullptr, scope_id);
      });
  }
};

} // namespace

const resource& budgets_resource() {
  static const budgets instance;
  return instance;
}

} // namespace purse::resources
