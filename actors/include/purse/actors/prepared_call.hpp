#pragma once

#include <optional>

#include "purse/actors/api_result.hpp"
#include "purse/actors/db_task.hpp"

namespace purse {

/// The result of preparing a call: an immediate answer (validation failed)
/// or a database task, flagged as a write when it changes the scope.
struct prepared_call {
  std::optional<api_result> immediate;
  db_task task;
  bool writes = false;
};

} // namespace purse
