// Tags: labels on transactions; names are unique per scope, ignoring case.

#include "common.hpp"

#include "purse/actors/ids.hpp"
#include "purse/actors/timestamp.hpp"

namespace purse::resources {

namespace {

using persistence::session;
using persistence::store;
using persistence::tag_row;

constexpr std::size_t max_name = 50;

std::string encode(const tag_row& t) {
  json_writer w;
  w.begin_object();
  w.key("id").value(t.id).key("name").value(t.name);
  w.key("created_at").time_or_null(t.created_at);
  w.key("updated_at").time_or_null(t.updated_at);
  w.end_object();
  return w.str();
}

/// Validates a body; `full` makes the name required (create, PUT).
std::optional<std::string> read_name(body_reader& body, bool full) {
  body.reject_unknown({"name"});
  auto name = body.text("name", full, max_name);
  if (name && name->find_first_not_of(" \t") == std::string::npos) {
    body.errors().add("name", "must not be blank");
    return std::nullopt;
  }
  return name;
}

api_result duplicate() {
  return invalid("name", "a tag with this name already exists");
}

class tags final : public resource {
public:
  std::string_view name() const override {
    return "tags";
  }

  const char* quota() const override {
    return "tags";
  }

  role min_role(const api_call& call) const override {
    return call.is_read ? role::viewer : role::member;
  }

  void load_counts(session& s, const std::string& scope_id,
                   std::map<std::string, std::int64_t>& out) const override {
    out["tags"] = s.count_in_scope<tag_row>(scope_id);
  }

  prepared_call prepare(const api_call& call,
                        const scope_view& scope) const override {
    switch (call.op) {
      case operation::list:
        return list_by_name<tag_row>(call, scope, "tags", encode);
      case operation::create:
        return create(call, scope);
      case operation::read:
        return read_by_id<tag_row>(call, scope, "tag", encode);
      case operation::update:
      case operation::replace:
        return change(call, scope);
      case operation::remove:
        return remove(call, scope);
      default:
        return answer(unsupported());
    }
  }

private:
  static prepared_call create(const api_call& call, const scope_view& scope) {
    body_reader body{call.body};
    if (!body.syntax_error().empty())
      return answer(
        make_result(errc::bad_request, "null", body.syntax_error()));
    auto name = read_name(body, true);
    if (!body.errors().empty())
      return answer(invalid(body.errors()));
    tag_row row;
    row.id = new_id();
    row.scope_id = scope.scope_id;
    row.name = *name;
    row.name_key = persistence::fold_case(*name);
    row.created_at = row.updated_at = now_seconds();
    return write_task([row](store& st) {
      try {
        st.write([&](session& s) {
          s.insert(row);
        });
      } catch (const persistence::unique_violation&) {
        return db_outcome{duplicate(), {}};
      }
      return db_outcome{make_result(errc::created, encode(row)), {{"tags", 1}}};
    });
  }

  static prepared_call change(const api_call& call, const scope_view& scope) {
    if (!valid_id(call.id))
      return answer(missing("tag"));
    body_reader body{call.body};
    if (!body.syntax_error().empty())
      return answer(
        make_result(errc::bad_request, "null", body.syntax_error()));
    auto name = read_name(body, call.op == operation::replace);
    if (!body.errors().empty())
      return answer(invalid(body.errors()));
    return write_task(
      [id = call.id, scope_id = scope.scope_id, name](store& st) {
        tag_row row;
        bool found = false;
        try {
          st.write([&](session& s) {
            found = s.find(id, row) && row.scope_id == scope_id;
            if (!found || !name)
              return;
            row.name = *name;
            row.name_key = persistence::fold_case(*name);
            row.updated_at = now_seconds();
            s.update(row);
          });
        } catch (const persistence::unique_violation&) {
          return db_outcome{duplicate(), {}};
        }
        return db_outcome{
          found ? make_result(errc::ok, encode(row)) : missing("tag"), {}};
      });
  }

  static prepared_call remove(const api_call& call, const scope_view& scope) {
    if (!valid_id(call.id))
      return answer(missing("tag"));
    query_reader q{call.query};
    q.reject_unknown();
    if (!q.errors().empty())
      return answer(invalid(q.errors()));
    return write_task([id = call.id, scope_id = scope.scope_id](store& st) {
      bool found = false;
      st.write([&](session& s) {
        tag_row row;
        found = s.find(id, row) && row.scope_id == scope_id;
        if (!found)
          return;
        s.unlink_tag(id);
        s.erase<tag_row>(id);
      });
      if (!found)
        return db_outcome{missing("tag"), {}};
      return db_outcome{make_result(errc::ok, "null", "Tag deleted"),
                        {{"tags", -1}}};
    });
  }
};

} // namespace

const resource& tags_resource() {
  static const tags instance;
  return instance;
}

} // namespace purse::resources
