// SPDX-License-Identifier: GPL-2.0-or-later
#include "auth_listener.hpp"

#include <chrono>

#include "purse/actors/log.hpp"
#include "purse/persistence/auth_barrier.hpp"
#include "purse/persistence/errors.hpp"
#include "purse/persistence/listener.hpp"

namespace purse {

namespace {

/// How often the thread looks at its stop flag while nothing arrives.
constexpr auto wait_slice = std::chrono::milliseconds(250);

/// Between two attempts to reconnect.
constexpr auto retry_interval = std::chrono::seconds(1);

} // namespace

auth_listener::auth_listener(std::string conninfo,
                             std::shared_ptr<request_path> path)
  : conninfo_(std::move(conninfo)), path_(std::move(path)) {
  thread_ = std::thread([this] {
    run();
  });
}

auth_listener::~auth_listener() {
  stop_ = true;
  thread_.join();
  path_->freshness.lost();
}

void auth_listener::run() {
  auto& fresh = path_->freshness;
  bool was_lost = false;
  while (!stop_) {
    try {
      // Named purse-server-auth once the LISTEN is in effect: writers that
      // await acknowledgements count this session from then on.
      persistence::listener conn{conninfo_, persistence::auth_channel,
                                 persistence::auth_listener_name};
      // From here on every change is seen: caches made from now on may be
      // trusted (a new epoch voids anything older).
      fresh.connected();
      log_event(log_level::info, "auth_listening",
                {{"backend_pid", std::to_string(conn.backend_pid()), true}});
      was_lost = false;
      while (!stop_)
        for (auto& payload : conn.wait(wait_slice)) {
          // Every payload is handled as a user id, an acknowledgement
          // request too (it names no user: ids have no colon), so no
          // user's notification can be skipped for looking like one.
          fresh.notified();
          path_->forget_user(payload);
          // Answered after the forgets of every payload before it are
          // queued, each ahead of any later call to its key actor.
          auto token = persistence::auth_ack_token(payload);
          if (!token.empty())
            conn.notify(persistence::auth_ack_channel, token);
        }
    } catch (const std::exception& e) {
      fresh.lost();
      if (!was_lost)
        log_event(log_level::warn, "auth_listener_lost",
                  {{"error", e.what()},
                   {"effect", "keys are read from the database per request "
                              "until the connection is back"}});
      was_lost = true;
      for (auto waited = std::chrono::milliseconds(0);
           !stop_ && waited < retry_interval; waited += wait_slice)
        std::this_thread::sleep_for(wait_slice);
    }
  }
}

} // namespace purse
