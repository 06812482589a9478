// SPDX-License-Identifier: GPL-2.0-or-later
#include "reply_port.hpp"

#include <vector>

#include <caf/actor_cast.hpp>
#include <caf/actor_companion.hpp>
#include <caf/mailbox_element.hpp>
#include <caf/scoped_execution_unit.hpp>
#include <caf/sec.hpp>

namespace purse::http {

namespace {

/// How often waiting calls are checked against their deadlines.
constexpr auto expiry_interval = std::chrono::milliseconds(250);

caf::actor_companion* companion_of(const caf::strong_actor_ptr& ptr) {
  return static_cast<caf::actor_companion*>(
    caf::actor_cast<caf::abstract_actor*>(ptr));
}

} // namespace

reply_port::reply_port(caf::actor_system& sys,
                       std::chrono::milliseconds timeout)
  : sys_(sys), timeout_(timeout) {
  // Hidden: the actor system does not wait for it at shutdown (it ends
  // with this port).
  sender_ = caf::actor_cast<caf::strong_actor_ptr>(
    sys.spawn<caf::actor_companion, caf::hidden>());
  companion_of(sender_)->on_enqueue([this](caf::mailbox_element_ptr ptr) {
    on_answer(std::move(ptr));
  });
  timer_ = std::thread([this] {
    expire_loop();
  });
}

reply_port::~reply_port() {
  {
    std::lock_guard<std::mutex> guard{stop_mtx_};
    stopping_ = true;
  }
  stop_cv_.notify_all();
  timer_.join();
  // Late answers are dropped from here on; the companion ends.
  auto companion = companion_of(sender_);
  companion->on_enqueue([](caf::mailbox_element_ptr) {});
  caf::scoped_execution_unit context{&sys_};
  companion->cleanup(caf::exit_reason::user_shutdown, &context);
}

caf::message_id reply_port::expect(handler h) {
  auto id = next_id_.fetch_add(1) & caf::message_id::request_id_mask;
  auto& s = shard_of(id);
  {
    std::lock_guard<std::mutex> guard{s.mtx};
    s.calls.emplace(id, waiting{std::move(h),
                                std::chrono::steady_clock::now() + timeout_});
  }
  return caf::make_message_id(id);
}

void reply_port::cancel(caf::message_id mid) {
  take(mid.request_id().integer_value());
}

std::optional<reply_port::handler> reply_port::take(std::uint64_t id) {
  auto& s = shard_of(id);
  std::lock_guard<std::mutex> guard{s.mtx};
  auto i = s.calls.find(id);
  if (i == s.calls.end())
    return std::nullopt;
  auto h = std::move(i->second.h);
  s.calls.erase(i);
  return h;
}

void reply_port::on_answer(caf::mailbox_element_ptr ptr) {
  if (!ptr || !ptr->mid.is_response())
    return;
  auto h = take(ptr->mid.request_id().integer_value());
  if (!h)
    return; // answered already (timed out)
  auto& content = ptr->content();
  if (content.match_elements<api_result>())
    (*h)(content.get_as<api_result>(0));
  else if (content.match_elements<caf::error>())
    (*h)(result_from_error(content.get_as<caf::error>(0)));
  else
    (*h)(result_from_error(caf::make_error(caf::sec::unexpected_response)));
}

void reply_port::expire_loop() {
  std::unique_lock<std::mutex> lock{stop_mtx_};
  while (!stopping_) {
    stop_cv_.wait_for(lock, expiry_interval);
    auto now = std::chrono::steady_clock::now();
    std::vector<handler> expired;
    for (auto& s : shards_) {
      std::lock_guard<std::mutex> guard{s.mtx};
      // Ids grow with time: the oldest calls come first.
      for (auto i = s.calls.begin();
           i != s.calls.end() && i->second.deadline <= now;) {
        expired.push_back(std::move(i->second.h));
        i = s.calls.erase(i);
      }
    }
    lock.unlock();
    for (auto& h : expired)
      h(result_from_error(caf::make_error(caf::sec::request_timeout)));
    lock.lock();
  }
}

} // namespace purse::http
