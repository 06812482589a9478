#include "purse/actors/front_door.hpp"

#include <caf/mailbox_element.hpp>

#include "purse/actors/request_path.hpp"

namespace purse {

front_door::front_door(std::shared_ptr<request_path> path)
  : path_(std::move(path)) {
  // nop
}

std::optional<api_result>
front_door::submit(const std::string& lookup_id, std::string secret_hash,
                   api_call call, caf::strong_actor_ptr reply_to,
                   caf::message_id mid) {
  auto& path = *path_;
  if (auto wait = path.failures.blocked(call.client_address,
                                        path.clock.now())) {
    auto r = make_result(errc::too_many_requests, "null",
                         "Too many failed authentications from this address; "
                         "retry in "
                           + std::to_string(*wait) + " s");
    r.retry_after = *wait;
    return r;
  }
  path.keys.with(lookup_id, [&](request_path::key_directory::entry& e) {
    auto dest = caf::actor_cast<caf::abstract_actor*>(e.actor);
    dest->enqueue(caf::make_mailbox_element(std::move(reply_to), mid, {},
                                            call_atom_v, std::move(secret_hash),
                                            std::move(call)),
                  nullptr);
  });
  return std::nullopt;
}

bool front_door::ready() const {
  return path_->freshness.listening();
}

} // namespace purse
