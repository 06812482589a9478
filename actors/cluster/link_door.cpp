// SPDX-License-Identifier: GPL-2.0-or-later
#include "link_door.hpp"

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include <asio/steady_timer.hpp>

#include <caf/actor_cast.hpp>
#include <caf/binary_deserializer.hpp>

#include "purse/actors/atoms.hpp"
#include "purse/actors/mail.hpp"

namespace purse {

namespace {

/// Pause before the door dials a member's wire again.
constexpr auto redial_pause = std::chrono::seconds(1);

} // namespace

api_result member_went_away() {
  return placement_unavailable(
    "The cluster node that served this request went away before it "
    "answered; retry (a write may have been applied: retry it with its "
    "Idempotency-Key)");
}

struct link_door::calls : std::enable_shared_from_this<calls> {
  struct in_flight {
    caf::strong_actor_ptr reply_to;
    caf::message_id mid;
    clock::time_point sent;
    /// The wire it went over (its generation; 0: the middleman).
    std::uint64_t wire = 0;
  };

  explicit calls(clock::duration forget) : forget_after(forget) {
    // nop
  }

  clock::duration forget_after;
  mutable std::mutex mtx;
  owner_actor remote;
  std::uint64_t next_id = 1;
  /// By this door's request id, which grows with time.
  std::map<std::uint64_t, in_flight> waiting;
  /// The member's wire: where to dial it, the wire while it is up, and
  /// the generation of the latest open_wire() (an older dial or wire is
  /// stale).
  std::shared_ptr<wire_context> wire_ctx;
  std::string wire_host;
  std::uint16_t wire_port = 0;
  std::uint64_t wire_generation = 0;
  std::shared_ptr<wire_stream> wire;

  /// Registers a call for `remote` (false: the door is shut); its id, and
  /// the wire to send it over, if one is up.
  bool take(const caf::strong_actor_ptr& reply_to, caf::message_id mid,
            owner_actor& to, std::shared_ptr<wire_stream>& over,
            std::uint64_t& id) {
    auto now = clock::now();
    std::lock_guard<std::mutex> guard{mtx};
    if (!remote)
      return false;
    // Calls that never got an answer: their askers were answered on their
    // own deadline long ago.
    while (!waiting.empty()
           && waiting.begin()->second.sent + forget_after < now)
      waiting.erase(waiting.begin());
    id = next_id++ & caf::message_id::request_id_mask;
    std::uint64_t by = 0;
    if (wire && wire->up()) {
      over = wire;
      by = wire_generation;
    }
    waiting.emplace(id, in_flight{reply_to, mid, now, by});
    to = remote;
    return true;
  }

  /// The call `id` goes over the middleman after all (its wire ended).
  void unwire(std::uint64_t id) {
    std::lock_guard<std::mutex> guard{mtx};
    if (auto i = waiting.find(id); i != waiting.end())
      i->second.wire = 0;
  }

  /// The asker of call `id`, which is answered now (null: answered
  /// already, the member or its wire went away first).
  std::optional<in_flight> answered(std::uint64_t id) {
    std::lock_guard<std::mutex> guard{mtx};
    auto i = waiting.find(id);
    if (i == waiting.end())
      return std::nullopt;
    auto call = std::move(i->second);
    waiting.erase(i);
    return call;
  }

  /// An answer from the member's ingress (on the thread that delivers it).
  void relay(caf::mailbox_element_ptr ptr) {
    if (!ptr || !ptr->mid.is_response())
      return;
    auto call = answered(ptr->mid.request_id().integer_value());
    if (!call)
      return;
    // The member's ingress always answers with an api_result; an error
    // comes from the connection to it (the call could not be delivered, or
    // it went while the call was out).
    if (ptr->content().match_elements<api_result>())
      answer_request(call->reply_to, call->mid, ptr->move_content_to_message());
    else
      answer_request(call->reply_to, call->mid, member_went_away());
  }

  /// An answer read from the member's wire (on the wire's strand).
  void relay_wired(std::uint64_t id, const char* data, std::size_t size) {
    api_result r;
    caf::binary_deserializer source{nullptr, data, size};
    bool read = !source(r) && source.remaining() == 0;
    auto call = answered(id);
    if (call)
      answer_request(call->reply_to, call->mid,
                     read ? std::move(r) : member_went_away());
  }

  /// The wire of `generation` ended: its calls get no answer; while the
  /// door is open, the wire is dialled again after a pause.
  void wire_ended(std::uint64_t generation) {
    std::vector<in_flight> lost;
    bool redial = false;
    {
      std::lock_guard<std::mutex> guard{mtx};
      if (generation == wire_generation) {
        wire = nullptr;
        redial = static_cast<bool>(remote);
      }
      for (auto i = waiting.begin(); i != waiting.end();) {
        if (i->second.wire == generation) {
          lost.push_back(std::move(i->second));
          i = waiting.erase(i);
        } else {
          ++i;
        }
      }
    }
    auto why = member_went_away();
    for (auto& call : lost)
      answer_request(call.reply_to, call.mid, why);
    if (redial)
      dial_later(generation);
  }

  /// Dials the member's wire of `generation` (unless a newer one is asked
  /// for, or the door is shut).
  void dial(std::uint64_t generation) {
    std::shared_ptr<wire_context> ctx;
    std::string host;
    std::uint16_t port = 0;
    {
      std::lock_guard<std::mutex> guard{mtx};
      if (generation != wire_generation || !remote)
        return;
      ctx = wire_ctx;
      host = wire_host;
      port = wire_port;
    }
    std::weak_ptr<calls> weak = shared_from_this();
    dial_wire(ctx, host, port,
              [weak, generation](std::shared_ptr<wire_stream> w) {
                auto self = weak.lock();
                if (!self) {
                  if (w)
                    w->close();
                  return;
                }
                if (!w) {
                  self->dial_later(generation);
                  return;
                }
                self->wired(std::move(w), generation);
              });
  }

  /// The wire of `generation` is up: calls go over it from now on.
  void wired(std::shared_ptr<wire_stream> w, std::uint64_t generation) {
    bool current = false;
    {
      std::lock_guard<std::mutex> guard{mtx};
      if (generation == wire_generation && remote) {
        wire = w;
        current = true;
      }
    }
    if (!current) {
      w->close();
      return;
    }
    std::weak_ptr<calls> weak = shared_from_this();
    w->start(
      [weak](std::uint64_t id, const char* data, std::size_t size) {
        if (auto self = weak.lock())
          self->relay_wired(id, data, size);
      },
      [weak, generation] {
        if (auto self = weak.lock())
          self->wire_ended(generation);
      });
  }

  void dial_later(std::uint64_t generation) {
    std::shared_ptr<wire_context> ctx;
    {
      std::lock_guard<std::mutex> guard{mtx};
      ctx = wire_ctx;
    }
    if (!ctx)
      return;
    auto timer = std::make_shared<asio::steady_timer>(*ctx->io, redial_pause);
    timer->async_wait([timer, weak = std::weak_ptr<calls>{shared_from_this()},
                       generation](const asio::error_code& ec) {
      if (ec)
        return;
      if (auto self = weak.lock())
        self->dial(generation);
    });
  }

  /// Ends the wire, if any, and every dial of it.
  void drop_wire() {
    std::shared_ptr<wire_stream> old;
    {
      std::lock_guard<std::mutex> guard{mtx};
      ++wire_generation;
      old.swap(wire);
    }
    if (old)
      old->close();
  }
};

link_door::link_door(caf::actor_system& sys, clock::duration forget_after)
  : calls_(std::make_shared<calls>(forget_after)),
    // The handler holds the calls weakly, never the door: the door's end
    // takes the companion's lock, which its handler runs under.
    companion_(
      sys, [weak = std::weak_ptr<calls>{calls_}](caf::mailbox_element_ptr ptr) {
        if (auto in_flight = weak.lock())
          in_flight->relay(std::move(ptr));
      }) {
  // nop
}

link_door::~link_door() {
  calls_->drop_wire();
}

owner_door::sent link_door::send_call(const caf::strong_actor_ptr& reply_to,
                                      caf::message_id mid,
                                      std::string& lookup_id, std::string& hash,
                                      api_call& call) {
  owner_actor to;
  std::shared_ptr<wire_stream> over;
  std::uint64_t id = 0;
  if (!calls_->take(reply_to, mid, to, over, id))
    return sent::no;
  if (over) {
    std::vector<char> frame;
    if (wire::frame(frame, id, lookup_id, hash, call)
        && over->write(std::move(frame)))
      return sent::wire;
    calls_->unwire(id); // the wire ended meanwhile
  }
  caf::actor_cast<caf::abstract_actor*>(to)->enqueue(
    caf::make_mailbox_element(companion_.handle(), caf::make_message_id(id), {},
                              call_atom_v, std::move(lookup_id),
                              std::move(hash), std::move(call)),
    nullptr);
  return sent::middleman;
}

owner_door::sent link_door::send_admitted(const caf::strong_actor_ptr& reply_to,
                                          caf::message_id mid, api_call& call) {
  owner_actor to;
  std::shared_ptr<wire_stream> over;
  std::uint64_t id = 0;
  if (!calls_->take(reply_to, mid, to, over, id))
    return sent::no;
  std::vector<char> frame;
  if (over && over->takes_admitted()
      && wire::frame(frame, id | wire::admitted_call, call)
      && over->write(std::move(frame)))
    return sent::wire;
  // The caller hands it on over the middleman: the door forgets it.
  calls_->answered(id);
  return sent::no;
}

void link_door::open(owner_actor remote) {
  std::lock_guard<std::mutex> guard{calls_->mtx};
  calls_->remote = std::move(remote);
}

void link_door::open_wire(std::shared_ptr<wire_context> ctx, std::string host,
                          std::uint16_t port) {
  calls_->drop_wire();
  std::uint64_t generation = 0;
  {
    std::lock_guard<std::mutex> guard{calls_->mtx};
    calls_->wire_ctx = std::move(ctx);
    calls_->wire_host = std::move(host);
    calls_->wire_port = port;
    generation = calls_->wire_generation;
  }
  calls_->dial(generation);
}

void link_door::close() {
  std::lock_guard<std::mutex> guard{calls_->mtx};
  calls_->remote = nullptr;
}

void link_door::fail(const api_result& why) {
  calls_->drop_wire();
  std::map<std::uint64_t, calls::in_flight> failed;
  {
    std::lock_guard<std::mutex> guard{calls_->mtx};
    calls_->remote = nullptr;
    failed.swap(calls_->waiting);
  }
  for (auto& kv : failed)
    answer_request(kv.second.reply_to, kv.second.mid, why);
}

bool link_door::idle() const {
  std::lock_guard<std::mutex> guard{calls_->mtx};
  return calls_->waiting.empty();
}

} // namespace purse
