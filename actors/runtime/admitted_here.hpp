// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Serving a call its key's actor admitted, on the node that serves the
// call's scope: the key's actor when it is on that node too, and a
// member's ingress or call listener when the key's node handed the call
// on (a team's records). A read that needs nothing of the scope's actor
// goes straight to a persistence worker; everything else through the
// scope's actor, which keeps the scope's counts, order and reports.

#include <memory>
#include <optional>
#include <utility>

#include "call_rules.hpp"
#include "purse/actors/atoms.hpp"
#include "purse/actors/report_cache.hpp"
#include "request_path.hpp"
#include "resource.hpp"

namespace purse {

/// Serves `call`, an admitted call of a scope this node serves. `answer`
/// says where its answer goes: `answer.deliver(api_result)` answers now,
/// `answer.delegate(actor, content...)` hands the call to an actor that
/// answers the asker.
template <class Answer>
void serve_admitted_here(request_path& path, api_call call, Answer& answer) {
  auto res = find_resource(call.resource);
  if (res == nullptr) {
    auto r = make_result(errc::not_found);
    r.rate = call.rate;
    answer.deliver(std::move(r));
    return;
  }
  std::optional<scope_counts::map_type> counts;
  std::shared_ptr<scope_counts> shared;
  if (call.is_read)
    path.scopes.if_present(call.scope_id, [&](auto& e) {
      counts = e.extra->snapshot();
      shared = e.extra;
    });
  if (!counts) {
    // Writes keep their order and quotas in the scope actor; a read of a
    // scope whose counts are not loaded yet goes there too (it loads them).
    auto scope_id = call.scope_id;
    path.scopes.with(scope_id, [&](request_path::scope_directory::entry& e) {
      answer.delegate(e.actor, call_atom_v, std::move(call));
    });
    return;
  }
  auto refused = check_call(*res, call);
  prepared_call prep;
  if (!refused) {
    scope_view view{call.scope_id, *path.quotas, *counts};
    prep = res->prepare(call, view);
    refused = std::move(prep.immediate);
  }
  if (refused) {
    refused->rate = call.rate;
    answer.deliver(std::move(*refused));
    return;
  }
  if (!res->kept_by_scope()) {
    answer.delegate(path.pool->next(), answer_atom_v, std::move(prep.task),
                    call.rate);
    return;
  }
  // A read whose answers the scope keeps (reports): from the keeping when
  // there, else from a persistence worker that also keeps it.
  auto key = report_cache_key(call);
  auto now = path.clock.now();
  if (auto kept = shared->reports.find(key, now)) {
    kept->rate = call.rate;
    answer.deliver(std::move(*kept));
    return;
  }
  // Read before the report runs: a write committed meanwhile voids it.
  auto generation = shared->reports.generation();
  db_task keeping{[inner = std::move(prep.task), shared, key, generation,
                   now](persistence::store& st) {
    auto out = inner.run(st);
    if (out.result.code == errc::ok)
      shared->reports.fill(key, generation, now, out.result);
    return out;
  }};
  answer.delegate(path.pool->next(), answer_atom_v, std::move(keeping),
                  call.rate);
}

/// An answer that goes to a response promise (an actor's request).
template <class Promise>
struct promised_answer {
  Promise& rp;

  void deliver(api_result r) {
    rp.deliver(std::move(r));
  }

  template <class Dest, class... Ts>
  void delegate(const Dest& dest, Ts&&... xs) {
    rp.delegate(dest, std::forward<Ts>(xs)...);
  }
};

} // namespace purse
