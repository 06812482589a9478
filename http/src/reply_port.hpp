// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Where the domain's answers come back to the HTTP front: an actor
// companion whose "mailbox" is a callback run on the answering actor's own
// thread, so an answer goes from the actor that gives it straight to the
// connection (RESTinio posts the write to the connection's io thread). No
// actor is spawned per request. Each call waits under its own request id;
// a call past its deadline is answered 504 by the port's timer thread.

#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include <caf/actor_system.hpp>
#include <caf/message_id.hpp>

#include "purse/actors/api_result.hpp"

namespace purse::http {

/// Matches answers to the calls waiting for them.
class reply_port {
public:
  using handler = std::function<void(const api_result&)>;

  reply_port(caf::actor_system& sys, std::chrono::milliseconds timeout);
  ~reply_port();
  reply_port(const reply_port&) = delete;
  reply_port& operator=(const reply_port&) = delete;

  /// Registers `h` for one answer; send the call from `sender()` with the
  /// returned message id.
  caf::message_id expect(handler h);

  /// Forgets a waiting call that will get no answer (it was never sent).
  void cancel(caf::message_id mid);

  /// The sender of every call (the companion).
  const caf::strong_actor_ptr& sender() const {
    return sender_;
  }

private:
  struct waiting {
    handler h;
    std::chrono::steady_clock::time_point deadline;
  };

  struct shard {
    std::mutex mtx;
    std::map<std::uint64_t, waiting> calls;
  };

  shard& shard_of(std::uint64_t id) {
    return shards_[id % shards_.size()];
  }

  std::optional<handler> take(std::uint64_t id);

  void on_answer(caf::mailbox_element_ptr ptr);

  void expire_loop();

  caf::actor_system& sys_;
  std::chrono::milliseconds timeout_;
  std::atomic<std::uint64_t> next_id_{1};
  std::array<shard, 16> shards_;
  caf::strong_actor_ptr sender_;
  std::mutex stop_mtx_;
  std::condition_variable stop_cv_;
  bool stopping_ = false;
  std::thread timer_;
};

} // namespace purse::http
