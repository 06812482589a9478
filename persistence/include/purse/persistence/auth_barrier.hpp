// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The acknowledgement barrier for changes of authentication state. Servers
// cache API-key state and drop it when a notification on purse_auth names
// the key's user; that notification reaches them asynchronously after the
// change commits. A writer that calls await_auth_listeners() after its
// commit returns only once every server's listener has handled it (or the
// timeout passed), so the next request anyone sends sees the change.
// Compiled as C++14 (the persistence island) and as C++17.

#include <chrono>
#include <cstddef>
#include <string>

namespace purse {
namespace persistence {

/// Channel of authentication changes: the payload is a user id (sent by
/// the triggers in people_sql.cpp), or an acknowledgement request.
constexpr const char* auth_channel = "purse_auth";

/// Channel on which listeners answer acknowledgement requests; the payload
/// is the request's token.
constexpr const char* auth_ack_channel = "purse_auth_ack";

/// An acknowledgement request on auth_channel is this prefix followed by
/// the token (32 lower-case hex digits). The colon never occurs in a user
/// id (time-ordered UUIDs); even so, listeners handle every payload as a
/// user id first, so no payload can lose its effect by being taken for a
/// request.
constexpr const char* auth_ack_prefix = "ack:";

/// The application_name of every server's LISTEN session on auth_channel,
/// set once its LISTEN is in effect: the barrier counts these sessions.
constexpr const char* auth_listener_name = "purse-server-auth";

/// The application_name of the barrier's own session.
constexpr const char* auth_barrier_name = "purse-auth-barrier";

/// The token of an acknowledgement request, or "" when `payload` is not
/// exactly auth_ack_prefix followed by 32 lower-case hex digits.
std::string auth_ack_token(const std::string& payload);

/// What await_auth_listeners() saw.
struct auth_barrier_result {
  /// Every counted listener confirmed in time (true when there were none).
  bool complete = true;
  /// Listener sessions (auth_listener_name) on the database when asked.
  std::size_t expected = 0;
  /// How many of those confirmed.
  std::size_t confirmed = 0;
};

/// Call after a change of authentication state has committed. Opens a
/// session of its own (application_name auth_barrier_name), LISTENs on
/// auth_ack_channel, takes the backend pids of the sessions named
/// auth_listener_name on the same database, sends auth_ack_prefix + a
/// random token on auth_channel and waits until each of those sessions
/// answered the token on auth_ack_channel, or until `timeout` (counted
/// from the call) passed. Notifications reach each listener in commit
/// order, and a listener answers only after it has handled every earlier
/// notification (every cache they name is dropped, or its drop queued ahead
/// of any later request), so a complete result means every server has
/// handled the change. Without listener sessions it returns complete at
/// once without sending anything. A listener that starts after the count
/// needs no answer: it trusts no cache older than its LISTEN. Throws
/// transient_error if the database cannot be reached; the change stays
/// committed either way.
auth_barrier_result await_auth_listeners(const std::string& conninfo,
                                         std::chrono::milliseconds timeout);

} // namespace persistence
} // namespace purse
