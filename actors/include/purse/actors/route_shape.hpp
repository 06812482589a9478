// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// How a resource appears in paths. Each resource declares its shape on its
// descriptor (resource::shape()); the HTTP front builds every route from
// the registry, so a new resource needs no route table edit.

#include <cstddef>
#include <string_view>
#include <vector>

namespace purse {

/// The paths and operations a resource answers.
struct route_shape {
  /// Where the resource is mounted.
  enum class mount {
    /// `<scope>/<name>` with items `<scope>/<name>/{id}`, in both scopes
    /// (`/me` and `/teams/{team}`).
    collection,
    /// `<scope>/<name>`: one read-only document per scope (usage).
    document,
    /// The personal scope's root itself (`/me`): the caller's profile.
    personal_root,
    /// A team scope's root itself (`/teams/{team}`): the team.
    team_root,
    /// `/<name>`: a list outside every scope (reference data).
    global,
  };

  /// What a request body of this resource is.
  enum class body_kind {
    /// A JSON document (the ordinary body limit).
    json,
    /// File content: a JSON document with base64 content, or the
    /// transport's own file form (multipart/form-data), up to the upload
    /// limit.
    upload,
  };

  mount where = mount::collection;
  body_kind body = body_kind::json;
  /// Items can be created (collection) by a write.
  bool creatable = true;
  /// Items can be changed in part or replaced.
  bool editable = true;
  /// Items can be deleted.
  bool deletable = true;
  /// Actions on an item (`.../{id}/<action>`, a write), e.g. "void".
  std::vector<std::string_view> actions = {};
  /// Actions on the collection itself (`<scope>/<name>/<action>`, a
  /// POST and a write, with an empty item id), e.g. "batch". Their names
  /// are never item ids.
  std::vector<std::string_view> collection_actions = {};
  /// Streamed reads of the collection itself (`<scope>/<name>/<name>`, a
  /// GET, with an empty item id and the name as the call's action), e.g.
  /// transactions' "export.csv". Their names are never item ids.
  std::vector<std::string_view> collection_downloads = {};
  /// Raw content of an item (`.../{id}/<name>`, a read), e.g. "content".
  std::vector<std::string_view> downloads = {};
  /// Non-empty: the only items, read-only, named so (reports).
  std::vector<std::string_view> named_items = {};

  /// A read-only collection of named items.
  static route_shape named(std::vector<std::string_view> names) {
    route_shape s;
    s.creatable = s.editable = s.deletable = false;
    s.named_items = std::move(names);
    return s;
  }

  /// A read-only document mounted at `where`.
  static route_shape read_only(mount where) {
    route_shape s;
    s.where = where;
    s.creatable = s.editable = s.deletable = false;
    return s;
  }
};

} // namespace purse
