// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Cursors of the changes feed: the (xid, id) of the last change a client
// read. Opaque to clients. Private to actors/.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace purse::resources {

/// Where a read of the changes feed goes on from: after the change with
/// this database transaction id and entry id ((0, 0): the beginning).
struct change_cursor {
  std::int64_t xid = 0;
  std::int64_t id = 0;
};

/// The cursor's text ("c1~XID~ID").
std::string encode_change_cursor(const change_cursor& c);

/// The cursor in `text`, or nothing if it is not one this service made.
std::optional<change_cursor> decode_change_cursor(std::string_view text);

} // namespace purse::resources
