// SPDX-License-Identifier: GPL-2.0-or-later
// Notes: short texts of a scope, with a plan quota. Step 3 of "Adding a
// resource" (docs/ARCHITECTURE.md) as actors/domain/resources/notes.cpp
// would hold it, modelled on tags.cpp.

#include "support/example_resource.hpp"

#include "crud_resource.hpp"
#include "purse/actors/ids.hpp"
#include "purse/actors/timestamp.hpp"
#include "support/e2e.hpp"
#include "support/example_row.hpp"

namespace purse::test {

namespace {

using namespace purse::resources;
using persistence::session;
using persistence::store;

constexpr std::size_t max_name = 200;

std::string encode(const note_row& n) {
  json_writer w;
  w.begin_object();
  w.key("id").value(n.id).key("name").value(n.name);
  w.key("created_at").time_or_null(n.created_at);
  w.key("updated_at").time_or_null(n.updated_at);
  w.end_object();
  return w.str();
}

/// The fields a body may set: only the name (absent: unchanged).
struct note_input {
  std::optional<std::string> name;
};

/// Validates a body; `full` makes the name required (create, PUT).
std::optional<note_input> read_input(body_reader& body, bool full) {
  body.reject_unknown({"name"});
  note_input in;
  in.name = read_name(body, full, max_name);
  if (!body.errors().empty())
    return std::nullopt;
  return in;
}

class notes final : public named_rows_resource<note_row> {
public:
  // Lists, reads, counts, roles and the 400/404/422 ladder come from the
  // base; the default route shape is a plain collection. The quota named
  // like the collection, with its defaults per plan (free, solo, family):
  // the quota table, --quotas, /me/usage and the settings page follow.
  notes()
    : named_rows_resource({"notes", "note", role::member, {{2, 50, 200}}},
                          encode) {
    // nop
  }

protected:
  prepared_call write(const api_call& call,
                      const scope_view& scope) const override {
    return with_input(call, read_input, [&](note_input in, bool) {
      return call.op == operation::create ? create(*in.name, scope)
                                          : change(call.id, in.name, scope);
    });
  }

  prepared_call remove(const api_call& call,
                       const scope_view& scope) const override {
    return remove_row<note_row>(call, scope, "note", "notes", "Note deleted");
  }

private:
  static prepared_call create(const std::string& name,
                              const scope_view& scope) {
    note_row row;
    row.id = new_id();
    row.scope_id = scope.scope_id;
    row.name = name;
    row.created_at = row.updated_at = now_seconds();
    return write_task([row](store& st) {
      st.write([&](session& s) {
        s.insert(row);
      });
      return db_outcome{make_result(errc::created, encode(row)),
                        {{"notes", 1}}};
    });
  }

  static prepared_call change(const std::string& id,
                              const std::optional<std::string>& name,
                              const scope_view& scope) {
    return write_task([id, scope_id = scope.scope_id, name](store& st) {
      note_row row;
      bool found = false;
      st.write([&](session& s) {
        found = s.find(id, row) && row.scope_id == scope_id;
        if (!found || !name)
          return;
        row.name = *name;
        row.updated_at = now_seconds();
        s.update(row);
      });
      return db_outcome{
        found ? make_result(errc::ok, encode(row)) : missing("note"), {}};
    });
  }
};

} // namespace

const resource& notes_resource() {
  static const notes instance;
  return instance;
}

void add_example_resource() {
  sql(example_notes_table);
  register_resource(notes_resource());
}

} // namespace purse::test
