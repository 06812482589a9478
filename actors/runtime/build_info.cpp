// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/build_info.hpp"

#include "purse_git_commit.hpp"

namespace purse {

const build_info& this_build() {
  static const build_info info{PURSE_VERSION, PURSE_GIT_COMMIT,
                               PURSE_SCHEMA_VERSION};
  return info;
}

std::string version_line(const std::string& program) {
  auto& b = this_build();
  return program + " " + b.version + " (commit " + b.commit + ", schema "
         + std::to_string(b.schema_version) + ")";
}

} // namespace purse
