// Categories: what money was spent on or earned from, optionally nested.

#include "common.hpp"

#include "purse/actors/ids.hpp"
#include "purse/actors/timestamp.hpp"

namespace purse::resources {

namespace {

using persistence::category_row;
using persistence::session;
using persistence::store;

constexpr std::size_t max_name = 100;
/// A parent chain longer than this is treated as a cycle.
constexpr int max_depth = 32;

std::string encode(const category_row& c) {
  json_writer w;
  w.begin_object();
  w.key("id").value(c.id).key("name").value(c.name).key("kind").value(c.kind);
  w.key("parent_id").value_or_null(c.parent_id);
  w.key("color").value_or_null(c.color);
  w.key("created_at").time_or_null(c.created_at);
  w.key("updated_at").time_or_null(c.updated_at);
  w.end_object();
  return w.str();
}

bool is_color(const std::string& text) {
  if (text.size() != 7 || text[0] != '#')
    return false;
  for (std::size_t i = 1; i < text.size(); ++i)
    if (!std::isxdigit(static_cast<unsigned char>(text[i])))
      return false;
  return true;
}

/// Body fields; for nullable ones, `clear_` says the body sent null.
struct category_input {
  std::optional<std::string> name;
  std::optional<std::string> kind;
  std::optional<std::string> parent_id;
  bool clear_parent = false;
  std::optional<std::string> color;
  bool clear_color = false;
};

std::optional<category_input> read_input(body_reader& body, bool full) {
  body.reject_unknown({"name", "kind", "parent_id", "color"});
  category_input in;
  in.name = body.text("name", full, max_name);
  if (in.name && in.name->find_first_not_of(" \t") == std::string::npos)
    body.errors().add("name", "must not be blank");
  in.kind = body.text("kind", false, 16);
  if (in.kind && *in.kind != "expense" && *in.kind != "income")
    body.errors().add("kind", "must be expense or income");
  in.parent_id = body.text("parent_id", false, 64);
  in.clear_parent = body.is_null("parent_id");
  if (in.parent_id && !valid_id(*in.parent_id))
    body.errors().add("parent_id", "must be the id of a category");
  in.color = body.text("color", false, 16);
  in.clear_color = body.is_null("color");
  if (in.color && !is_color(*in.color))
    body.errors().add("color", "must be a hex color like #1f77b4");
  if (!body.errors().empty())
    return std::nullopt;
  return in;
}

void apply(const category_input& in, category_row& row, bool full) {
  if (in.name)
    row.name = *in.name;
  if (in.kind)
    row.kind = *in.kind;
  else if (full)
    row.kind = "expense";
  if (in.parent_id)
    row.parent_id = *in.parent_id;
  else if (in.clear_parent || full)
    row.parent_id.clear();
  if (in.color)
    row.color = *in.color;
  else if (in.clear_color || full)
    row.color.clear();
}

/// Checks that the parent exists in the scope and creates no cycle.
std::optional<api_result> check_parent(session& s, const category_row& row) {
  if (row.parent_id.empty())
    return std::nullopt;
  auto bad = invalid("parent_id", "must be the id of another category in this "
                                  "scope that is not nested under this one");
  std::string cursor = row.parent_id;
  for (int depth = 0; !cursor.empty(); ++depth) {
    category_row parent;
    if (cursor == row.id || depth > max_depth || !s.find(cursor, parent)
        || parent.scope_id != row.scope_id)
      return bad;
    cursor = parent.parent_id;
  }
  return std::nullopt;
}

class categories final : public resource {
public:
  std::string_view name() const override {
    return "categories";
  }

  const char* quota() const override {
    return "categories";
  }

  role min_role(const api_call& call) const override {
    return call.is_read ? role::viewer : role::admin;
  }

  void load_counts(session& s, const std::string& scope_id,
                   std::map<std::string, std::int64_t>& out) const override {
    out["categories"] = s.count_in_scope<category_row>(scope_id);
  }

  prepared_call prepare(const api_call& call,
                        const scope_view& scope) const override {
    switch (call.op) {
      case operation::list:
        return list_by_name<category_row>(call, scope, "categories", encode);
      case operation::create:
      case operation::update:
      case operation::replace:
        return save(call, scope);
      case operation::read:
        return read_by_id<category_row>(call, scope, "category", encode);
      case operation::remove:
        return remove(call, scope);
      default:
        return answer(unsupported());
    }
  }

private:
  /// Create, PATCH and PUT share one path: load (or start) a row, apply the
  /// body, check the parent, store.
  static prepared_call save(const api_call& call, const scope_view& scope) {
    bool creating = call.op == operation::create;
    if (!creating && !valid_id(call.id))
      return answer(missing("category"));
    body_reader body{call.body};
    if (!body.syntax_error().empty())
      return answer(
        make_result(errc::bad_request, "null", body.syntax_error()));
    bool full = call.op != operation::update;
    auto in = read_input(body, full);
    if (!in)
      return answer(invalid(body.errors()));
    auto id = creating ? new_id() : call.id;
    return write_task([id, scope_id = scope.scope_id, in = *in, full,
                       creating](store& st) {
      db_outcome out{missing("category"), {}};
      st.write([&](session& s) {
        category_row row;
        auto now = now_seconds();
        if (creating) {
          row.id = id;
          row.scope_id = scope_id;
          row.created_at = now;
        } else if (!s.find(id, row) || row.scope_id != scope_id) {
          return;
        }
        apply(in, row, full);
        if (auto err = check_parent(s, row)) {
          out.result = std::move(*err);
          return;
        }
        row.updated_at = now;
        if (creating) {
          s.insert(row);
          out = {make_result(errc::created, encode(row)), {{"categories", 1}}};
        } else {
          s.update(row);
          out = {make_result(errc::ok, encode(row)), {}};
        }
      });
      return out;
    });
  }

  static prepared_call remove(const api_call& call, const scope_view& scope) {
    if (!valid_id(call.id))
      return answer(missing("category"));
    query_reader q{call.query};
    auto reassign_to = q.get("reassign_to");
    q.reject_unknown();
    if (reassign_to && !valid_id(*reassign_to))
      q.errors().add("reassign_to", "must be the id of another category");
    if (!q.errors().empty())
      return answer(invalid(q.errors()));
    return write_task([id = call.id, scope_id = scope.scope_id,
                       target = reassign_to.value_or("")](store& st) {
      db_outcome out{missing("category"), {}};
      st.write([&](session& s) {
        category_row row;
        if (!s.find(id, row) || row.scope_id != scope_id)
          return;
        auto uses = s.count_category_uses(id);
        auto children = s.count_children(id);
        if ((uses > 0 || children > 0) && target.empty()) {
          out.result = invalid(
            "reassign_to", "the category has " + std::to_string(uses)
                             + " transactions and " + std::to_string(children)
                             + " subcategories; pass reassign_to=<category id> "
                               "to move them first");
          return;
        }
        if (!target.empty()) {
          category_row dest;
          // The target must exist here and not sit below the deleted one.
          category_row probe;
          probe.id = id;
          probe.scope_id = scope_id;
          probe.parent_id = target;
          if (target == id || !s.find(target, dest) || dest.scope_id != scope_id
              || check_parent(s, probe)) {
            out.result = invalid("reassign_to",
                                 "must be the id of another category in this "
                                 "scope that is not nested under this one");
            return;
          }
          auto now = now_seconds();
          s.reassign_category(id, target, now);
          s.reparent_children(id, target, now);
        }
        s.erase<category_row>(id);
        out = {make_result(errc::ok, "null", "Category deleted"),
               {{"categories", -1}}};
      });
      return out;
    });
  }
};

} // namespace

const resource& categories_resource() {
  static const categories instance;
  return instance;
}

} // namespace purse::resources
