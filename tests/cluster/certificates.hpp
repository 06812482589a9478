// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Certificates for cluster tests, made by deploy/cluster-certs.sh: the
// cluster's CA with node-1..node-3 in `dir`, and an unrelated CA with the
// same node names in `other`. Removed again when the object goes.

#include <cstdlib>
#include <string>

#include <boost/test/unit_test.hpp>

#include "support/processes.hpp"

namespace purse::test {

struct certificates {
  std::string dir = "/tmp/purse-cluster-certs-" + std::to_string(free_port());
  std::string other = dir + "-other";

  certificates() {
    auto script = std::string{std::getenv("PURSE_SOURCE_DIR")}
                  + "/deploy/cluster-certs.sh";
    for (auto& d : {dir, other}) {
      auto r = run_command(
        {"/bin/bash", script, d, "node-1", "node-2", "node-3", "node-4"});
      BOOST_REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    }
  }

  ~certificates() {
    run_command({"/bin/rm", "-rf", dir, other});
  }

  certificates(const certificates&) = delete;
  certificates& operator=(const certificates&) = delete;
};

} // namespace purse::test
