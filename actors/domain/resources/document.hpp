// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The skeleton of the read-only documents (profile, usage, currencies,
// reports): every role reads them, they count nothing, they read their
// query parameters themselves, and they answer with one JSON document
// written after the statements that loaded its data. Private to
// actors/.

#include <string_view>
#include <utility>

#include "common.hpp"

namespace purse::resources {

/// A read-only document: a name, a route shape and how a call is prepared.
class document_resource final : public resource {
public:
  using preparer = prepared_call (*)(const api_call&, const scope_view&);

  /// `kept`: the scope keeps recent answers (resource::kept_by_scope());
  /// `quotas`: the plan quotas it declares (resource::quotas()).
  document_resource(std::string_view name, route_shape shape, preparer prepare,
                    bool kept = false, std::vector<quota_spec> quotas = {})
    : name_(name),
      shape_(std::move(shape)),
      prepare_(prepare),
      kept_(kept),
      quotas_(std::move(quotas)) {
    // nop
  }

  std::vector<quota_spec> quotas() const final {
    return quotas_;
  }

  std::string_view name() const final {
    return name_;
  }

  route_shape shape() const final {
    return shape_;
  }

  role min_role(const api_call&) const final {
    return role::viewer;
  }

  /// Each document rejects the parameters it does not know itself.
  bool takes_query(const api_call&) const final {
    return true;
  }

  void load_counts(persistence::session&, const std::string&,
                   std::map<std::string, std::int64_t>&) const final {
    // nop: documents count nothing of their own
  }

  bool kept_by_scope() const final {
    return kept_;
  }

  prepared_call prepare(const api_call& call,
                        const scope_view& scope) const final {
    return prepare_(call, scope);
  }

private:
  std::string_view name_;
  route_shape shape_;
  preparer prepare_;
  bool kept_;
  std::vector<quota_spec> quotas_;
};

/// A read task: `load(session&)` collects the data with statements that
/// each run on their own (no BEGIN/COMMIT: store::query; each would see its
/// own snapshot inside a READ COMMITTED transaction just the same), then
/// `write(data)` turns it into the answer with the connection back in the
/// pool.
template <class Load, class Write>
prepared_call read_document(Load load, Write write) {
  return read_task([load, write](persistence::store& st) {
    decltype(load(std::declval<persistence::session&>())) data;
    st.query([&](persistence::session& s) {
      data = load(s);
    });
    return db_outcome{write(std::move(data)), {}};
  });
}

} // namespace purse::resources
