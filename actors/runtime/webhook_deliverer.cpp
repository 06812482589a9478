// SPDX-License-Identifier: GPL-2.0-or-later
#include "webhook_deliverer.hpp"

#include "db_task.hpp"
#include "purse/actors/log.hpp"
#include "purse/actors/timestamp.hpp"
#include "webhook_payload.hpp"
#include "webhook_rules.hpp"

namespace purse {

namespace {

using persistence::session;
using persistence::store;
using persistence::webhook_delivery_row;
using persistence::webhook_row;
using self_ptr = webhook_deliverer_actor::stateful_pointer<deliverer_state>;

/// How long a claimed delivery stays held: past a send's timeout with a
/// wide margin, so a slow round never sees its delivery claimed again;
/// a node that dies holding one frees it when this runs out.
std::int64_t lease_seconds(const deliverer_settings& settings) {
  return settings.send_timeout.count() + 60;
}

/// Sends `d` for its webhook and writes the result back: delivered, due
/// again later, or failed for good.
void deliver(store& st, const webhooks::webhook_sender& sender,
             const deliverer_settings& settings, webhook_delivery_row d) {
  webhook_row hook;
  bool found = false;
  st.read([&](session& s) {
    found = s.find(d.webhook_id, hook);
    if (found && hook.active && d.body.empty())
      d.body = resources::webhook_payload(s, d, hook);
  });
  if (!found)
    return; // deleted since: its deliveries went with it
  auto now = now_seconds();
  if (d.first_attempt_at == 0)
    d.first_attempt_at = now;
  d.lease_until = 0;
  if (!hook.active) {
    d.status = "failed";
    d.next_attempt_at = 0;
    d.last_error = "the webhook is inactive";
  } else {
    auto result = sender.send(hook.url, d.event_id, d.body, hook.secret, now);
    auto after = now_seconds();
    d.attempts += 1;
    d.last_attempt_at = now;
    d.last_status_code = result.status_code;
    d.last_error = result.error;
    if (result.delivered) {
      d.status = "delivered";
      d.next_attempt_at = 0;
    } else if (auto next = webhooks::next_attempt_after(
                 static_cast<int>(d.attempts), d.first_attempt_at, after,
                 settings.first_retry_s)) {
      d.next_attempt_at = *next;
    } else {
      d.status = "failed";
      d.next_attempt_at = 0;
    }
    if (d.status == "failed")
      log_event(log_level::warn, "webhook_delivery_failed",
                {{"webhook", hook.id},
                 {"event", d.event_id},
                 {"attempts", std::to_string(d.attempts), true},
                 {"error", d.last_error}});
  }
  st.write([&](session& s) {
    s.save_webhook_delivery(d);
  });
}

/// One round on a worker: claim one due delivery, send it. Its
/// outcome's "claimed" says whether there was one (more may wait).
db_task round(std::shared_ptr<const webhooks::webhook_sender> sender,
              deliverer_settings settings) {
  return db_task{[sender, settings](store& st) {
    std::vector<webhook_delivery_row> claimed;
    auto now = now_seconds();
    st.write([&](session& s) {
      claimed = s.claim_webhook_deliveries(now, now + lease_seconds(settings),
                                           1);
    });
    for (auto& d : claimed)
      deliver(st, *sender, settings, std::move(d));
    return db_outcome{make_result(errc::ok),
                      {{"claimed", static_cast<std::int64_t>(claimed.size())}}};
  }};
}

/// Hands every idle worker a round.
void dispatch(self_ptr self) {
  auto& state = self->state;
  auto limit = std::chrono::seconds(lease_seconds(state.settings));
  while (state.in_flight < state.workers->workers().size()) {
    ++state.in_flight;
    self
      ->request(state.workers->next(), limit, run_atom_v,
                round(state.sender, state.settings))
      .then(
        [self](const db_outcome& out) {
          --self->state.in_flight;
          bool more = !out.count_deltas.empty()
                      && out.count_deltas.front().second > 0;
          if (more)
            dispatch(self);
        },
        [self](const caf::error&) {
          --self->state.in_flight; // the worker logged why
        });
  }
}

} // namespace

webhook_deliverer_actor::behavior_type
webhook_deliverer(self_ptr self, std::shared_ptr<db_pool> workers,
                  std::shared_ptr<const webhooks::webhook_sender> sender,
                  deliverer_settings settings) {
  self->state.workers = std::move(workers);
  self->state.sender = std::move(sender);
  self->state.settings = settings;
  self->send(self, deliver_atom_v);
  return {
    [self](deliver_atom) {
      dispatch(self);
      self->delayed_send(self, self->state.settings.poll, deliver_atom_v);
    },
  };
}

} // namespace purse
