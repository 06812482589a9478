// SPDX-License-Identifier: GPL-2.0-or-later
#include "server_lock_keeper.hpp"

#include <chrono>
#include <string>

#include "purse/actors/log.hpp"

namespace purse {

namespace {

/// How often the thread looks at its stop flag while the lock is held.
constexpr auto wait_slice = std::chrono::milliseconds(250);

/// Between two attempts while the database cannot be reached.
constexpr auto reconnect_interval = std::chrono::milliseconds(250);

/// Between two attempts while another server holds the lock.
constexpr auto taken_interval = std::chrono::milliseconds(1000);

} // namespace

server_lock_keeper::server_lock_keeper(
  std::unique_ptr<persistence::server_lock> lock,
  std::shared_ptr<request_path> path)
  : lock_(std::move(lock)), path_(std::move(path)) {
  thread_ = std::thread([this] {
    run();
  });
}

server_lock_keeper::~server_lock_keeper() {
  stop();
}

void server_lock_keeper::stop() {
  stop_ = true;
  if (thread_.joinable())
    thread_.join();
}

void server_lock_keeper::pause(std::chrono::milliseconds d) {
  for (auto waited = std::chrono::milliseconds(0); !stop_ && waited < d;
       waited += std::chrono::milliseconds(50))
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
}

void server_lock_keeper::run() {
  using state = server_lock_state;
  auto& current = path_->server_lock;
  const char* mode = lock_->shared() ? "shared" : "exclusive";
  while (!stop_) {
    if (current.load() == state::held) {
      if (lock_->holds(wait_slice))
        continue;
      current = state::lost;
      log_event(log_level::warn, "server_lock_lost",
                {{"mode", mode},
                 {"effect", "not ready until this server holds its lock on "
                            "the database again"}});
    }
    std::string error;
    switch (lock_->retake(error)) {
      case persistence::server_lock::outcome::taken:
        // Another server may have written while this one did not hold it.
        path_->reload_scopes();
        current = state::held;
        log_event(log_level::info, "server_lock_retaken", {{"mode", mode}});
        break;
      case persistence::server_lock::outcome::held_by_another:
        if (current.load() != state::taken)
          log_event(log_level::error, "server_lock_taken",
                    {{"mode", mode},
                     {"error", error},
                     {"effect", "every API call is answered 503 and /readyz "
                                "is not ready until this server can take "
                                "its lock back; stop one of the two"}});
        current = state::taken;
        pause(taken_interval);
        break;
      case persistence::server_lock::outcome::unreachable:
        pause(reconnect_interval);
        break;
    }
  }
}

} // namespace purse
