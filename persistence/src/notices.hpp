// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Private to the persistence island: how its connections reach the notice
// sink, and how an idle connection is checked before it is used.

#include <libpq-fe.h>

namespace purse {
namespace persistence {
namespace detail {

/// Sends `conn`'s notices to the sink set with set_notice_sink instead of
/// libpq's default (a raw line on stderr).
void route_notices(PGconn* conn);

/// Whether an idle connection is still open. Reads what the server sent
/// meanwhile (a restarted server's FATAL goes to the sink) without waiting:
/// false once the server closed the session. One poll() when nothing came.
bool still_open(PGconn* conn);

} // namespace detail
} // namespace persistence
} // namespace purse
