// SPDX-License-Identifier: GPL-2.0-or-later
// Categories: what money was spent on or earned from, optionally nested.

#include "category_rules.hpp"
#include "crud_resource.hpp"
#include "encoders.hpp"

#include "purse/actors/ids.hpp"
#include "purse/actors/timestamp.hpp"

namespace purse::resources {

namespace {

using persistence::category_row;
using persistence::session;
using persistence::store;

} // namespace

std::string encode_category(const category_row& c) {
  json_writer w;
  w.begin_object();
  w.key("id").value(c.id).key("name").value(c.name).key("kind").value(c.kind);
  w.key("parent_id").value_or_null(c.parent_id);
  w.key("color").value_or_null(c.color);
  w.key("created_at").time_or_null(c.created_at);
  w.key("updated_at").time_or_null(c.updated_at);
  write_authors(w, c.created_by, c.updated_by);
  w.end_object();
  return w.str();
}

namespace {

/// Parents of the scope's categories, read one by one as the walk goes up.
parent_lookup parents_in(session& s, const std::string& scope_id) {
  return [&s, scope_id](const std::string& id) -> std::optional<std::string> {
    category_row parent;
    if (!s.find(id, parent) || parent.scope_id != scope_id)
      return std::nullopt;
    return parent.parent_id;
  };
}

class categories final : public named_rows_resource<category_row> {
public:
  categories()
    : named_rows_resource(
      {"categories", "category", role::admin, {{20, 200, 500}}},
      encode_category) {
    // nop
  }

protected:
  /// Create, PATCH and PUT share one path: load (or start) a row, apply the
  /// body, check the parent, store.
  prepared_call write(const api_call& call,
                      const scope_view& scope) const override {
    return with_input(
      call, read_category_input, [&](category_input in, bool full) {
        bool creating = call.op == operation::create;
        auto id = creating ? new_id() : call.id;
        return write_then_answer<category_row>(
          [id, scope_id = scope.scope_id, in, full, creating,
           by = call.caller_id](session& s) -> outcome_or<category_row> {
            return save_row<category_row>(
              s, id, scope_id, creating, by, "category",
              [&](category_row& row) -> std::optional<api_result> {
                auto kind_before = row.kind;
                apply_category_input(in, row, full);
                if (!parent_allowed(row, parents_in(s, scope_id)))
                  return bad_parent("parent_id");
                // Budgets are for expense categories only.
                if (!creating && kind_before == "expense"
                    && row.kind != "expense" && s.count_budgets_of(id) > 0)
                  return invalid("kind", "the category has budgets, which only "
                                         "expense categories have: delete them "
                                         "first");
                return std::nullopt;
              });
          },
          [creating](const category_row& row) {
            if (creating)
              return db_outcome{make_result(errc::created,
                                            encode_category(row)),
                                {{"categories", 1}}};
            return db_outcome{make_result(errc::ok, encode_category(row)), {}};
          });
      });
  }

  prepared_call remove(const api_call& call,
                       const scope_view& scope) const override {
    query_reader q{call.query};
    auto reassign_to = q.get("reassign_to");
    q.reject_unknown();
    if (reassign_to && !valid_id(*reassign_to))
      q.errors().add("reassign_to", "must be the id of another category");
    if (!q.errors().empty())
      return answer(invalid(q.errors()));
    return write_task([id = call.id, scope_id = scope.scope_id,
                       target = reassign_to.value_or(""),
                       by = call.caller_id](store& st) {
      db_outcome out{missing("category"), {}};
      st.write([&](session& s) {
        out = remove_in(s, id, scope_id, target, by);
      });
      return out;
    });
  }

private:
  /// Deletes a category, first moving its transactions and subcategories;
  /// its budgets go with it.
  static db_outcome
  remove_in(session& s, const std::string& id, const std::string& scope_id,
            const std::string& target, const std::string& by) {
    category_row row;
    if (!s.find(id, row) || row.scope_id != scope_id)
      return {missing("category"), {}};
    if (auto err = check_category_removal(s.count_category_uses(id),
                                          s.count_children(id), target))
      return {std::move(*err), {}};
    if (!target.empty()) {
      // The target must exist here and not sit below the deleted one.
      category_row probe;
      probe.id = id;
      probe.parent_id = target;
      if (!parent_allowed(probe, parents_in(s, scope_id)))
        return {bad_parent("reassign_to"), {}};
      auto now = now_seconds();
      s.reassign_category(id, target, now, by);
      s.reparent_children(id, target, now, by);
    }
    auto budgets = s.erase_budgets_of(id);
    s.erase<category_row>(id);
    std::string message = "Category deleted";
    if (budgets > 0)
      message += " with its " + std::to_string(budgets)
                 + (budgets == 1 ? " budget" : " budgets");
    return {make_result(errc::ok, "null", message),
            {{"categories", -1}, {"budgets", -budgets}}};
  }
};

} // namespace

const resource& categories_resource() {
  static const categories instance;
  return instance;
}

} // namespace purse::resources
