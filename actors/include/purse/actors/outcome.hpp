// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The result of a domain operation, whichever door it came through (the
// API, `purse-admin`, the settings page): a value, or a failure in the
// domain's one error vocabulary (an errc, the refused input if one is at
// fault, and a protocol-neutral message). Each front end presents a
// failure its own way: a status and envelope, a flag name and an exit code,
// a page.

#include <cstdint>
#include <string>
#include <utility>
#include <variant>

#include "purse/actors/errc.hpp"

namespace purse {

/// Why an operation did not do what was asked.
struct failure {
  /// Never ok or created.
  errc code = errc::internal;
  /// The refused input, named as the operation's parameter ("email",
  /// "days", "password", ...); empty when no one input is at fault.
  std::string field;
  /// Protocol-neutral text, e.g. "must be from 1 to 365" (about `field`)
  /// or "no user with id ...". Never internal details.
  std::string message;
  /// For too_many_requests: seconds until a retry may succeed (0: not
  /// said).
  std::int64_t retry_after = 0;
};

/// A failure about one input.
inline failure refused(errc code, std::string field, std::string message) {
  return failure{code, std::move(field), std::move(message), 0};
}

/// A failure about no input in particular.
inline failure refused(errc code, std::string message) {
  return failure{code, {}, std::move(message), 0};
}

/// A value of type `T`, or a failure. `outcome<>` carries no value.
template <class T = std::monostate>
class outcome {
public:
  // -- constructors -----------------------------------------------------------

  outcome() : state_(T{}) {
    // nop
  }

  outcome(T value) : state_(std::move(value)) {
    // nop
  }

  outcome(failure why) : state_(std::move(why)) {
    // nop
  }

  // -- observers --------------------------------------------------------------

  /// True when the operation succeeded.
  bool ok() const {
    return std::holds_alternative<T>(state_);
  }

  explicit operator bool() const {
    return ok();
  }

  /// The value; only when ok().
  T& value() {
    return std::get<T>(state_);
  }

  const T& value() const {
    return std::get<T>(state_);
  }

  T& operator*() {
    return value();
  }

  const T& operator*() const {
    return value();
  }

  T* operator->() {
    return &value();
  }

  const T* operator->() const {
    return &value();
  }

  /// The failure; only when !ok().
  const failure& error() const {
    return std::get<failure>(state_);
  }

  /// The failure's code, or errc::ok.
  errc code() const {
    return ok() ? errc::ok : error().code;
  }

private:
  std::variant<T, failure> state_;
};

} // namespace purse
