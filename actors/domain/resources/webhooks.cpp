// SPDX-License-Identifier: GPL-2.0-or-later
// Webhooks: where a scope's changes are POSTed, signed. CRUD with the
// admins' role (reads too: a URL and its events are theirs to see), the
// signing secret shown only by the create, and each webhook's deliveries
// (GET .../webhooks/{id}/deliveries). The events are noted by the changes
// triggers and sent by the deliverers (runtime/webhook_deliverer.hpp).

#include "crud_resource.hpp"
#include "webhook_destination.hpp"
#include "webhook_input.hpp"

#include "purse/actors/ids.hpp"

namespace purse::resources {

namespace {

using persistence::session;
using persistence::store;
using persistence::webhook_delivery_row;
using persistence::webhook_row;

constexpr const char* count_key = "webhooks";

/// The 422 of a URL whose host may not be reached, or nullopt. Resolves
/// the host: run it on a worker, never in an actor.
std::optional<api_result> refused_destination(const webhook_input& in) {
  if (!in.url)
    return std::nullopt;
  auto policy = webhooks::current_url_policy();
  auto parsed = webhooks::parse_webhook_url(*in.url, policy.allow_http);
  if (auto* why = std::get_if<std::string>(&parsed))
    return invalid("url", *why);
  auto where = webhooks::vet_destination(
    std::get<webhooks::webhook_url>(parsed), policy.allow_private);
  if (!where.error.empty())
    return invalid("url", where.error);
  return std::nullopt;
}

class webhooks_collection final : public crud_resource {
public:
  webhooks_collection()
    : crud_resource(
      {count_key, "webhook", role::admin, {{0, 5, 20}}, role::admin}) {
    // nop
  }

  route_shape shape() const override {
    route_shape s;
    s.downloads = {"deliveries"};
    return s;
  }

  /// Lists, deletes and the deliveries' pages.
  bool takes_query(const api_call& call) const override {
    return crud_resource::takes_query(call) || call.action == "deliveries";
  }

  void load_counts(session& s, const std::string& scope_id,
                   std::map<std::string, std::int64_t>& out) const override {
    out[count_key] = s.count_in_scope<webhook_row>(scope_id);
  }

protected:
  /// A page, oldest first; the total is the scope's cached count.
  prepared_call list(const api_call& call,
                     const scope_view& scope) const override {
    query_reader q{call.query};
    auto page = q.pagination();
    if (auto bad = query_errors(q))
      return answer(std::move(*bad));
    auto total = cached_count(scope, count_key);
    return read_task([scope_id = scope.scope_id, page, total](store& st) {
      std::vector<webhook_row> rows;
      st.read([&](session& s) {
        rows = s.list_webhooks(scope_id, page.offset(), page.per_page);
      });
      return db_outcome{page_of(rows, encode_listed, page, total), {}};
    });
  }

  /// One webhook, or a page of its deliveries, newest first.
  prepared_call read(const api_call& call,
                     const scope_view& scope) const override {
    bool deliveries = call.action == "deliveries";
    query_reader q{call.query};
    page_request page{};
    if (deliveries)
      page = q.pagination();
    if (auto bad = query_errors(q))
      return answer(std::move(*bad));
    return read_task([id = call.id, scope_id = scope.scope_id, deliveries, page,
                      missing = missing_item()](store& st) {
      webhook_row row;
      bool found = false;
      std::vector<webhook_delivery_row> rows;
      std::int64_t total = 0;
      st.read([&](session& s) {
        found = s.find(id, row) && row.scope_id == scope_id;
        if (!found || !deliveries)
          return;
        rows = s.list_webhook_deliveries(id, page.offset(), page.per_page);
        total = s.count_webhook_deliveries(id);
      });
      if (!found)
        return db_outcome{missing, {}};
      if (deliveries)
        return db_outcome{page_of(rows, encode_delivery, page, total), {}};
      return db_outcome{make_result(errc::ok, encode_webhook(row, false)), {}};
    });
  }

  /// Create, PATCH and PUT: the body checked, the URL's host resolved and
  /// vetted, the row stored; a create makes the secret and answers it.
  prepared_call write(const api_call& call,
                      const scope_view& scope) const override {
    auto read = [](body_reader& body, bool full) {
      return read_webhook_input(body, full, webhooks::current_url_policy());
    };
    return with_input(call, read, [&](webhook_input in, bool full) {
      bool creating = call.op == operation::create;
      return write_task([id = creating ? new_id() : call.id, creating, full,
                         in = std::move(in), scope_id = scope.scope_id,
                         kind = call.team.empty() ? "me" : "team",
                         by = call.caller_id](store& st) {
        if (auto refused = refused_destination(in))
          return db_outcome{std::move(*refused), {}};
        outcome_or<webhook_row> out;
        st.write([&](session& s) {
          out = save_row<webhook_row>(
            s, id, scope_id, creating, by, "webhook",
            [&](webhook_row& row) -> std::optional<api_result> {
              if (creating) {
                row.scope_kind = kind;
                row.secret = webhooks::new_webhook_secret();
              }
              apply_webhook_input(in, row, full);
              return std::nullopt;
            });
        });
        if (auto* done = std::get_if<db_outcome>(&out))
          return std::move(*done);
        auto& row = std::get<webhook_row>(out);
        if (creating)
          return db_outcome{make_result(errc::created,
                                        encode_webhook(row, true)),
                            {{count_key, 1}}};
        return db_outcome{make_result(errc::ok, encode_webhook(row, false)),
                          {}};
      });
    });
  }

  /// DELETE: the webhook and its deliveries.
  prepared_call remove(const api_call& call,
                       const scope_view& scope) const override {
    return remove_row<webhook_row>(call, scope, "webhook", count_key,
                                   "Webhook deleted",
                                   [](session& s, const std::string& id) {
                                     s.erase_webhook_deliveries(id);
                                   });
  }

private:
  static std::string encode_listed(const webhook_row& row) {
    return encode_webhook(row, false);
  }
};

} // namespace

const resource& webhooks_resource() {
  static const webhooks_collection instance;
  return instance;
}

} // namespace purse::resources
