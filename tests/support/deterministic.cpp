// SPDX-License-Identifier: GPL-2.0-or-later
#include "support/deterministic.hpp"

#include "support/processes.hpp"

namespace purse::test {

caf::actor_system_config& deterministic_config(caf::actor_system_config& cfg) {
  cfg.set("scheduler.policy", caf::atom("testing"));
  cfg.set("logger.inline-output", true);
  cfg.set("logger.file-verbosity", caf::atom("quiet"));
  return cfg;
}

deterministic_fixture::deterministic_fixture()
  : sys(deterministic_config(cfg)),
    sched(dynamic_cast<caf::scheduler::test_coordinator&>(sys.scheduler())),
    self(sys, true) {
  store = std::make_shared<persistence::store>(
    persistence::store_options{database_url(), 1});
  worker = sys.spawn(db_worker, store);
  pool = std::make_shared<db_pool>(std::vector<db_worker_actor>{worker});
  sched.run();
}

api_result deterministic_fixture::reply() {
  api_result out;
  self->receive(
    [&](api_result& r) {
      out = std::move(r);
    },
    caf::after(std::chrono::seconds(0)) >>
      [] {
        BOOST_FAIL("no reply in the mailbox");
      });
  return out;
}

deterministic_fixture::~deterministic_fixture() {
  // Pending request timeouts keep actors alive until they fire.
  while (sched.trigger_timeouts())
    sched.run();
  sched.run();
}

} // namespace purse::test
