// SPDX-License-Identifier: GPL-2.0-or-later
// Tags: labels on transactions; names are unique per scope, ignoring case.

#include "crud_resource.hpp"
#include "encoders.hpp"

#include "purse/actors/ids.hpp"
#include "purse/actors/timestamp.hpp"

namespace purse::resources {

namespace {

using persistence::session;
using persistence::store;
using persistence::tag_row;

constexpr std::size_t max_name = 50;

} // namespace

std::string encode_tag(const tag_row& t) {
  json_writer w;
  w.begin_object();
  w.key("id").value(t.id).key("name").value(t.name);
  w.key("created_at").time_or_null(t.created_at);
  w.key("updated_at").time_or_null(t.updated_at);
  write_authors(w, t.created_by, t.updated_by);
  w.end_object();
  return w.str();
}

namespace {

/// The fields a body may set: only the name (absent: unchanged).
struct tag_input {
  std::optional<std::string> name;
};

/// Validates a body; `full` makes the name required (create, PUT).
std::optional<tag_input> read_input(body_reader& body, bool full) {
  body.reject_unknown({"name"});
  tag_input in;
  in.name = read_name(body, full, max_name);
  if (!body.errors().empty())
    return std::nullopt;
  return in;
}

api_result duplicate() {
  return invalid("name", "a tag with this name already exists");
}

/// Runs a write that may store a name another tag of the scope has.
template <class Fn>
bool unique_write(store& st, Fn fn) {
  try {
    st.write(fn);
  } catch (const persistence::unique_violation&) {
    return false;
  }
  return true;
}

class tags final : public named_rows_resource<tag_row> {
public:
  tags()
    : named_rows_resource({"tags", "tag", role::member, {{20, 500, 2000}}},
                          encode_tag) {
    // nop
  }

protected:
  prepared_call write(const api_call& call,
                      const scope_view& scope) const override {
    return with_input(call, read_input, [&](tag_input in, bool) {
      return call.op == operation::create
               ? create(*in.name, call.caller_id, scope)
               : change(call.id, in.name, call.caller_id, scope);
    });
  }

  prepared_call remove(const api_call& call,
                       const scope_view& scope) const override {
    if (auto bad = no_query(call))
      return answer(std::move(*bad));
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

private:
  static prepared_call create(const std::string& name, const std::string& by,
                              const scope_view& scope) {
    tag_row row;
    row.id = new_id();
    row.scope_id = scope.scope_id;
    row.name = name;
    row.name_key = persistence::fold_case(name);
    stamp_created(row, by, now_seconds());
    return write_task([row](store& st) {
      if (!unique_write(st, [&](session& s) {
            s.insert(row);
          }))
        return db_outcome{duplicate(), {}};
      return db_outcome{make_result(errc::created, encode_tag(row)),
                        {{"tags", 1}}};
    });
  }

  static prepared_call change(const std::string& id,
                              const std::optional<std::string>& name,
                              const std::string& by, const scope_view& scope) {
    return write_task([id, scope_id = scope.scope_id, name, by](store& st) {
      tag_row row;
      bool found = false;
      if (!unique_write(st, [&](session& s) {
            found = s.find(id, row) && row.scope_id == scope_id;
            if (!found || !name)
              return;
            row.name = *name;
            row.name_key = persistence::fold_case(*name);
            stamp_updated(row, by, now_seconds());
            s.update(row);
          }))
        return db_outcome{duplicate(), {}};
      return db_outcome{
        found ? make_result(errc::ok, encode_tag(row)) : missing("tag"), {}};
    });
  }
};

} // namespace

const resource& tags_resource() {
  static const tags instance;
  return instance;
}

} // namespace purse::resources
