// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// A node's cluster credentials, checked before it joins: its certificate
// must be signed by the cluster CA it is given and match its key, and the
// CA must be the one the cluster pinned in the database (the first node to
// join pins it), so that a node of another CA cannot join even when no
// member is live to refuse its links.

#include <string>

#include "purse/cluster/options.hpp"

namespace purse {

/// The SHA-256 (hex) of the CA certificate in `opts.ca_file`, after
/// checking that `opts.cert_file` is signed by it and matches
/// `opts.key_file`. Throws std::runtime_error saying what is wrong.
std::string cluster_ca_fingerprint(const cluster_options& opts);

} // namespace purse
