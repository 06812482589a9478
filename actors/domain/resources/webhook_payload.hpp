// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The body a webhook delivery POSTs. Private to actors/.

#include <string>

#include "purse/persistence/store.hpp"

namespace purse::resources {

/// The JSON of `delivery`'s event for `hook`: {"id", "type", "created_at",
/// "scope": {"kind", "id"}, "data"}, where data is {"record": ...} with the
/// record as its GET writes it now (read in `s`), or {"id": ...} for a
/// deletion or a record that is gone since.
std::string webhook_payload(persistence::session& s,
                            const persistence::webhook_delivery_row& delivery,
                            const persistence::webhook_row& hook);

} // namespace purse::resources
