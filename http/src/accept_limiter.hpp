// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The cap on open connections (--max-connections) as RESTinio's acceptor
// applies it, without RESTinio 0.6's leak.
//
// RESTinio's own limiter counts an accept in progress from the moment it
// is started until a connection object is made from it. The acceptor asks
// the accepted socket for its peer's address before it makes that object;
// for a peer that reset the connection in between (a connect followed at
// once by an RST) that call throws, the exception is swallowed, and the
// accept stays counted for good: a few thousand such resets and the
// listener accepts nothing more. This limiter counts accepts per socket
// slot instead: the acceptor asks for the next accept on a slot only once
// the previous accept on it has ended, whatever became of it, so an accept
// is never counted past the next request for its slot.
//
// The interface is what restinio::impl::acceptor_t calls; server.cpp
// installs it through restinio::connection_count_limit_types.

#include <cstddef>
#include <mutex>
#include <vector>

#include <restinio/all.hpp>

namespace purse::http {

class accept_limiter {
public:
  using acceptor
    = restinio::connection_count_limits::impl::acceptor_callback_iface_t;

  accept_limiter(
    restinio::not_null_pointer_t<acceptor> owner,
    restinio::connection_count_limits::max_parallel_connections_t max,
    restinio::connection_count_limits::max_active_accepts_t slots)
    : acceptor_(owner), max_(max.value()), accepting_(slots.value(), false) {
    waiting_.reserve(slots.value());
  }

  accept_limiter(const accept_limiter&) = delete;
  accept_limiter& operator=(const accept_limiter&) = delete;

  /// A connection object was made (its lifetime monitor exists).
  void increment_parallel_connections() noexcept {
    std::lock_guard<std::mutex> lock{mutex_};
    ++connections_;
  }

  /// A connection object is gone: a waiting slot may accept again.
  void decrement_parallel_connections() noexcept {
    std::size_t slot = 0;
    {
      std::lock_guard<std::mutex> lock{mutex_};
      --connections_;
      if (!has_room() || waiting_.empty())
        return;
      slot = waiting_.back();
      waiting_.pop_back();
    }
    acceptor_->schedule_next_accept_attempt(slot);
  }

  /// The acceptor wants to accept on `slot`: its previous accept, if any,
  /// has ended (as a connection, counted above, or as nothing).
  void accept_next(std::size_t slot) noexcept {
    {
      std::lock_guard<std::mutex> lock{mutex_};
      if (slot >= accepting_.size())
        accepting_.resize(slot + 1, false);
      if (accepting_[slot]) {
        accepting_[slot] = false;
        --accepting_count_;
      }
      if (!has_room()) {
        waiting_.push_back(slot);
        return;
      }
      accepting_[slot] = true;
      ++accepting_count_;
    }
    acceptor_->call_accept_now(slot);
  }

  /// Connections open now (for tests).
  std::size_t connections() const {
    std::lock_guard<std::mutex> lock{mutex_};
    return connections_;
  }

private:
  bool has_room() const {
    return accepting_count_ + connections_ < max_;
  }

  restinio::not_null_pointer_t<acceptor> acceptor_;
  const std::size_t max_;
  mutable std::mutex mutex_;
  std::vector<bool> accepting_;
  std::size_t accepting_count_ = 0;
  std::size_t connections_ = 0;
  std::vector<std::size_t> waiting_;
};

} // namespace purse::http
