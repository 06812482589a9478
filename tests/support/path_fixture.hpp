// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The request path of one node (key and scope actors, their directories)
// on the deterministic test system, with the LISTEN connection taken as up:
// tests drive notifications by hand.

#include <chrono>
#include <memory>
#include <string>
#include <utility>

#include <caf/send.hpp>

#include "purse/actors/api_key.hpp"
#include "request_path.hpp"
#include "support/deterministic.hpp"
#include "support/processes.hpp"

namespace purse::test {

/// A request path on the test scheduler.
struct path_fixture : deterministic_fixture {
  user_settings settings;
  std::shared_ptr<request_path> path;

  path_fixture() : path_fixture(std::string{}) {
    // nop
  }

  /// With the operator's quotas `quota_spec` ("solo.tags=3", as --quotas
  /// takes them) over the declared defaults.
  explicit path_fixture(const std::string& quota_spec) {
    if (!quota_spec.empty()) {
      auto table = std::make_shared<quota_table>(quota_table::defaults());
      std::string error;
      BOOST_REQUIRE_MESSAGE(table->apply(quota_spec, error), error);
      quotas = std::move(table);
    }
    settings.idle_timeout = std::chrono::seconds(60);
    path = request_path::make(sys, pool, quotas, settings);
    path->freshness.connected();
  }

  ~path_fixture() {
    path->shutdown(caf::exit_reason::user_shutdown);
    sched.run();
  }

  /// Sends a call made with `key` to its key actor (as a front end does)
  /// without running anything.
  void send(const std::string& key, api_call c) {
    auto k = parse_api_key(key);
    BOOST_REQUIRE(k);
    if (c.client_address.empty())
      c.client_address = "127.0.0.1";
    path->keys.with(k->lookup_id, [&](auto& e) {
      self->send(e.actor, call_atom_v, k->secret_hash, std::move(c));
    });
  }

  /// Sends and runs a call; returns its answer.
  api_result call(const std::string& key, api_call c) {
    send(key, std::move(c));
    sched.run();
    return reply();
  }

  /// Runs every job; returns how many were messages Ts... for the worker.
  template <class... Ts>
  int run_counting() {
    int n = 0;
    while (sched.has_job()) {
      if (next_is_for(worker)) {
        auto& next = sched.next_job<caf::abstract_actor>();
        auto ptr = next.peek_at_next_mailbox_element();
        if (ptr != nullptr && ptr->content().template match_elements<Ts...>())
          ++n;
      }
      sched.run_once();
    }
    return n;
  }

  static api_call list(std::string resource = "tags") {
    api_call c;
    c.resource = std::move(resource);
    c.op = operation::list;
    return c;
  }

  static api_call create(std::string name) {
    api_call c;
    c.resource = "tags";
    c.op = operation::create;
    c.is_read = false;
    c.body = R"({"name":")" + name + "\"}";
    return c;
  }

  static int code(const api_result& r) {
    return static_cast<int>(r.code);
  }

  static int code(errc e) {
    return static_cast<int>(e);
  }
};

} // namespace purse::test
