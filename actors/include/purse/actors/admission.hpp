#pragma once

#include <caf/meta/type_name.hpp>

#include "purse/actors/api_call.hpp"
#include "purse/actors/api_result.hpp"

namespace purse {

/// A user actor's verdict on a call: admitted (the call completed with the
/// caller, role, scope, plan and rate state) or refused (the answer).
struct admission {
  bool admitted = false;
  api_call call;
  api_result refusal;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, admission& x) {
  return f(caf::meta::type_name("purse::admission"), x.admitted, x.call,
           x.refusal);
}

} // namespace purse
