// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// What this binary is: its version, the commit it was built from and the
// database schema version it expects. Both binaries print it for --version.

#include <cstdint>
#include <string>

namespace purse {

/// Facts about this build.
struct build_info {
  /// The project version, e.g. "0.1.0".
  std::string version;
  /// The git commit it was built from ("unknown" outside a git checkout;
  /// "-dirty" appended when tracked files had changes).
  std::string commit;
  /// The schema version `purse-admin migrate` brings a database to and the
  /// server requires.
  std::int64_t schema_version = 0;
};

/// This build's facts.
const build_info& this_build();

/// One line for --version, e.g.
/// "purse-server 0.1.0 (commit 0123456789ab, schema 9)".
std::string version_line(const std::string& program);

} // namespace purse
